import type { Kysely } from "kysely";

// pendingSettlements.lastValidBlockHeight: the block height up to which the signed transaction can
// still land (its blockhash's lifetime). A pending settlement whose signature is unknown is sent
// again only once the chain is past it: before that, the first transaction may still land. Null for
// rows written before this migration (their lifetime was not recorded).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("pendingSettlements").addColumn("lastValidBlockHeight", "integer").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("pendingSettlements").dropColumn("lastValidBlockHeight").execute();
}
