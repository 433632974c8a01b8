// The settlement queue as the API shows it: the list (newest first, optionally one status's), the
// retry of a failed settlement (the same decision sent again, audited with the admin's reason), and
// the re-check that finishes what a timeout or a stop left open (settlement-recheck.ts runs it).
import type { SettlementQueueStatus } from "../../contract/index.ts";
import type { SettlementRow } from "../db/schema.ts";
import { conflict, unavailable } from "../http/errors.ts";
import { recordAudit } from "./audit.ts";
import { findById } from "./context.ts";
import { claimOrder, resumeDisputeSettlements, settleDispute, type ResumeOutcome } from "./dispute-settlement.ts";
import { ALREADY_INITIALIZED, claimInitialization, INITIALIZE_UNAVAILABLE, marketplaceStatus, resumeInitializations, runInitialization } from "./marketplace.ts";
import { countOf } from "./paging.ts";
import { expireProposals } from "./payout-approvals.ts";
import type { AdminIdentity, ServiceContext } from "./ports.ts";
import { SETTLEMENT_UNAVAILABLE } from "./settlement-errors.ts";
import { decisionOf, reopenSettlement, toSettlement } from "./settlement-rows.ts";

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
  return { items: rows.map(toSettlement), total };
}

/**
 * Sends a failed settlement again, as it was decided: for a dispute, the order must still be DISPUTED
 * and free (claimed again, atomically); the initialization, not done meanwhile. The retry and its
 * reason are audited before sending, so even a retry that fails again is on record.
 */
export async function retrySettlement(ctx: ServiceContext, admin: AdminIdentity, id: string, reason: string): Promise<SettlementBody> {
  const row = await findById(ctx.db, "settlements", "Settlement", id);
  if (row.status !== "failed") throw conflict(`Only a failed settlement can be retried: this one is ${row.status}`);
  if (row.kind === "marketplace_initialization") await retryInitialization(ctx, admin, row, reason);
  else await retryDispute(ctx, admin, row, reason);
  return toSettlement(await findById(ctx.db, "settlements", "Settlement", id));
}

async function retryDispute(ctx: ServiceContext, admin: AdminIdentity, row: SettlementRow, reason: string): Promise<void> {
  const port = ctx.settlement;
  if (!port) throw unavailable(SETTLEMENT_UNAVAILABLE);
  const order = await findById(ctx.db, "orders", "Order", row.orderId ?? "");
  if (order.status !== "DISPUTED") throw conflict(`Only a DISPUTED order's settlement can be retried: this order is ${order.status}`);
  const decision = decisionOf(row);
  await claimOrder(ctx, order, async (trx) => {
    await reopenSettlement(trx, ctx, row.id);
    return row;
  });
  await auditRetry(ctx, admin, row, reason, { targetType: "order", targetId: order.id });
  const split = { resolution: decision.resolution, refundPercentage: decision.refundPercentage ?? undefined };
  await settleDispute(ctx, order, row, decision, (hooks) => port.resolveDispute(order, split, hooks));
}

async function retryInitialization(ctx: ServiceContext, admin: AdminIdentity, row: SettlementRow, reason: string): Promise<void> {
  if (!ctx.settlement) throw unavailable(INITIALIZE_UNAVAILABLE);
  if ((await marketplaceStatus(ctx)).initialized) throw conflict(ALREADY_INITIALIZED);
  await claimInitialization(ctx, (trx) => reopenSettlement(trx, ctx, row.id));
  await auditRetry(ctx, admin, row, reason, { targetType: "marketplace", targetId: row.id });
  // Sent as the admin retrying it, who answers for this attempt.
  await runInitialization(ctx, admin, { ...row, status: "pending" });
}

function auditRetry(ctx: ServiceContext, admin: AdminIdentity, row: SettlementRow, reason: string, target: { targetType: "order" | "marketplace"; targetId: string }) {
  return ctx.db.transaction().execute((trx) =>
    recordAudit(trx, ctx, admin, {
      action: "settlement.retry",
      ...target,
      reason,
      before: { settlementId: row.id, status: row.status, attempts: row.attempts, lastError: row.lastError, signature: row.signature },
      after: { settlementId: row.id, status: "pending" },
      cluster: row.cluster,
    }),
  );
}

/** One pass of the re-check: the disputes' payouts, then the initializations, then the proposals past their end. */
export async function resumeSettlements(ctx: ServiceContext, options: { minAgeMs?: number } = {}): Promise<ResumeOutcome[]> {
  const outcomes = await resumeDisputeSettlements(ctx, options);
  await resumeInitializations(ctx, options);
  await expireProposals(ctx);
  return outcomes;
}
