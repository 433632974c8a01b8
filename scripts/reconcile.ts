// `npm run reconcile`: compares every order that has an escrow with the escrow on chain, for the
// database and cluster the server is configured with (same environment: DATABASE_URL or DATABASE_PATH,
// SETTLEMENT_CLUSTER, SOLANA_RPC_URL, AUTHORITY_KEYPAIR). Prints the mismatches as a table and
// exits 1 on any, 0 when the database and the chain agree (2 when it could not check at all).
//
// It only reads, and may run beside the server: the database is opened read-only, and the
// in-process chain is loaded from <data>/chain without writing there. It then sees the chain as of
// the server's last recorded change (every change is recorded before its call returns).
import { pathToFileURL } from "node:url";
import type { Reconciliation } from "../contract/index.ts";
import { parseConfig } from "../server/config.ts";
import { createReadOnlyContext } from "../server/context.ts";
import { reconcile } from "../server/services/reconciliation.ts";
import { settlementOptionsFromEnv } from "../server/settlement/index.ts";

/** The reconciliation of the configured data, opened read-only. */
export async function reconcileConfigured(env: Record<string, string | undefined> = process.env): Promise<Reconciliation> {
  const config = parseConfig(env);
  const ctx = await createReadOnlyContext(config, settlementOptionsFromEnv(env, config.dataDir));
  try {
    return await reconcile(ctx);
  } finally {
    await ctx.close();
  }
}

const COLUMNS = ["orderId", "kind", "escrow", "expected", "actual", "detail"] as const;

/** The report as a plain-text table (one line per mismatch), with a summary line first. */
export function formatReport(report: Reconciliation): string {
  const summary = `Checked ${report.ordersChecked} orders with an escrow on ${report.cluster} at ${report.checkedAt}: ${report.mismatches.length} mismatches`;
  if (report.mismatches.length === 0) return summary;
  const rows = report.mismatches.map((m) => COLUMNS.map((c) => m[c] ?? "-"));
  const widths = COLUMNS.map((c, i) => Math.max(c.length, ...rows.map((r) => r[i].length)));
  const line = (cells: readonly string[]) => cells.map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i]))).join("  ");
  return [summary, "", line(COLUMNS), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

/** Prints the report; the exit code: 0 clean, 1 any mismatch, 2 could not check. */
export async function main(env: Record<string, string | undefined> = process.env): Promise<number> {
  try {
    const report = await reconcileConfigured(env);
    console.log(formatReport(report));
    return report.mismatches.length === 0 ? 0 : 1;
  } catch (error) {
    console.error(`Reconciliation could not run: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}
