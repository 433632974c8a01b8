import { sql, type Kysely } from "kysely";

// The dashboard's daily statistics (services/order-daily-stats.ts) over a million orders:
// - orders_window holds every column the window's GROUP BY reads, so it scans this index alone, in
//   createdAt order, and never the table;
// - orders_disputed and orders_resolved: the few orders with a dispute, by the day it was raised or
//   resolved (partial: the many without one take no room), the latter with its raise time for the median.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("orders_window")
    .on("orders")
    .columns(["createdAt", "status", "currencyMint", "currencySymbol", "currencyDecimals", "totalPrice"])
    .execute();
  await db.schema.createIndex("orders_disputed").on("orders").column("disputeRaisedAt").where(sql.ref("disputeRaisedAt"), "is not", null).execute();
  await db.schema
    .createIndex("orders_resolved")
    .on("orders")
    .columns(["resolvedAt", "disputeRaisedAt"])
    .where(sql.ref("resolvedAt"), "is not", null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ["orders_resolved", "orders_disputed", "orders_window"]) await db.schema.dropIndex(name).ifExists().execute();
}
