// A dispute's payout through the settlement queue. Accepting the request claims the order
// (settlementStatus PENDING) and opens its settlements row (pending) in one transaction: a second
// claim is refused, so one order has one settlement in flight and its escrow is paid out once. The
// signature is recorded (submitted) before the transaction is sent; the outcome after (confirmed, or
// failed with the chain's reason). A refusal before anything was signed gives the order back as it was.
import type { DisputeResolution, OrderStatusValue, Payout } from "../../contract/index.ts";
import { isUniqueViolation } from "../db/engine.ts";
import type { Db, OrderRow, SettlementRow } from "../db/schema.ts";
import { ApiError, conflict } from "../http/errors.ts";
import { recordAudit } from "./audit.ts";
import { findById, isoNow } from "./context.ts";
import type { PendingSignature, ServiceContext, SettlementHooks, SettlementPort, SettlementResult } from "./ports.ts";
import { settlementApiError } from "./settlement-errors.ts";
import { MintRiskStop, recheckMintBeforeSettlement } from "./token-risk.ts";
import { ScreeningStop, screenedUnderColumn, screenPayout } from "./screening.ts";
import { assertSendable } from "./payout-rules.ts";
import {
  claimRows,
  decidedPayoutsOf,
  decisionOf,
  IN_FLIGHT,
  markConfirmed,
  markFailed,
  markSubmitted,
  noteBroadcasts,
  noteUnknown,
  openSettlement,
  releaseClaim,
  releaseUnsent,
  splitOf,
  type Decision,
  type PaidShares,
} from "./settlement-rows.ts";

/** What each resolution leaves the order as. */
const RESOLVED_STATUS: Record<DisputeResolution, OrderStatusValue> = {
  REFUND_BUYER: "REFUNDED",
  RELEASE_TO_SELLER: "COMPLETED",
  PARTIAL_REFUND: "COMPLETED",
};

/**
 * Nothing was paid and nothing is in flight: the chain failed the transaction (502), or a resumed
 * settlement whose old transaction can no longer land was refused before re-sending (4xx). An
 * unknown outcome (504) or anything unexpected keeps it submitted.
 */
const settledNothing = (error: unknown) =>
  error instanceof ApiError && (error.statusCode === 502 || (error.statusCode >= 400 && error.statusCode < 500));

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export type Send = (hooks: SettlementHooks) => Promise<SettlementResult>;

/**
 * Claims the DISPUTED order and, in the same transaction, takes its settlement row with `take` (opens
 * a new one, reopens a failed one for a retry, or approves a proposal): both or neither, so of any
 * number of concurrent claims one sends. `order` is the order as read before: a refusal before
 * signing puts it back exactly so.
 */
export async function claimOrder(ctx: ServiceContext, order: OrderRow, take: (trx: Db) => Promise<SettlementRow>): Promise<SettlementRow> {
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const { numUpdatedRows } = await trx
        .updateTable("orders")
        .set({ settlementStatus: "PENDING", updatedAt: isoNow(ctx) })
        .where("id", "=", order.id)
        .where("status", "=", "DISPUTED")
        .where((eb) => eb.or([eb("settlementStatus", "is", null), eb("settlementStatus", "=", "FAILED")]))
        .executeTakeFirst();
      if (numUpdatedRows !== 1n) throw conflict(IN_FLIGHT);
      return take(trx);
    });
  } catch (error) {
    // The one-in-flight index (migrations 006, 013): another settlement or a proposal holds the order.
    if (isUniqueViolation(error)) throw conflict(IN_FLIGHT_OR_PROPOSED);
    throw error;
  }
}

/** A first settlement of the order: a new pending row for the decision (and the payouts its signed text states). */
export const openPayout = (ctx: ServiceContext, order: OrderRow, decision: Decision, payouts?: readonly Payout[]) => (trx: Db) =>
  openSettlement(trx, ctx, "dispute_payout", decision.admin, { orderId: order.id, decision, payouts });

export const IN_FLIGHT_OR_PROPOSED = "A settlement of this order is already in progress, or a proposed payout of it awaits approval";

/**
 * Runs `send` for the claimed order and records what came of it. `stored`: the signature already on
 * record (a resumed settlement), which a re-send must replace.
 */
export async function settleDispute(
  ctx: ServiceContext,
  order: OrderRow,
  row: SettlementRow,
  decision: Decision,
  send: Send,
  stored: string | null = null,
): Promise<{ order: OrderRow; result: SettlementResult }> {
  let signature = stored;
  let result: SettlementResult;
  try {
    // Only before a first send: a resumed settlement's transaction may already have landed.
    if (stored === null) {
      await recheckMintBeforeSettlement(ctx, decision.admin, order);
      await screenBeforeSending(ctx, decision, order, row);
    }
    const onSigned: SettlementHooks["onSigned"] = async (signed, lastValidBlockHeight, budget) => {
      await ctx.db.transaction().execute(async (trx) => {
        await markSubmitted(trx, ctx, row.id, { signature: signed, lastValidBlockHeight: lastValidBlockHeight ?? null, budget }, signature);
        const { numUpdatedRows } = await trx
          .updateTable("orders")
          .set({ settlementSignature: signed, updatedAt: isoNow(ctx) })
          .where("id", "=", order.id)
          .where("settlementStatus", "=", "PENDING")
          .executeTakeFirst();
        if (numUpdatedRows !== 1n) throw conflict(IN_FLIGHT);
      });
      signature = signed;
    };
    result = await send({ onSigned, onBroadcast: (signed, count) => noteBroadcasts(ctx.db, row.id, signed, count) });
  } catch (error) {
    const failure = settlementApiError(error, signature ? "after" : "before");
    if (!signature) await giveBack(ctx, order, row, failure.message, error instanceof MintRiskStop || error instanceof ScreeningStop);
    else if (settledNothing(failure)) await recordFailure(ctx, order.id, row.id, signature, failure.message);
    else await noteUnknown(ctx.db, row.id, signature, failure.message);
    throw failure;
  }
  return { order: await recordSettled(ctx, order, row, decision, result), result };
}

/**
 * The buyer and seller screened just before the payout is signed (a listed one stops it: ScreeningStop),
 * and the lists it passed under kept on the row.
 */
async function screenBeforeSending(ctx: ServiceContext, decision: Decision, order: OrderRow, row: SettlementRow): Promise<void> {
  const under = await screenPayout(ctx, decision.admin, order, "sent");
  if (under)
    await ctx.db
      .updateTable("settlements")
      .set({ screenedUnder: screenedUnderColumn(under) })
      .where("id", "=", row.id)
      .execute();
}

/**
 * Refused before anything was signed, so nothing was sent: the order is as it was before the claim.
 * `stopped` (the token's mint became risky, or a party is on a screening list): the row stays in the queue, failed, saying why, and the
 * order's settlement is FAILED, to be retried once the mint is safe again.
 */
async function giveBack(ctx: ServiceContext, order: OrderRow, row: SettlementRow, reason: string, stopped = false): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const released = stopped
      ? await markFailed(trx, ctx, row.id, reason, { status: "pending" })
      : await releaseUnsent(trx, ctx, row, reason);
    if (!released) return;
    await trx
      .updateTable("orders")
      .set(
        stopped
          ? { settlementStatus: "FAILED", updatedAt: isoNow(ctx) }
          : { settlementStatus: order.settlementStatus, updatedAt: order.updatedAt },
      )
      .where("id", "=", order.id)
      .where("settlementStatus", "=", "PENDING")
      .execute();
  });
}

async function recordFailure(ctx: ServiceContext, orderId: string, rowId: string, signature: string, reason: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("orders")
      .set({ settlementStatus: "FAILED", updatedAt: isoNow(ctx) })
      .where("id", "=", orderId)
      .where("settlementStatus", "=", "PENDING")
      .where("settlementSignature", "=", signature)
      .execute();
    await markFailed(trx, ctx, rowId, reason, { status: "submitted", signature });
  });
}

/** What the chain says it paid each party; a port that does not say paid the decision's split of the order's total. */
function paidShares(order: OrderRow, decision: Decision, result: SettlementResult): PaidShares | null {
  if (result.buyerAmount !== undefined && result.sellerAmount !== undefined)
    return { buyer: BigInt(result.buyerAmount), seller: BigInt(result.sellerAmount) };
  return splitOf(order.totalPrice, decision.resolution, decision.refundPercentage);
}

/** After confirmation: the order's status and resolution, the row, and the audit entry, together. */
async function recordSettled(
  ctx: ServiceContext,
  order: OrderRow,
  row: SettlementRow,
  decision: Decision,
  result: SettlementResult,
): Promise<OrderRow> {
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
    await markConfirmed(trx, ctx, row.id, result.transactionSignature, result.cluster, paidShares(order, decision, result));
    if (numUpdatedRows !== 1n) {
      // The request and the re-check can both see the same confirmation: the first one records it.
      const current = await findById(trx, "orders", order.id);
      if (current.settlementStatus === "CONFIRMED" && current.settlementSignature === result.transactionSignature) return current;
      // Only this flow moves a claimed order on; anything else means the row was edited under it.
      throw new Error(`Order ${order.id} left PENDING while its settlement ${result.transactionSignature} confirmed`);
    }
    const after = await findById(trx, "orders", order.id);
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
        settlementId: row.id,
      },
      transactionSignature: result.transactionSignature,
      cluster: result.cluster,
      signed: decision.signed,
    });
    return after;
  });
}

export interface ResumeOutcome {
  orderId: string;
  /** The transaction's signature; null when none was ever signed. */
  signature: string | null;
  outcome: "confirmed" | "failed" | "unknown";
  message?: string;
}

/** An accepted request signs within seconds; one still unsigned after this was cut off by a stop. */
const UNSIGNED_AFTER_MS = 120_000;
export const NEVER_SIGNED = "The server stopped before this settlement's transaction was signed: nothing was sent. Retry it to send it";

/**
 * Finishes every dispute settlement whose transaction was signed but whose outcome was never
 * recorded: the process stopped during confirmation (at start), or the confirmation timed out (504;
 * the periodic re-check, settlement-recheck.ts). By signature status: confirmed → recorded as usual;
 * failed → failed, the order still DISPUTED; unknown → sent again only once the first transaction can
 * no longer land (the port's resumeDispute), else left submitted for the next run. `minAgeMs` leaves
 * alone the ones signed more recently: their own request may still be confirming them. Rows still
 * unsigned long after their request (a stop before signing) end failed: nothing was sent.
 */
export async function resumeDisputeSettlements(ctx: ServiceContext, options: { minAgeMs?: number } = {}): Promise<ResumeOutcome[]> {
  const port = ctx.settlement;
  if (!port?.resumeDispute) return [];
  const resume = port.resumeDispute.bind(port);
  const minAgeMs = options.minAgeMs ?? 0;
  const outcomes: ResumeOutcome[] = [];
  // Both cutoffs taken now, before anything is awaited: rows signed after this run began are not its own.
  const now = ctx.now();
  const before = (ms: number) => new Date(now - ms).toISOString();
  // Rows another instance's re-check holds are skipped; this run's are released as each is done.
  const owner = ctx.newId();
  const unsigned = await claimRows(ctx, owner, (rows) =>
    rows
      .where("kind", "=", "dispute_payout")
      .where("status", "=", "pending")
      .where("updatedAt", "<=", before(minAgeMs === 0 ? 0 : Math.max(minAgeMs, UNSIGNED_AFTER_MS))),
  );
  for (const row of unsigned) {
    try {
      if (await failUnsigned(ctx, row))
        outcomes.push({ orderId: row.orderId ?? "", signature: null, outcome: "failed", message: NEVER_SIGNED });
    } finally {
      await releaseClaim(ctx.db, row.id, owner);
    }
  }
  const submitted = await claimRows(ctx, owner, (rows) =>
    rows
      .where("kind", "=", "dispute_payout")
      .where("status", "=", "submitted")
      .where("submittedAt", "<=", before(minAgeMs))
      .orderBy("submittedAt"),
  );
  submitted.sort((a, b) => (a.submittedAt ?? "").localeCompare(b.submittedAt ?? ""));
  for (const row of submitted) {
    try {
      const outcome = await resumeOne(ctx, row, resume);
      if (outcome) outcomes.push(outcome);
    } finally {
      await releaseClaim(ctx.db, row.id, owner);
    }
  }
  return outcomes;
}

/** Resumes one claimed, submitted dispute settlement (see resumeDisputeSettlements); null: not this flow's to finish. */
async function resumeOne(
  ctx: ServiceContext,
  row: SettlementRow,
  resume: NonNullable<SettlementPort["resumeDispute"]>,
): Promise<ResumeOutcome | null> {
  const signature = row.signature ?? "";
  const orderId = row.orderId ?? "";
  const order = await ctx.db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
  if (!order || order.settlementStatus !== "PENDING") {
    // Only this flow moves a claimed order on: someone edited it, and the row says so.
    await ctx.db
      .transaction()
      .execute((trx) => markFailed(trx, ctx, row.id, "The order was changed outside its settlement", { status: "submitted", signature }));
    return null;
  }
  const decision = decisionOf(row);
  const pending: PendingSignature = { signature, lastValidBlockHeight: row.lastValidBlockHeight };
  const split = {
    resolution: decision.resolution,
    refundPercentage: decision.refundPercentage ?? undefined,
    payouts: decidedPayoutsOf(row),
  };
  // The port signs anew only once the stored transaction can no longer land: that is a new payout, which
  // today's rules must cover (nobody decides it here), or it is not sent and the row ends failed.
  const guarded = (hooks: SettlementHooks): SettlementHooks => ({
    ...hooks,
    onSigned: async (...signed) => {
      await assertSendable(ctx, row);
      return hooks.onSigned(...signed);
    },
  });
  try {
    const { result } = await settleDispute(ctx, order, row, decision, (hooks) => resume(order, split, pending, guarded(hooks)), signature);
    return { orderId, signature: result.transactionSignature, outcome: "confirmed" };
  } catch (error) {
    return { orderId, signature, outcome: settledNothing(error) ? "failed" : "unknown", message: message(error) };
  }
}

/** A row whose request stopped before signing: failed, and its order free to be resolved again. */
async function failUnsigned(ctx: ServiceContext, row: SettlementRow): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await markFailed(trx, ctx, row.id, NEVER_SIGNED, { status: "pending" }))) return false;
    if (row.orderId) {
      await trx
        .updateTable("orders")
        .set({ settlementStatus: "FAILED", updatedAt: isoNow(ctx) })
        .where("id", "=", row.orderId)
        .where("settlementStatus", "=", "PENDING")
        .execute();
    }
    return true;
  });
}
