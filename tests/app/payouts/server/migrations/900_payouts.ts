// A throwaway resource's migration, exactly as a real module writes one in
// server/resources/<name>/migrations/ (see docs/adding-a-resource.md). Numbered 900: after any real
// migration, so a test's database takes it last.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("payouts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("shopName", "text", (c) => c.notNull())
    .addColumn("amount", "bigint", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();
  // The list, newest first, whole or one status's.
  await db.schema.createIndex("payouts_status").on("payouts").columns(["status", "createdAt", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("payouts").execute();
}
