// Orders: the counted, filtered list; detail; stats; and dispute resolution through the settlement port.
import { ORDER_FILTERS, ORDER_STATUSES, type DisputeResolution, type DisputeResolutionInput, type OrderFilter, type OrderSort, type OrderStatusValue } from "../../contract/index.ts";
import { sql } from "kysely";
import type { Db } from "../db/connection.ts";
import { ORDER_STATUS_COUNT, orderFilterCondition, orderListName } from "../db/list-families.ts";
import type { OrderRow } from "../db/schema.ts";
import { ApiError, conflict, unavailable } from "../http/errors.ts";
import { recordAudit } from "./audit.ts";
import { findById, isoNow, json } from "./context.ts";
import { countOf, paged, type Paged } from "./paging.ts";
import type { AdminIdentity, PendingSignature, ServiceContext, SettlementHooks, SettlementResult } from "./ports.ts";
import { settlementApiError } from "./settlement-errors.ts";

const DAY_MS = 86_400_000;

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
  };
}
export type OrderBody = ReturnType<typeof toOrder>;

/** sort=deadline: the DISPUTED orders first, the oldest dispute first (one without a date last among them). */
const BY_DEADLINE = [
  sql`CASE WHEN status = 'DISPUTED' THEN 0 ELSE 1 END`,
  sql`CASE WHEN status = 'DISPUTED' THEN disputeRaisedAt IS NULL END`,
  sql`CASE WHEN status = 'DISPUTED' THEN disputeRaisedAt END`,
];

export function listOrders(ctx: ServiceContext, q: { page: number; limit: number; filter?: OrderFilter; sort?: OrderSort }): Paged<OrderBody> {
  const { filter } = q;
  const { rows, total } = ctx.lists.page({
    table: "orders",
    list: orderListName(filter),
    where: filter && (() => orderFilterCondition(filter)),
    firstBy: q.sort === "deadline" ? BY_DEADLINE : undefined,
    page: q.page,
    limit: q.limit,
  });
  return paged(rows.map(toOrder), total, q.page, q.limit);
}

const findOrder = (db: Db, id: string) => findById(db, "orders", "Order", id);

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
  const totals = ctx.lists.totals([orderListName(), ...ORDER_FILTERS.map(orderListName)]);
  return {
    totalOrders: totals[orderListName()],
    newOrders: totals[orderListName("new")],
    ongoingOrders: totals[orderListName("ongoing")],
    disputedOrders: totals[orderListName("in_dispute")],
    completedOrders: totals[orderListName("completed")],
    recentOrders: recent,
    byStatus,
  };
}

/** What each resolution leaves the order as. */
const RESOLVED_STATUS: Record<DisputeResolution, OrderStatusValue> = { REFUND_BUYER: "REFUNDED", RELEASE_TO_SELLER: "COMPLETED", PARTIAL_REFUND: "COMPLETED" };

/**
 * Nothing was paid and nothing is in flight: the chain failed the transaction (502), or a resumed
 * settlement whose old transaction can no longer land was refused before re-sending (4xx). An
 * unknown outcome (504) or anything unexpected keeps PENDING.
 */
const settledNothing = (error: unknown) =>
  error instanceof ApiError && (error.statusCode === 502 || (error.statusCode >= 400 && error.statusCode < 500));

/** The admin's decision, as kept in pendingSettlements until the chain confirms it. */
interface Decision {
  resolution: DisputeResolution;
  refundPercentage: number | null;
  adminNotes: string;
  admin: AdminIdentity;
}

/**
 * The order's settlement flow. Before sending: the signature (settlementStatus PENDING) and the
 * decision (pendingSettlements) are stored, claiming the order; a second claim finds it PENDING and
 * is refused, so the transaction is never sent twice. After confirmation: status, resolution and
 * the audit entry, in one transaction. After a chain failure: FAILED, still DISPUTED, nothing else.
 */
async function settle(
  ctx: ServiceContext,
  order: OrderRow,
  decision: Decision,
  send: (onSigned: SettlementHooks["onSigned"]) => Promise<SettlementResult>,
  storedSignature: string | null = null,
): Promise<{ order: OrderRow; result: SettlementResult }> {
  let signature = storedSignature;
  let result: SettlementResult;
  try {
    result = await send(async (signed, lastValidBlockHeight) => {
      await recordPending(ctx, order.id, decision, { signature: signed, lastValidBlockHeight: lastValidBlockHeight ?? null }, signature);
      signature = signed;
    });
  } catch (error) {
    const failure = settlementApiError(error, signature ? "after" : "before");
    // Once signed, only the chain layer can fail this way (a 4xx comes before signing, except on resume).
    if (signature && settledNothing(failure)) await recordFailure(ctx, order.id, signature);
    throw failure;
  }
  return { order: await recordSettled(ctx, order, decision, result), result };
}

async function recordPending(ctx: ServiceContext, id: string, decision: Decision, pending: PendingSignature, previous: string | null): Promise<void> {
  const { signature, lastValidBlockHeight } = pending;
  await ctx.db.transaction().execute(async (trx) => {
    const now = isoNow(ctx);
    let claim = trx.updateTable("orders").set({ settlementSignature: signature, settlementStatus: "PENDING", updatedAt: now }).where("id", "=", id);
    claim = previous
      ? // A resumed settlement re-sent with a new signature: still ours only if nothing moved meanwhile.
        claim.where("settlementStatus", "=", "PENDING").where("settlementSignature", "=", previous)
      : claim.where("status", "=", "DISPUTED").where((eb) => eb.or([eb("settlementStatus", "is", null), eb("settlementStatus", "=", "FAILED")]));
    const { numUpdatedRows } = await claim.executeTakeFirst();
    if (numUpdatedRows !== 1n) throw conflict("A settlement of this order is already in progress or done");
    const row = {
      orderId: id,
      signature,
      resolution: decision.resolution,
      refundPercentage: decision.refundPercentage,
      adminNotes: decision.adminNotes,
      adminUserId: decision.admin.userId,
      adminPublicKey: decision.admin.publicKey,
      createdAt: now,
      lastValidBlockHeight,
    };
    await trx
      .insertInto("pendingSettlements")
      .values(row)
      .onConflict((oc) => oc.column("orderId").doUpdateSet({ signature, createdAt: now, lastValidBlockHeight }))
      .execute();
  });
}

async function recordFailure(ctx: ServiceContext, id: string, signature: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("orders")
      .set({ settlementStatus: "FAILED", updatedAt: isoNow(ctx) })
      .where("id", "=", id)
      .where("settlementStatus", "=", "PENDING")
      .where("settlementSignature", "=", signature)
      .execute();
    await trx.deleteFrom("pendingSettlements").where("orderId", "=", id).where("signature", "=", signature).execute();
  });
}

async function recordSettled(ctx: ServiceContext, order: OrderRow, decision: Decision, result: SettlementResult): Promise<OrderRow> {
  return ctx.db.transaction().execute(async (trx) => {
    const now = isoNow(ctx);
    const status = RESOLVED_STATUS[decision.resolution];
    const { numUpdatedRows } = await trx
      .updateTable("orders")
      .set({
        status,
        resolution: decision.resolution,
        refundPercentage: decision.refundPercentage ?? (decision.resolution === "REFUND_BUYER" ? 100 : 0),
        adminNotes: decision.adminNotes,
        resolvedAt: now,
        resolvedBy: decision.admin.publicKey,
        settlementSignature: result.transactionSignature,
        settlementStatus: "CONFIRMED",
        escrowPDA: order.escrowPDA ?? result.escrow ?? null,
        cluster: result.cluster,
        completedAt: status === "COMPLETED" ? now : order.completedAt,
        updatedAt: now,
      })
      .where("id", "=", order.id)
      .where("settlementStatus", "=", "PENDING")
      .executeTakeFirst();
    if (numUpdatedRows !== 1n) {
      // The request and the re-check can both see the same confirmation: the first one records it.
      const current = await findOrder(trx, order.id);
      if (current.settlementStatus === "CONFIRMED" && current.settlementSignature === result.transactionSignature) return current;
      // Only this flow moves a claimed order on; anything else means the row was edited under it.
      throw new Error(`Order ${order.id} left PENDING while its settlement ${result.transactionSignature} confirmed`);
    }
    await trx.deleteFrom("pendingSettlements").where("orderId", "=", order.id).execute();
    const after = await findOrder(trx, order.id);
    await recordAudit(trx, ctx, decision.admin, {
      action: "order.resolve_dispute",
      targetType: "order",
      targetId: order.id,
      reason: decision.adminNotes,
      before: { status: order.status, resolution: order.resolution, refundPercentage: order.refundPercentage },
      after: {
        status: after.status,
        resolution: after.resolution,
        refundPercentage: after.refundPercentage,
        escrow: result.escrow,
        buyerAmount: result.buyerAmount,
        sellerAmount: result.sellerAmount,
      },
      transactionSignature: result.transactionSignature,
      cluster: result.cluster,
    });
    return after;
  });
}

export async function resolveDispute(ctx: ServiceContext, admin: AdminIdentity, id: string, input: DisputeResolutionInput) {
  const order = await findOrder(ctx.db, id);
  if (order.status !== "DISPUTED") throw conflict(`Only a DISPUTED order can be resolved: this order is ${order.status}`);
  if (order.settlementStatus === "PENDING") throw conflict("A settlement of this order is already in progress");
  const settlement = ctx.settlement;
  if (!settlement) throw unavailable(SETTLEMENT_UNAVAILABLE);

  const decision: Decision = { resolution: input.resolution, refundPercentage: input.refundPercentage ?? null, adminNotes: input.adminNotes, admin };
  const { order: updated, result } = await settle(ctx, order, decision, (onSigned) =>
    settlement.resolveDispute(order, { resolution: input.resolution, refundPercentage: input.refundPercentage }, { onSigned }),
  );
  return { transactionSignature: result.transactionSignature, cluster: result.cluster, order: toOrder(updated) };
}

export interface ResumeOutcome {
  orderId: string;
  signature: string;
  outcome: "confirmed" | "failed" | "unknown";
  message?: string;
}

/**
 * Finishes every settlement that was signed but whose outcome was never recorded: the process stopped
 * during confirmation (at start), or the confirmation timed out (504; the periodic re-check,
 * settlement-recheck.ts). Confirmed → recorded as usual; failed → FAILED, DISPUTED; still unknown
 * (or the first transaction may still land) → left PENDING for the next run. `minAgeMs` leaves alone
 * the ones signed more recently: their own request may still be confirming them.
 */
export async function resumePendingSettlements(ctx: ServiceContext, options: { minAgeMs?: number } = {}): Promise<ResumeOutcome[]> {
  const port = ctx.settlement;
  if (!port?.resumeDispute) return [];
  const resume = port.resumeDispute.bind(port);
  const outcomes: ResumeOutcome[] = [];
  const signedBefore = new Date(ctx.now() - (options.minAgeMs ?? 0)).toISOString();
  const pending = await ctx.db.selectFrom("pendingSettlements").selectAll().where("createdAt", "<=", signedBefore).orderBy("createdAt").execute();
  for (const row of pending) {
    const order = await ctx.db.selectFrom("orders").selectAll().where("id", "=", row.orderId).executeTakeFirst();
    if (!order || order.settlementStatus !== "PENDING") {
      await ctx.db.deleteFrom("pendingSettlements").where("orderId", "=", row.orderId).execute();
      continue;
    }
    const decision: Decision = {
      resolution: row.resolution,
      refundPercentage: row.refundPercentage,
      adminNotes: row.adminNotes,
      admin: { userId: row.adminUserId, publicKey: row.adminPublicKey },
    };
    const signature = order.settlementSignature ?? row.signature;
    // The stored lifetime belongs to the stored signature (recordPending writes both at once).
    const stored = { signature, lastValidBlockHeight: signature === row.signature ? row.lastValidBlockHeight : null };
    const split = { resolution: decision.resolution, refundPercentage: decision.refundPercentage ?? undefined };
    try {
      const { result } = await settle(ctx, order, decision, (onSigned) => resume(order, split, stored, { onSigned }), signature);
      outcomes.push({ orderId: order.id, signature: result.transactionSignature, outcome: "confirmed" });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      outcomes.push({ orderId: order.id, signature, outcome: settledNothing(error) ? "failed" : "unknown", message });
    }
  }
  return outcomes;
}
