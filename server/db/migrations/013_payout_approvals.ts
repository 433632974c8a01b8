import { sql, type Kysely } from "kysely";

// Four eyes on payouts (PAYOUT_APPROVALS=2). A dispute resolution becomes a settlements row in
// `awaiting_approval` holding the proposer's decision, the payouts previewed for it (JSON) and its
// end (expiresAt); a second admin's approval (approvedBy, and their signed decision when given) turns it
// `pending`, and the queue sends it as any other. One proposal per order at a time, and never beside a
// settlement in flight: the in-flight index now covers awaiting_approval too.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ["payouts", "expiresAt", "approvedBy", "approvalMessage", "approvalSignature"]) {
    await db.schema.alterTable("settlements").addColumn(column, "text").execute();
  }
  await sql`DROP INDEX settlements_in_flight`.execute(db);
  await sql`CREATE UNIQUE INDEX settlements_in_flight ON settlements ("orderId")
    WHERE status IN ('awaiting_approval', 'pending', 'submitted') AND "orderId" IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Proposals nobody approved sent nothing: they end with the feature.
  await sql`UPDATE settlements SET status = 'expired' WHERE status = 'awaiting_approval'`.execute(db);
  await sql`DROP INDEX settlements_in_flight`.execute(db);
  await sql`CREATE UNIQUE INDEX settlements_in_flight ON settlements ("orderId") WHERE status IN ('pending', 'submitted') AND "orderId" IS NOT NULL`.execute(
    db,
  );
  for (const column of ["approvalSignature", "approvalMessage", "approvedBy", "expiresAt", "payouts"]) {
    await db.schema.alterTable("settlements").dropColumn(column).execute();
  }
}
