// Where the seeded orders are, as GET /admin/orders pages them (newest first), for the files that
// open the Orders screen.
import { sql } from "kysely";
import type { OrderStatusValue } from "../../../contract/index.ts";
import { db } from "./session.ts";

export const PAGE_SIZE = 20;
export const IN_DISPUTE_URL =
  "/orders?currentPage=1&pageSize=20&filters[0][field]=filter&filters[0][operator]=eq&filters[0][value]=in_dispute";

/** Orders as GET /admin/orders pages them (newest first), optionally one status. */
export async function ordersInOrder(status?: OrderStatusValue) {
  let query = db().selectFrom("orders").selectAll();
  if (status) query = query.where("status", "=", status);
  return query.orderBy(sql`rowid`, "desc").execute();
}

/**
 * The DISPUTED orders as the In Dispute view lists them by default (sort=deadline): the oldest dispute
 * (the nearest deadline) first, one without a date last, then the list's own order (newest first).
 */
export async function disputeQueue() {
  return db()
    .selectFrom("orders")
    .selectAll()
    .where("status", "=", "DISPUTED")
    .orderBy(sql`"disputeRaisedAt" IS NULL`)
    .orderBy("disputeRaisedAt", "asc")
    .orderBy(sql`rowid`, "desc")
    .execute();
}

/** The All Orders URL of the page the server's newest-first order puts `id` on. */
export async function allOrdersPageOf(id: string): Promise<string> {
  const { newer } = await db()
    .selectFrom("orders")
    .select(sql<number>`COUNT(*)`.as("newer"))
    .where(sql<boolean>`rowid > (SELECT rowid FROM orders WHERE id = ${id})`)
    .executeTakeFirstOrThrow();
  return `/orders?currentPage=${Math.floor(newer / PAGE_SIZE) + 1}&pageSize=${PAGE_SIZE}`;
}
