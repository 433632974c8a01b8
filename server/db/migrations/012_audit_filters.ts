import type { Kysely } from "kysely";

// The Activity screen filters the audit trail by admin and by action, newest first: an index on
// each, ending in id, reads one admin's (one action's) entries in page order without a sort, and
// lets the admin filter's choices be read one index step per admin (services/audit.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("audit_admin").on("auditLog").columns(["adminPublicKey", "id"]).execute();
  await db.schema.createIndex("audit_action").on("auditLog").columns(["action", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("audit_action").execute();
  await db.schema.dropIndex("audit_admin").execute();
}
