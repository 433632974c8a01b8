// Links to Solana Explorer. Only the public clusters have an explorer page; a localnet or
// in-process chain's address would open a page that says "not found", so no link is better.
import { SOLANA_CLUSTER } from "@/config";

export type ExplorerKind = "address" | "tx";

const EXPLORER_ORIGIN = "https://explorer.solana.com";

// mainnet-beta is the explorer's default, so it takes no query parameter.
const CLUSTER_QUERY: Readonly<Record<string, string>> = {
  "mainnet-beta": "",
  devnet: "?cluster=devnet",
  testnet: "?cluster=testnet",
};

/**
 * The explorer page of an address or a transaction signature, or null when there is none.
 * `cluster` undefined means the console's own cluster; null or an unknown name means no link.
 */
export function explorerUrl(value: string | null | undefined, kind: ExplorerKind, cluster?: string | null): string | null {
  const name = cluster === undefined ? SOLANA_CLUSTER : cluster;
  if (!value || name === null || !Object.hasOwn(CLUSTER_QUERY, name)) return null;
  return `${EXPLORER_ORIGIN}/${kind}/${encodeURIComponent(value)}${CLUSTER_QUERY[name]}`;
}
