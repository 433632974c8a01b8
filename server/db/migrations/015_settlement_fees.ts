import type { Kysely } from "kysely";

// What a settlement's latest transaction bid to land on a cluster with a fee market: its compute
// unit limit, the units its simulation used, its compute unit price (micro-lamports per unit) and the
// priority fee that makes (lamports, over the base fee); null where none was set (the in-process
// chain). `broadcasts`: how many times those signed bytes were sent (re-broadcasts included).
const BUDGET = ["computeUnitLimit", "computeUnitsUsed", "computeUnitPrice", "priorityFeeLamports"];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of BUDGET) await db.schema.alterTable("settlements").addColumn(column, "integer").execute();
  await db.schema
    .alterTable("settlements")
    .addColumn("broadcasts", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ["broadcasts", ...BUDGET.reverse()]) await db.schema.alterTable("settlements").dropColumn(column).execute();
}
