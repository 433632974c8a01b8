// The settlement queue as the API shows it: the list (newest first, optionally one status's), the
// retry of a failed settlement (the same decision sent again, audited with the admin's reason), and
// the re-check that finishes what a timeout or a stop left open (settlement-recheck.ts runs it).
import type { SettlementQueueStatus, SettlementRetryInput } from "../../contract/index.ts";
import type { Db, SettlementRow } from "../db/schema.ts";
import { conflict, unavailable } from "../http/errors.ts";
import { recordAudit, type AuditInput } from "./audit.ts";
import { findById } from "./context.ts";
import { claimOrder, resumeDisputeSettlements, settleDispute, type ResumeOutcome } from "./dispute-settlement.ts";
import {
  ALREADY_INITIALIZED,
  claimInitialization,
  INITIALIZE_UNAVAILABLE,
  marketplaceStatus,
  resumeInitializations,
  runInitialization,
} from "./marketplace.ts";
import { countOf } from "./paging.ts";
import { expireProposals, proposePayout } from "./payout-approvals.ts";
import { assertMayDecide, whyNotApproved } from "./payout-rules.ts";
import type { AdminIdentity, ServiceContext, SignedProof } from "./ports.ts";
import { SETTLEMENT_UNAVAILABLE } from "./settlement-errors.ts";
import { decidedPayouts, decidedPayoutsOf, decisionOf, reopenSettlement, samePayouts, toSettlement } from "./settlement-rows.ts";
import { acceptDecision } from "./signed-decisions.ts";

export type SettlementBody = ReturnType<typeof toSettlement>;

export async function listSettlements(
  ctx: ServiceContext,
  q: { page: number; limit: number; status?: SettlementQueueStatus },
): Promise<{ items: SettlementBody[]; total: number }> {
  let query = ctx.db.selectFrom("settlements");
  if (q.status) query = query.where("status", "=", q.status);
  const total = await countOf(query);
  const rows = await query
    .selectAll()
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  // The page's orders, for each payout's amounts in its token.
  const orderIds = [...new Set(rows.flatMap((row) => (row.orderId ? [row.orderId] : [])))];
  const orders = orderIds.length
    ? await ctx.db
        .selectFrom("orders")
        .select(["id", "totalPrice", "currencyMint", "currencySymbol", "currencyDecimals"])
        .where("id", "in", orderIds)
        .execute()
    : [];
  const money = new Map(orders.map((order) => [order.id, order]));
  return { items: rows.map((row) => toSettlement(row, money.get(row.orderId ?? "") ?? null)), total };
}

/** A retry's outcome: the row sent again (200), or, under four eyes, the new proposal it became (202). */
export interface RetryOutcome {
  settlement: SettlementBody;
  proposed: boolean;
}

/**
 * Sends a failed settlement again, under the rules in force now, not those of its first decision. For
 * a dispute, the order must still be DISPUTED and free (claimed again, atomically); the retrying admin
 * decides anew, so they sign when signed decisions are required (400 naming signedDecision); under four
 * eyes a payout that two current admins did not approve becomes the retrying admin's proposal instead
 * (nothing sent). The initialization, not done meanwhile. The retry and its reason are audited before
 * sending, so even a retry that fails again is on record.
 */
export async function retrySettlement(
  ctx: ServiceContext,
  admin: AdminIdentity,
  id: string,
  input: SettlementRetryInput,
): Promise<RetryOutcome> {
  const row = await findById(ctx.db, "settlements", id);
  if (row.status !== "failed") throw conflict(`Only a failed settlement can be retried: this one is ${row.status}`);
  if (row.kind === "marketplace_initialization") {
    await retryInitialization(ctx, admin, row, input.reason);
    return { settlement: toSettlement(await findById(ctx.db, "settlements", id)), proposed: false };
  }
  const proposal = await retryDispute(ctx, admin, row, input);
  return { settlement: toSettlement(proposal ?? (await findById(ctx.db, "settlements", id))), proposed: proposal !== null };
}

/** Sends the row's decision again, or returns the proposal it became under four eyes. */
async function retryDispute(
  ctx: ServiceContext,
  admin: AdminIdentity,
  row: SettlementRow,
  input: SettlementRetryInput,
): Promise<SettlementRow | null> {
  const port = ctx.settlement;
  if (!port) throw unavailable(SETTLEMENT_UNAVAILABLE);
  const order = await findById(ctx.db, "orders", row.orderId ?? "");
  if (order.status !== "DISPUTED") throw conflict(`Only a DISPUTED order's settlement can be retried: this order is ${order.status}`);
  assertMayDecide(ctx, admin);
  const decision = decisionOf(row);
  const { resolution, adminNotes } = decision;
  const refundPercentage = decision.refundPercentage ?? undefined;
  const signed = await acceptDecision(ctx, admin, order.id, {
    resolution,
    refundPercentage,
    adminNotes,
    signedDecision: input.signedDecision,
  });
  const target = { targetType: "order", targetId: order.id } as const;

  if (await whyNotApproved(ctx, row)) {
    // Nothing is sent: the proposal stands on its own audit entry, the retry's follows it.
    const proposal = await proposePayout(ctx, order, { ...decision, admin, signed }, signed);
    await ctx.db
      .transaction()
      .execute((trx) =>
        auditRetry(trx, ctx, admin, row, input.reason, target, { settlementId: proposal.id, status: proposal.status }, signed),
      );
    return proposal;
  }
  const decided = decidedPayoutsOf(row);
  if (decided && signed && !samePayouts(decided, decidedPayouts(signed.payouts))) {
    throw conflict(
      "The escrow changed since this payout was decided: the decision you signed pays otherwise. Nothing was sent; resolve the dispute again",
    );
  }
  await claimOrder(ctx, order, async (trx) => {
    await reopenSettlement(trx, ctx, row.id);
    await auditRetry(trx, ctx, admin, row, input.reason, target, { settlementId: row.id, status: "pending" }, signed);
    return row;
  });
  const split = { resolution, refundPercentage, payouts: decided ?? (signed ? decidedPayouts(signed.payouts) : undefined) };
  await settleDispute(ctx, order, row, decision, (hooks) => port.resolveDispute(order, split, hooks));
  return null;
}

async function retryInitialization(ctx: ServiceContext, admin: AdminIdentity, row: SettlementRow, reason: string): Promise<void> {
  if (!ctx.settlement) throw unavailable(INITIALIZE_UNAVAILABLE);
  if ((await marketplaceStatus(ctx)).initialized) throw conflict(ALREADY_INITIALIZED);
  await claimInitialization(ctx, async (trx) => {
    await reopenSettlement(trx, ctx, row.id);
    await auditRetry(
      trx,
      ctx,
      admin,
      row,
      reason,
      { targetType: "marketplace", targetId: row.id },
      { settlementId: row.id, status: "pending" },
    );
  });
  // Sent as the admin retrying it, who answers for this attempt.
  await runInitialization(ctx, admin, { ...row, status: "pending" });
}

/**
 * In the transaction that reopens the settlement: a reopened row is queued for the re-check, which
 * would send it even if this request failed next, so it never stands without its entry.
 */
function auditRetry(
  trx: Db,
  ctx: ServiceContext,
  admin: AdminIdentity,
  row: SettlementRow,
  reason: string,
  target: Pick<AuditInput, "targetType" | "targetId">,
  after: { settlementId: string; status: string },
  signed: SignedProof | null = null,
) {
  return recordAudit(trx, ctx, admin, {
    action: "settlement.retry",
    ...target,
    reason,
    before: { settlementId: row.id, status: row.status, attempts: row.attempts, lastError: row.lastError, signature: row.signature },
    after,
    cluster: row.cluster,
    signed,
  });
}

/** One pass of the re-check: the disputes' payouts, then the initializations, then the proposals past their end. */
export async function resumeSettlements(ctx: ServiceContext, options: { minAgeMs?: number } = {}): Promise<ResumeOutcome[]> {
  const outcomes = await resumeDisputeSettlements(ctx, options);
  await resumeInitializations(ctx, options);
  await expireProposals(ctx);
  return outcomes;
}
