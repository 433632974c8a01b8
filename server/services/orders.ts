// Orders: the counted, filtered list; detail; stats; and dispute resolution through the settlement port.
import { sql } from "kysely";
import type { DisputeResolutionInput, OrderFilter } from "../../src/rules/index.ts";
import type { AdminIdentity } from "../context.ts";
import type { Db } from "../db/connection.ts";
import { ORDER_FILTER_SQL } from "../db/migrations/002_list_counts.ts";
import type { OrderRow } from "../db/schema.ts";
import { ApiError, conflict, notFound, unavailable } from "../http/errors.ts";
import { recordAudit } from "./audit.ts";
import { isoNow, json, type ServiceContext } from "./context.ts";
import { countedLists, paged, type Paged } from "./paging.ts";

const DAY_MS = 86_400_000;
export const ORDER_STATUSES = ["ACTIVE", "DISPUTED", "COMPLETED", "CANCELLED", "REFUNDED"] as const;

export const SETTLEMENT_UNAVAILABLE =
  "Dispute resolution settles the escrow on chain, and this server has no settlement service configured yet: nothing was changed";

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
  };
}
export type OrderBody = ReturnType<typeof toOrder>;

/** The SQL of each filter, written so SQLite picks the matching rowid-ordered index of migration 002. */
const FILTER_WHERE: Record<OrderFilter, string> = {
  new: ORDER_FILTER_SQL.new("orders"),
  ongoing: `(orders.shippedAt IS NOT NULL) = 1 AND ${ORDER_FILTER_SQL.ongoing("orders")}`,
  in_dispute: ORDER_FILTER_SQL.in_dispute("orders"),
  completed: ORDER_FILTER_SQL.completed("orders"),
};

export function listOrders(ctx: ServiceContext, q: { page: number; limit: number; filter?: OrderFilter }): Paged<OrderBody> {
  const { rows, total } = countedLists(ctx.sqlite).page<OrderRow>({
    table: "orders",
    list: q.filter ? `orders?filter=${q.filter}` : "orders",
    where: q.filter ? FILTER_WHERE[q.filter] : "1",
    params: [],
    page: q.page,
    limit: q.limit,
  });
  return paged(rows.map(toOrder), total, q.page, q.limit);
}

async function findOrder(db: Db, id: string): Promise<OrderRow> {
  const row = await db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw notFound("Order");
  return row;
}

export async function getOrder(ctx: ServiceContext, id: string): Promise<OrderBody> {
  return toOrder(await findOrder(ctx.db, id));
}

export async function orderStats(ctx: ServiceContext) {
  const lists = countedLists(ctx.sqlite);
  const since = new Date(ctx.now() - 30 * DAY_MS).toISOString();
  const { recent } = await ctx.db
    .selectFrom("orders")
    .select(sql<number>`COUNT(*)`.as("recent"))
    .where("createdAt", ">=", since)
    .executeTakeFirstOrThrow();
  const statusRows = ctx.sqlite
    .prepare("SELECT substr(name, 15) AS status, value FROM counters WHERE name LIKE 'orders?status=%' AND value > 0")
    .all() as { status: string; value: number }[];
  const byStatus: Record<string, number> = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0]));
  for (const row of statusRows) byStatus[row.status] = row.value;
  return {
    totalOrders: lists.total("orders"),
    newOrders: lists.total("orders?filter=new"),
    ongoingOrders: lists.total("orders?filter=ongoing"),
    disputedOrders: lists.total("orders?filter=in_dispute"),
    completedOrders: lists.total("orders?filter=completed"),
    recentOrders: recent,
    byStatus,
  };
}

/** What each resolution leaves the order as. */
const RESOLVED_STATUS = { REFUND_BUYER: "REFUNDED", RELEASE_TO_SELLER: "COMPLETED", PARTIAL_REFUND: "COMPLETED" } as const;

/** Settlement failures carry the status to answer with (SettlementError.httpStatus). */
function asApiError(error: unknown): unknown {
  if (error instanceof ApiError || !(error instanceof Error)) return error;
  const status = (error as { httpStatus?: unknown }).httpStatus;
  return typeof status === "number" ? new ApiError(status, error.message) : error;
}

export async function resolveDispute(ctx: ServiceContext, admin: AdminIdentity, id: string, input: DisputeResolutionInput) {
  const order = await findOrder(ctx.db, id);
  if (order.status !== "DISPUTED") throw conflict(`Only a DISPUTED order can be resolved: this order is ${order.status}`);
  if (order.settlementStatus === "PENDING") throw conflict("A settlement of this order is already in progress");
  const settlement = ctx.settlement;
  if (!settlement) throw unavailable(SETTLEMENT_UNAVAILABLE);

  const decision = { resolution: input.resolution, refundPercentage: input.refundPercentage };
  let result: { transactionSignature: string; cluster: string };
  try {
    result = await settlement.resolveDispute(order, decision, {
      onSigned: async (signature) => {
        await ctx.db
          .updateTable("orders")
          .set({ settlementSignature: signature, settlementStatus: "PENDING", updatedAt: isoNow(ctx) })
          .where("id", "=", id)
          .execute();
      },
    });
  } catch (error) {
    throw asApiError(error);
  }

  const updated = await ctx.db.transaction().execute(async (trx) => {
    const now = isoNow(ctx);
    const status = RESOLVED_STATUS[input.resolution];
    await trx
      .updateTable("orders")
      .set({
        status,
        resolution: input.resolution,
        refundPercentage: input.refundPercentage ?? (input.resolution === "REFUND_BUYER" ? 100 : 0),
        adminNotes: input.adminNotes,
        resolvedAt: now,
        resolvedBy: admin.publicKey,
        settlementSignature: result.transactionSignature,
        settlementStatus: "CONFIRMED",
        completedAt: status === "COMPLETED" ? now : order.completedAt,
        updatedAt: now,
      })
      .where("id", "=", id)
      .execute();
    const after = await findOrder(trx, id);
    await recordAudit(trx, ctx, admin, {
      action: "order.resolve_dispute",
      targetType: "order",
      targetId: id,
      reason: input.adminNotes,
      before: { status: order.status, resolution: order.resolution, refundPercentage: order.refundPercentage },
      after: { status: after.status, resolution: after.resolution, refundPercentage: after.refundPercentage },
      transactionSignature: result.transactionSignature,
      cluster: result.cluster,
    });
    return after;
  });
  return { transactionSignature: result.transactionSignature, cluster: result.cluster, order: toOrder(updated) };
}
