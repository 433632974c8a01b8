import type { Kysely } from "kysely";

// What an audited change did to each field it changed: JSON, [{ field, before, after }] (services/audit.ts),
// so the Activity screen and a record's history read "Active: Yes → No" without comparing snapshots. Null
// for entries written before, and for those that do not edit a record (a creation, a deletion, a note).
// Not part of any signed decision: a signature covers its stored text, which this column does not touch.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("auditLog").addColumn("changes", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("auditLog").dropColumn("changes").execute();
}
