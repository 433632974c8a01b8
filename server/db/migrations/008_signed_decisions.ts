import type { Kysely } from "kysely";
import { createIndex, required, textKey } from "../columns.ts";

// Signed dispute decisions. decisionChallenges: the text the server wrote for one admin to sign about
// one order's resolution, with its nonce, until it is used or expires. The signed text and its
// signature then travel with the settlement (settlements) to the audit entry of the resolution
// (auditLog), where `npm run audit:verify` can check them again, offline, at any time.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("decisionChallenges")
    .$call(textKey("nonce"))
    .$call(required("text", "orderId", "adminPublicKey", "decision", "message"))
    .$call(required("bigint", "expiresAt"))
    .execute();
  await createIndex(db, "decision_challenges_expiry", "decisionChallenges", ["expiresAt"]);
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
