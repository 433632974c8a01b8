// Orders: the counted, filtered list; detail; stats; and dispute resolution through the settlement
// port, by way of the settlement queue (dispute-settlement.ts).
import { ORDER_FILTERS, ORDER_STATUSES, type DisputeResolutionInput, type OrderListQuery } from "../../contract/index.ts";
import { sql } from "kysely";
import type { Db } from "../db/connection.ts";
import { engineOf } from "../db/engine.ts";
import { LIST_ORDER, ORDER_STATUS_COUNT, orderFilterCondition, orderListName } from "../db/list-families.ts";
import type { OrderRow } from "../db/schema.ts";
import { conflict, unavailable } from "../http/errors.ts";
import { findById, json } from "./context.ts";
import { claimOrder, openPayout, settleDispute } from "./dispute-settlement.ts";
import { proposalOf, proposePayout } from "./payout-approvals.ts";
import { approvalsRequired, assertMayDecide, assertMayPayAtOnce } from "./payout-rules.ts";
import { contains, countOf, paged, pageOf, startsWith, type Paged } from "./paging.ts";
import type { AdminIdentity, ServiceContext } from "./ports.ts";
import { SETTLEMENT_UNAVAILABLE } from "./settlement-errors.ts";
import { decidedPayouts, type Decision } from "./settlement-rows.ts";
import { acceptDecision } from "./signed-decisions.ts";

const DAY_MS = 86_400_000;

interface Snapshot {
  title?: string;
  description?: string | null;
  price?: number;
  images?: { url?: string; thumbnailUrl?: string | null }[];
}

export function toOrder(row: OrderRow) {
  return {
    id: row.id,
    status: row.status,
    productId: row.productId,
    shopId: row.shopId,
    quantity: row.quantity,
    totalPrice: row.totalPrice,
    currency: { symbol: row.currencySymbol, decimals: row.currencyDecimals, mintAddress: row.currencyMint },
    productSnapshot: json<Snapshot>(row.productSnapshot),
    shopSnapshot: json<{ name?: string; logo?: string | null; category?: string | null }>(row.shopSnapshot),
    buyerWalletAddress: row.buyerWalletAddress,
    buyerContactInfo: row.buyerContactInfo,
    buyerShippingAddress: row.buyerShippingAddress,
    sellerWalletAddress: row.sellerWalletAddress,
    sellerContactInfo: row.sellerContactInfo,
    shippingState: row.shippingState,
    trackingInfo: row.trackingInfo,
    shippingNotes: row.shippingNotes,
    disputeRaisedAt: row.disputeRaisedAt,
    disputeDescription: row.disputeDescription,
    escrowPDA: row.escrowPDA,
    transactionSignature: row.transactionSignature,
    settlementSignature: row.settlementSignature,
    settlementStatus: row.settlementStatus,
    /** Where escrowPDA and the signatures live; null = no chain data (the console then links nowhere). */
    cluster: row.cluster,
    resolution: row.resolution,
    refundPercentage: row.refundPercentage,
    adminNotes: row.adminNotes,
    resolvedAt: row.resolvedAt,
    resolvedBy: row.resolvedBy,
    notes: row.notes,
    createdAt: row.createdAt,
    confirmedAt: row.confirmedAt,
    shippedAt: row.shippedAt,
    completedAt: row.completedAt,
    updatedAt: row.updatedAt,
    assignedTo: row.assignedTo,
    assignedAt: row.assignedAt,
  };
}
export type OrderBody = ReturnType<typeof toOrder>;

/** sort=deadline: the DISPUTED orders first, the oldest dispute first (one without a date last among them). */
const BY_DEADLINE = [
  sql`CASE WHEN status = 'DISPUTED' THEN 0 ELSE 1 END`,
  sql`CASE WHEN status = 'DISPUTED' THEN "disputeRaisedAt" IS NULL END`,
  sql`CASE WHEN status = 'DISPUTED' THEN "disputeRaisedAt" END`,
];

export function listOrders(ctx: ServiceContext, admin: AdminIdentity, q: OrderListQuery): Promise<Paged<OrderBody>> {
  return isNarrowed(q) ? narrowedOrders(ctx, admin, q) : countedOrders(ctx, q);
}

/** A page of one of the counted lists (every order, or one filter's). */
async function countedOrders(ctx: ServiceContext, q: OrderListQuery): Promise<Paged<OrderBody>> {
  const { filter } = q;
  const engine = engineOf(ctx.db);
  const { rows, total } = await ctx.lists.page({
    table: "orders",
    list: orderListName(filter),
    where: filter && (() => orderFilterCondition(filter, engine)),
    firstBy: q.sort === "deadline" ? BY_DEADLINE : undefined,
    page: q.page,
    limit: q.limit,
  });
  return paged(rows.map(toOrder), total, q.page, q.limit);
}

/**
 * Whether the list is narrowed beyond its filter (beyond the core API): searched, one user's, shop's
 * or product's orders, or the disputes the admin took (or nobody took).
 */
const isNarrowed = (q: OrderListQuery) =>
  q.search !== undefined ||
  q.buyerId !== undefined ||
  q.sellerId !== undefined ||
  q.shopId !== undefined ||
  q.productId !== undefined ||
  q.assignee !== undefined;

/**
 * A narrowed page. No trigger-kept count names such a list (an assignee's would be per admin): it is
 * counted directly and paged with OFFSET, in the list's own order, within the filter. A search
 * matches an id's start (the short id shown everywhere) or part of the buyer's or seller's wallet; a
 * buyer or seller is a user id, matched through the user's wallet (what an order stores).
 */
function narrowedOrders(ctx: ServiceContext, admin: AdminIdentity, q: OrderListQuery): Promise<Paged<OrderBody>> {
  const { filter, search, assignee } = q;
  const engine = engineOf(ctx.db);
  const walletOf = (id: string) => ctx.db.selectFrom("users").select("publicKey").where("id", "=", id);
  let query = ctx.db.selectFrom("orders");
  if (filter) query = query.where(orderFilterCondition(filter, engine));
  if (search !== undefined) {
    query = query.where((eb) =>
      eb.or([startsWith("id", search), contains("buyerWalletAddress", search), contains("sellerWalletAddress", search)]),
    );
  }
  if (q.buyerId !== undefined) query = query.where("buyerWalletAddress", "in", walletOf(q.buyerId));
  if (q.sellerId !== undefined) query = query.where("sellerWalletAddress", "in", walletOf(q.sellerId));
  if (q.shopId !== undefined) query = query.where("shopId", "=", q.shopId);
  if (q.productId !== undefined) query = query.where("productId", "=", q.productId);
  if (assignee === "me") query = query.where("assignedTo", "=", admin.publicKey);
  if (assignee === "none") query = query.where("assignedTo", "is", null);
  let rows = query.selectAll();
  for (const key of q.sort === "deadline" ? BY_DEADLINE : []) rows = rows.orderBy(key, "asc");
  return pageOf(query, rows.orderBy(LIST_ORDER, "desc"), q, (list) => list.map(toOrder));
}

const findOrder = (db: Db, id: string) => findById(db, "orders", id);

export async function getOrder(ctx: ServiceContext, id: string): Promise<OrderBody> {
  return toOrder(await findOrder(ctx.db, id));
}

export async function orderStats(ctx: ServiceContext) {
  const since = new Date(ctx.now() - 30 * DAY_MS).toISOString();
  const recent = await countOf(ctx.db.selectFrom("orders").where("createdAt", ">=", since));
  // Every status, and any other value a row holds (counted too, shown as it is).
  const statusCounts = await ctx.db
    .selectFrom("counters")
    .select(["name", "value"])
    .where("name", "like", `${ORDER_STATUS_COUNT}%`)
    .where("value", ">", 0)
    .execute();
  const byStatus: Record<string, number> = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0]));
  for (const row of statusCounts) byStatus[row.name.slice(ORDER_STATUS_COUNT.length)] = row.value;
  const totals = await ctx.lists.totals([orderListName(), ...ORDER_FILTERS.map(orderListName)]);
  return {
    totalOrders: totals[orderListName()],
    newOrders: totals[orderListName("new")],
    ongoingOrders: totals[orderListName("ongoing")],
    disputedOrders: totals[orderListName("in_dispute")],
    completedOrders: totals[orderListName("completed")],
    recentOrders: recent,
    byStatus,
    overdueDisputes: await overdueDisputes(ctx),
  };
}

/** The disputes open longer than the marketplace's dispute resolution limit; null without one (no deadlines). */
async function overdueDisputes(ctx: ServiceContext): Promise<number | null> {
  // The recorded configuration only: the chain's own status (marketplaceStatus) never carries a limit.
  const config = await ctx.db.selectFrom("marketplaceConfig").select("disputeResolutionLimit").where("id", "=", 1).executeTakeFirst();
  const limit = config?.disputeResolutionLimit;
  if (typeof limit !== "number" || limit <= 0) return null;
  const deadlinePassedIfRaisedBefore = new Date(ctx.now() - limit * 1000).toISOString();
  return countOf(ctx.db.selectFrom("orders").where("status", "=", "DISPUTED").where("disputeRaisedAt", "<", deadlinePassedIfRaisedBefore));
}

/**
 * Settles the dispute as decided; under four eyes (PAYOUT_APPROVALS=2) records the decision as a
 * proposal instead, which a second admin approves (payout-approvals.ts) before anything is sent.
 */
export async function resolveDispute(ctx: ServiceContext, admin: AdminIdentity, id: string, input: DisputeResolutionInput) {
  assertMayPayAtOnce(ctx, admin);
  const order = await findOrder(ctx.db, id);
  if (order.status !== "DISPUTED") throw conflict(`Only a DISPUTED order can be resolved: this order is ${order.status}`);
  if (order.settlementStatus === "PENDING") throw conflict("A settlement of this order is already in progress");
  const settlement = ctx.settlement;
  if (!settlement) throw unavailable(SETTLEMENT_UNAVAILABLE);

  if (approvalsRequired(ctx) > 1) assertMayDecide(ctx, admin);
  const signed = await acceptDecision(ctx, admin, id, input);
  const decision: Decision = {
    resolution: input.resolution,
    refundPercentage: input.refundPercentage ?? null,
    adminNotes: input.adminNotes,
    admin,
    signed,
  };
  if (approvalsRequired(ctx) > 1) return { proposal: proposalOf(await proposePayout(ctx, order, decision, signed)) };
  const row = await claimOrder(ctx, order, openPayout(ctx, order, decision, signed?.payouts));
  // A signed decision pays what its text states, or nothing (the escrow may have changed since).
  const split = {
    resolution: input.resolution,
    refundPercentage: input.refundPercentage,
    payouts: signed ? decidedPayouts(signed.payouts) : undefined,
  };
  const { order: updated, result } = await settleDispute(ctx, order, row, decision, (hooks) =>
    settlement.resolveDispute(order, split, hooks),
  );
  return { settled: { transactionSignature: result.transactionSignature, cluster: result.cluster, order: toOrder(updated) } };
}
