// What an audit entry's change did, field by field ("Active: Yes → No"), and who made it: the admin by
// display name, the wallet on hover. Shared by the Activity screen and the records' histories.
import { SHORTEN } from "@/config";
import { Address } from "@/components/value/address";
import { changeLines, changedFields } from "@/components/history/audit-labels";
import { head } from "@/utils/format";
import type { AuditEntry } from "@contract";
import "@/styles/kit.css";

export function ChangeList({ entry }: { entry: Pick<AuditEntry, "changes"> }) {
  const lines = changeLines(entry.changes);
  if (!lines.length) return null;
  return (
    <ul className="kit-history__changes" aria-label="Changes">
      {lines.map((line) => (
        <li key={line.field}>
          <span className="kit-history__field">{line.label}:</span> {line.before} → {line.after}
        </li>
      ))}
    </ul>
  );
}

/**
 * An entry written before changes were recorded names its changed fields from its snapshots, as it always
 * did ("(verified, disabled)"); one with changes has its list instead.
 */
export function legacyChangedFields(entry: Pick<AuditEntry, "action" | "before" | "after" | "changes">): string[] {
  if (entry.changes != null || !entry.action.endsWith(".update")) return [];
  return changedFields(entry.before, entry.after);
}

/** The admin by display name, the wallet in the hint (with copy); a wallet without a name reads shortened. */
export function AdminName({ entry }: { entry: Pick<AuditEntry, "adminPublicKey" | "adminName"> }) {
  return entry.adminName ? (
    <Address className="kit-address--name" value={entry.adminPublicKey} display={entry.adminName} />
  ) : (
    <Address value={entry.adminPublicKey} display={head(entry.adminPublicKey, SHORTEN.sidebarKey)} />
  );
}
