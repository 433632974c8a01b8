import type { Kysely } from "kysely";

// Who took a dispute (beyond the core API): the admin's wallet and when, null while nobody holds it.
// Taking is one conditional UPDATE (… WHERE "assignedTo" IS NULL), so of two admins taking at once one
// wins and the other is told who holds it. Indexed for the Orders list's "Assigned to me" filter.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("orders").addColumn("assignedTo", "text").execute();
  await db.schema.alterTable("orders").addColumn("assignedAt", "text").execute();
  await db.schema.createIndex("orders_assigned_to").on("orders").column("assignedTo").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("orders_assigned_to").execute();
  await db.schema.alterTable("orders").dropColumn("assignedAt").execute();
  await db.schema.alterTable("orders").dropColumn("assignedTo").execute();
}
