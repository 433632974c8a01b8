// "Transaction: <signature>" under a history or timeline entry, linked to the explorer of its cluster.
import { SHORTEN } from "@/config";
import { Address } from "@/components/value/address";
import { head } from "@/utils/format";

export function TransactionLine({ signature, cluster }: { signature: string; cluster: string | null | undefined }) {
  return (
    <div className="kit-history__meta">
      Transaction:{" "}
      <Address
        value={signature}
        display={head(signature, SHORTEN.signature)}
        kind="tx"
        // Without a cluster the entry came from a server that does not say: assume the console's.
        cluster={cluster ?? undefined}
      />
    </div>
  );
}
