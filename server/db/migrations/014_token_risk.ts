import type { Kysely } from "kysely";

// The whitelist checks each token's mint on chain (services/token-risk.ts) when it is added or
// re-activated, when its report is asked for, and before every settlement in it. The last check is
// kept on the token: its verdict, the words why and when (the Tokens screen's Risk column, the
// reason a settlement was stopped). The full report is read from the chain each time it is asked for.
const COLUMNS = ["riskVerdict", "riskSummary", "riskCheckedAt"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of COLUMNS) await db.schema.alterTable("tokens").addColumn(column, "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [...COLUMNS].reverse()) await db.schema.alterTable("tokens").dropColumn(column).execute();
}
