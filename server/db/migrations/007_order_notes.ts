import { PostgresAdapter, type Kysely } from "kysely";

// orderNotes: the internal notes admins add to an order (its timeline shows them; buyers and
// sellers never see them). Append-only: a note is never edited or deleted, its audit entry records
// who wrote it. Read per order, oldest first: the index on (orderId, id) serves exactly that.

/**
 * The id column, numbered by the database: SQLite's AUTOINCREMENT (ids never reused) or, on
 * PostgreSQL, which has no AUTOINCREMENT keyword, an identity column.
 */
function isPostgres(db: Kysely<unknown>): boolean {
  // Kysely marks getExecutor internal, but it is the one place the dialect's adapter is exposed.
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
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
