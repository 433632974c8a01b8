import type { Kysely } from "kysely";

// nonces.requester: the SHA-256 of the pre-sign-in cookie of the browser that asked for the
// challenge. Only that browser can use it, and only its own oldest challenges are evicted, so nobody
// else can void an admin's pending sign-in. Null on rows from before (they expire in minutes).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("nonces").addColumn("requester", "text").execute();
  await db.schema.createIndex("nonces_requester").on("nonces").columns(["requester", "createdAt"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("nonces_requester").execute();
  await db.schema.alterTable("nonces").dropColumn("requester").execute();
}
