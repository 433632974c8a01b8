import type { Kysely } from "kysely";

// Signed dispute decisions. decisionChallenges: the text the server wrote for one admin to sign about
// one order's resolution, with its nonce, until it is used or expires. The signed text and its
// signature then travel with the settlement (settlements) to the audit entry of the resolution
// (auditLog), where `npm run audit:verify` can check them again, offline, at any time.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("decisionChallenges")
    .addColumn("nonce", "text", (c) => c.primaryKey())
    .addColumn("orderId", "text", (c) => c.notNull())
    .addColumn("adminPublicKey", "text", (c) => c.notNull())
    .addColumn("decision", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("expiresAt", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("decision_challenges_expiry").on("decisionChallenges").columns(["expiresAt"]).execute();
  for (const table of ["settlements", "auditLog"]) {
    await db.schema.alterTable(table).addColumn("decisionMessage", "text").execute();
    await db.schema.alterTable(table).addColumn("decisionSignature", "text").execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["auditLog", "settlements"]) {
    await db.schema.alterTable(table).dropColumn("decisionSignature").execute();
    await db.schema.alterTable(table).dropColumn("decisionMessage").execute();
  }
  await db.schema.dropTable("decisionChallenges").execute();
}
