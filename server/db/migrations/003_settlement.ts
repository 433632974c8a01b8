import type { Kysely } from "kysely";

// Dispute settlement bookkeeping.
// - pendingSettlements: the admin's decision for a settlement whose transaction is signed but not yet
//   confirmed. The order itself only gets its settlement signature (settlementStatus PENDING) until
//   the chain confirms; this row is what lets a restart finish the job, and is deleted when it ends.
// - orders.cluster: the cluster the order's escrow and signatures live on ("localnet-inprocess" exists
//   on no public network), so the console links to an explorer only where one can show them.

/** pendingSettlements as this migration creates it (006's down() builds it again, plus its later column). */
export const createPendingSettlements = (db: Kysely<unknown>) =>
  db.schema
    .createTable("pendingSettlements")
    .addColumn("orderId", "text", (c) => c.primaryKey().references("orders.id"))
    .addColumn("signature", "text", (c) => c.notNull())
    .addColumn("resolution", "text", (c) => c.notNull())
    .addColumn("refundPercentage", "integer")
    .addColumn("adminNotes", "text", (c) => c.notNull())
    .addColumn("adminUserId", "text", (c) => c.notNull())
    .addColumn("adminPublicKey", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull());

export async function up(db: Kysely<unknown>): Promise<void> {
  await createPendingSettlements(db).execute();
  await db.schema.alterTable("orders").addColumn("cluster", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("cluster").execute();
  await db.schema.dropTable("pendingSettlements").execute();
}
