import type { Kysely } from "kysely";
import { engineOf } from "../engine.ts";

// orderNotes: the internal notes admins add to an order (its timeline shows them; buyers and
// sellers never see them). Append-only: a note is never edited or deleted, its audit entry records
// who wrote it. Read per order, oldest first: the index on (orderId, id) serves exactly that.

export async function up(db: Kysely<unknown>): Promise<void> {
  // The id is numbered by the database: SQLite's AUTOINCREMENT (never reused), PostgreSQL's identity.
  const postgres = engineOf(db) === "postgres";
  await db.schema
    .createTable("orderNotes")
    .addColumn("id", "integer", (c) => (postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn("orderId", "text", (c) => c.notNull().references("orders.id"))
    .addColumn("adminPublicKey", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("order_notes_order").on("orderNotes").columns(["orderId", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("orderNotes").execute();
}
