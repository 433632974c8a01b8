import type { Kysely } from "kysely";

// The whitelist checks each token's mint on chain (services/token-risk.ts) when it is added or
// re-activated, when its report is asked for, and before every settlement in it. The last check is
// kept on the token: its verdict and the words why (the Tokens screen's Risk column, the reason a
// settlement was stopped), and the whole report as JSON.
const COLUMNS = ["riskVerdict", "riskSummary", "riskReport", "riskCheckedAt"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of COLUMNS) await db.schema.alterTable("tokens").addColumn(column, "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [...COLUMNS].reverse()) await db.schema.alterTable("tokens").dropColumn(column).execute();
}
