import type { Kysely } from "kysely";

// A user's orders as buyer and as seller, and a product's orders (the records' links, list filters
// beyond the core API): an index on each wallet and on the product reads one user's or product's
// orders without scanning the table. A shop's orders and products, and a seller's shops, already
// have theirs (001, 002).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("orders_buyer").on("orders").column("buyerWalletAddress").execute();
  await db.schema.createIndex("orders_seller").on("orders").column("sellerWalletAddress").execute();
  await db.schema.createIndex("orders_product").on("orders").column("productId").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("orders_product").execute();
  await db.schema.dropIndex("orders_seller").execute();
  await db.schema.dropIndex("orders_buyer").execute();
}
