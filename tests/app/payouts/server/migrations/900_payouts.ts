// A throwaway resource's migration, exactly as a real module writes one in
// server/resources/<name>/migrations/ (see docs/adding-a-resource.md). Numbered 900: after any real
// migration, so a test's database takes it last.
import type { Kysely } from "kysely";
import { createIndex, required, textKey, timestamps } from "../../../../../server/db/columns.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("payouts")
    .$call(textKey())
    .$call(required("text", "shopName"))
    .$call(required("bigint", "amount"))
    .$call(required("text", "status"))
    .$call(timestamps)
    .execute();
  // The list, newest first, whole or one status's.
  await createIndex(db, "payouts_status", "payouts", ["status", "createdAt", "id"]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("payouts").execute();
}
