import { sql, type Kysely } from "kysely";
import { createIndexWhereSet } from "../columns.ts";

// The dashboard's daily statistics (services/order-daily-stats.ts) over a million orders:
// - orders_by_day is keyed by the UTC day (the first ten characters of the ISO time) and then by
//   every column the window's GROUP BY reads, in that order: the query walks this index alone, and
//   its groups come out in index order, never sorted (a GROUP BY over createdAt itself had to sort
//   the window's rows: 65 ms against 15 ms for 80,000 of them on SQLite). createdAt closes the key so
//   that PostgreSQL, which wants every column a query names in an index, can answer from it too;
// - orders_disputed and orders_resolved: the few orders with a dispute, by when it was raised or
//   resolved (partial: the many without one take no room), the latter with its raise time for the median.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX orders_by_day ON orders
    (substr("createdAt", 1, 10), status, "currencyMint", "currencySymbol", "currencyDecimals", "totalPrice", "createdAt")`.execute(db);
  await createIndexWhereSet(db, "orders_disputed", "orders", ["disputeRaisedAt"], "disputeRaisedAt");
  await createIndexWhereSet(db, "orders_resolved", "orders", ["resolvedAt", "disputeRaisedAt"], "resolvedAt");
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ["orders_resolved", "orders_disputed", "orders_by_day"]) await db.schema.dropIndex(name).ifExists().execute();
}
