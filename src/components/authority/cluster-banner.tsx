// A thin line above every screen when the console's settlements do not run on mainnet-beta, so an
// admin testing on devnet never mistakes it for the real marketplace (and the other way round).
import { SOLANA_CLUSTER } from "@/config";
import { clusterLabel } from "@/utils/format";
import { useAuthorityHealth } from "./use-authority-health";
import "./authority.css";

const WHAT_IT_MEANS: Readonly<Record<string, string>> = {
  "localnet-inprocess": "settlements run on this server's own chain; their signatures exist on no public network.",
  localnet: "settlements run on a local validator, not a public network.",
};

export function ClusterBanner() {
  const { health, query } = useAuthorityHealth();
  // Until the server says where settlements run, a console built for a test network keeps the
  // banner's line, so the screen below does not move down when the answer comes.
  if (!health)
    return query.isPending && SOLANA_CLUSTER !== "mainnet-beta" ? (
      <div className="cluster-banner" aria-hidden="true">
        &nbsp;
      </div>
    ) : null;
  if (health.cluster === "mainnet-beta") return null;
  return (
    <div className="cluster-banner" role="note" aria-label="Cluster">
      <strong>{clusterLabel(health.cluster)}</strong>: {WHAT_IT_MEANS[health.cluster] ?? "settlements move test funds, not real money."}
    </div>
  );
}
