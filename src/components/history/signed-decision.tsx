// A decision the admin's wallet signed (beyond the core API): who signed, and the exact text, which anyone
// can check against the signature (`npm run audit:verify` does, for every entry).
import { SHORTEN } from "@/config";
import { Address } from "@/components/value/address";
import { head } from "@/utils/format";
import type { SignedDecisionRecord } from "@contract";

export function SignedDecisionNote({ decision }: { decision: SignedDecisionRecord }) {
  return (
    <div className="kit-history__signed">
      <span className="kit-history__meta">
        Signed by <Address value={decision.signedBy} display={head(decision.signedBy, SHORTEN.sidebarKey)} />
      </span>
      <details className="kit-history__signed-text">
        <summary>Signed decision</summary>
        <pre>{decision.message}</pre>
        <span className="kit-history__meta">
          Signature: <code>{head(decision.signature, SHORTEN.signature)}...</code>
        </span>
      </details>
    </div>
  );
}
