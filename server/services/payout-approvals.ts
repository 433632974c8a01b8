// Four eyes on dispute payouts (PAYOUT_APPROVALS=2). A resolution is recorded as a proposal: a
// settlements row awaiting_approval with the proposer's decision, the payouts previewed for it and its
// end. Nothing is sent until another admin approves it; the approval claims the order and turns the row
// pending in one transaction (claimOrder), so of any number of concurrent approvals one sends, and the
// queue then sends it as any other payout (settleDispute). A rejection or the end of the approval
// window closes it with nothing sent, and the order can be proposed again. Each step is audited.
import type { DisputeResolutionInput, Payout, PayoutProposal, SignedDecision } from "../../contract/index.ts";
import { isUniqueViolation } from "../db/engine.ts";
import type { Db, OrderRow, SettlementRow } from "../db/schema.ts";
import { conflict, forbidden, unavailable } from "../http/errors.ts";
import { recordAudit } from "./audit.ts";
import { recordEvent } from "./webhooks.ts";
import { findById, isoNow, json } from "./context.ts";
import { claimOrder, IN_FLIGHT_OR_PROPOSED, settleDispute } from "./dispute-settlement.ts";
import { marketplaceStatus } from "./marketplace.ts";
import { assertMayDecide, whyNotHolding } from "./payout-rules.ts";
import type { AcceptedDecision, AdminIdentity, ServiceContext, SignedProof } from "./ports.ts";
import { previewDisputeResolution } from "./preview.ts";
import { SETTLEMENT_UNAVAILABLE } from "./settlement-errors.ts";
import { recheckMintBeforeSettlement } from "./token-risk.ts";
import { ScreeningStop, screenedUnderColumn, screenPayout } from "./screening.ts";
import {
  decidedPayouts,
  decidedPayoutsOf,
  decisionOf,
  describePayoutChange,
  markFailed,
  openSettlement,
  samePayouts,
  type Decision,
  type ProposalFields,
} from "./settlement-rows.ts";
import { acceptDecision, decisionHead, payoutLines } from "./signed-decisions.ts";

export const DEFAULT_APPROVAL_HOURS = 72;
export const SELF_APPROVAL = "Another admin must approve this payout: its proposer cannot approve it";
const EXPIRED_REASON = "The proposal expired before a second admin approved it: nothing was sent";

const ttlOf = (ctx: ServiceContext) => ctx.approvals?.ttlMs ?? DEFAULT_APPROVAL_HOURS * 3_600_000;

/**
 * When a proposal made now ends: after the approval window, but never after the dispute's deadline
 * (its opening plus the marketplace's dispute resolution limit). A dispute already past its deadline
 * still needs resolving: its proposals get the window alone.
 */
async function proposalEnd(ctx: ServiceContext, order: OrderRow): Promise<string> {
  const now = ctx.now();
  let end = now + ttlOf(ctx);
  const limit = (await marketplaceStatus(ctx)).disputeResolutionLimit;
  const raised = order.disputeRaisedAt ? Date.parse(order.disputeRaisedAt) : NaN;
  if (typeof limit === "number" && limit > 0 && Number.isFinite(raised)) {
    const deadline = raised + limit * 1000;
    if (deadline > now) end = Math.min(end, deadline);
  }
  return new Date(end).toISOString();
}

/** What the decision would pay now, from a simulation of its transaction: one the chain would refuse is refused (409). */
async function previewedPayouts(
  ctx: ServiceContext,
  order: OrderRow,
  decision: Decision,
  step: "proposed" | "approved",
): Promise<Payout[]> {
  const preview = await previewDisputeResolution(ctx, order.id, {
    resolution: decision.resolution,
    refundPercentage: decision.refundPercentage ?? undefined,
  });
  if (!preview.simulation.ok)
    throw conflict(`This payout cannot be ${step}: its transaction would fail (${preview.simulation.error ?? "simulation failed"})`);
  return preview.payouts;
}

/**
 * Records the decision as a proposal awaiting a second admin (202): nothing is sent, the order stays
 * DISPUTED. A signed decision must state what the proposal will pay (the escrow may have changed since).
 */
export async function proposePayout(
  ctx: ServiceContext,
  order: OrderRow,
  decision: Decision,
  signed?: AcceptedDecision | null,
): Promise<SettlementRow> {
  assertMayDecide(ctx, decision.admin);
  // A listed buyer or seller refuses the proposal (409), the order flagged; nothing is recorded to approve.
  const under = await screenPayout(ctx, decision.admin, order, "proposed");
  const payouts = await previewedPayouts(ctx, order, decision, "proposed");
  if (signed && !samePayouts(decidedPayouts(payouts), decidedPayouts(signed.payouts))) {
    throw conflict("The escrow changed since you signed the decision: nothing was proposed. Sign it again as it is now");
  }
  const proposal: ProposalFields = { payouts, expiresAt: await proposalEnd(ctx, order) };
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const opened = await openSettlement(trx, ctx, "dispute_payout", decision.admin, {
        orderId: order.id,
        decision,
        proposal,
        screenedUnder: screenedUnderColumn(under),
      });
      await recordAudit(trx, ctx, decision.admin, {
        action: "settlement.propose",
        targetType: "order",
        targetId: order.id,
        reason: decision.adminNotes,
        after: {
          settlementId: opened.id,
          status: opened.status,
          resolution: decision.resolution,
          refundPercentage: decision.refundPercentage,
          ...proposal,
        },
        signed: decision.signed,
      });
      await recordEvent(trx, ctx, "payout.proposed", {
        orderId: order.id,
        settlementId: opened.id,
        proposedBy: decision.admin.publicKey,
        resolution: decision.resolution,
        refundPercentage: decision.refundPercentage ?? null,
        reason: decision.adminNotes,
        ...proposal,
      });
      return opened;
    });
  } catch (error) {
    // The one-in-flight index: a proposal of this order already waits, or its payout is on its way.
    if (isUniqueViolation(error)) throw conflict(IN_FLIGHT_OR_PROPOSED);
    throw error;
  }
}

async function findProposal(ctx: ServiceContext, id: string): Promise<SettlementRow> {
  const row = await findById(ctx.db, "settlements", id);
  if (row.kind !== "dispute_payout" || row.status !== "awaiting_approval") {
    throw conflict(`Only a proposed payout awaiting approval can be approved or rejected: this settlement is ${row.status}`);
  }
  return row;
}

/** The 202 answer of a resolution recorded as a proposal. */
export const proposalOf = (row: SettlementRow): PayoutProposal => ({ status: "awaiting_approval", settlementId: row.id });

const proposerOf = (row: SettlementRow): AdminIdentity => ({ userId: row.requestedByUserId, publicKey: row.requestedBy });
const isExpired = (ctx: ServiceContext, row: SettlementRow) => row.expiresAt !== null && row.expiresAt <= isoNow(ctx);

/**
 * Sends the proposed payout, approved by `admin`, a different admin than its proposer (403 otherwise).
 * `signed`: the approver's own signed decision over the same payout (required when
 * REQUIRE_SIGNED_DECISIONS is set). Of concurrent approvals one sends; the others answer 409.
 */
export async function approvePayout(
  ctx: ServiceContext,
  admin: AdminIdentity,
  id: string,
  signedDecision: SignedDecision | undefined,
): Promise<{ status: "confirmed"; transactionSignature: string }> {
  const row = await findProposal(ctx, id);
  if (row.requestedBy === admin.publicKey) throw forbidden(SELF_APPROVAL);
  assertMayDecide(ctx, admin);
  if (isExpired(ctx, row)) {
    await expireProposal(ctx, row, EXPIRED_REASON);
    throw conflict(`This proposal expired at ${row.expiresAt}: nothing was sent. Propose the payout again`);
  }
  // The proposer must still be an admin whose role proposes payouts (the rules in force now).
  const unbacked = await whyNotHolding(ctx, "proposer", row.requestedBy, "payouts.propose");
  if (unbacked) {
    await expireProposal(ctx, row, unbacked);
    throw conflict(unbacked);
  }
  const port = ctx.settlement;
  if (!port) throw unavailable(SETTLEMENT_UNAVAILABLE);
  const order = await findById(ctx.db, "orders", row.orderId ?? "");
  if (order.status !== "DISPUTED") throw conflict(`Only a DISPUTED order's payout can be approved: this order is ${order.status}`);
  const decision = decisionOf(row);
  const input: DisputeResolutionInput = {
    resolution: decision.resolution,
    refundPercentage: decision.refundPercentage ?? undefined,
    adminNotes: decision.adminNotes,
    signedDecision,
  };
  const signed = await acceptDecision(ctx, admin, order.id, input, "decision");
  // A mint that became risky since is said (and flagged) as such, rather than as a failed simulation.
  await recheckMintBeforeSettlement(ctx, admin, order);
  await screenApproval(ctx, admin, order, row);
  await checkStillPays(ctx, order, row);
  if (signed) checkSamePayout(row, signed);

  const claimed = await claimOrder(ctx, order, (trx) => approve(trx, ctx, row, admin, signed));
  const split = {
    resolution: decision.resolution,
    refundPercentage: decision.refundPercentage ?? undefined,
    payouts: decidedPayoutsOf(row),
  };
  const { result } = await settleDispute(ctx, order, claimed, decision, (hooks) => port.resolveDispute(order, split, hooks));
  return { status: "confirmed", transactionSignature: result.transactionSignature };
}

/**
 * A party listed since the proposal refuses its approval: the proposal ends failed with the reason
 * (nothing sent; a retry proposes it again once the lists allow it), and the 409 says which list.
 */
async function screenApproval(ctx: ServiceContext, admin: AdminIdentity, order: OrderRow, row: SettlementRow): Promise<void> {
  try {
    await screenPayout(ctx, admin, order, "approved");
  } catch (error) {
    if (error instanceof ScreeningStop) {
      await ctx.db.transaction().execute((trx) => markFailed(trx, ctx, row.id, error.message, { status: "awaiting_approval" }));
    }
    throw error;
  }
}

const proposedPayouts = (row: SettlementRow): Payout[] => json<Payout[]>(row.payouts) ?? [];

/**
 * The approver's text must state the very payout that was proposed: the same order, resolution and
 * amounts, in the lines the server wrote (never in the proposer's reason, which may repeat them).
 */
function checkSamePayout(row: SettlementRow, signed: AcceptedDecision): void {
  const decision = decisionOf(row);
  const proposed = proposedPayouts(row);
  const head = decisionHead(signed.message);
  const lines = payoutLines({ orderId: row.orderId ?? "", decision, payouts: proposed });
  if (!samePayouts(decidedPayouts(proposed), decidedPayouts(signed.payouts)) || !lines.every((line) => head.includes(line))) {
    throw conflict("The payout you signed is not the one proposed (the escrow changed since): reject the proposal and propose it again");
  }
}

/**
 * Anyone can send funds to an escrow address: the approval pays what was proposed or nothing. The
 * transaction is simulated again and each party's amount compared with the proposal's (409 naming
 * them); the proposal waits for a new decision.
 */
async function checkStillPays(ctx: ServiceContext, order: OrderRow, row: SettlementRow): Promise<void> {
  const proposed = proposedPayouts(row);
  const now = await previewedPayouts(ctx, order, decisionOf(row), "approved");
  if (!samePayouts(decidedPayouts(proposed), decidedPayouts(now))) {
    throw conflict(
      `The escrow changed since this payout was proposed: ${describePayoutChange(proposed, now)}. Nothing was sent; reject the proposal and propose it again`,
    );
  }
}

/** awaiting_approval → pending, by `admin`, only while it still waits and has not expired; audited in the same transaction. */
async function approve(
  trx: Db,
  ctx: ServiceContext,
  row: SettlementRow,
  admin: AdminIdentity,
  signed: AcceptedDecision | null,
): Promise<SettlementRow> {
  const now = isoNow(ctx);
  const approved = await trx
    .updateTable("settlements")
    .set({
      status: "pending",
      approvedBy: admin.publicKey,
      approvalMessage: signed?.message ?? null,
      approvalSignature: signed?.signature ?? null,
      approvalTransaction: signed?.transaction ?? null,
      updatedAt: now,
    })
    .where("id", "=", row.id)
    .where("status", "=", "awaiting_approval")
    .where("expiresAt", ">", now)
    .where("requestedBy", "<>", admin.publicKey)
    .returningAll()
    .executeTakeFirst();
  if (!approved) throw conflict("This payout was already approved, rejected or has expired");
  await recordAudit(trx, ctx, admin, {
    action: "settlement.approve",
    targetType: "order",
    targetId: row.orderId ?? "",
    before: { settlementId: row.id, status: row.status, proposedBy: row.requestedBy },
    after: { settlementId: row.id, status: approved.status, proposedBy: row.requestedBy, approvedBy: admin.publicKey },
    signed,
  });
  await recordEvent(trx, ctx, "payout.approved", {
    orderId: row.orderId,
    settlementId: row.id,
    proposedBy: row.requestedBy,
    approvedBy: admin.publicKey,
  });
  return approved;
}

/** Ends a proposal with nothing sent (its order stays DISPUTED, free to be proposed again); audited with the reason. */
export async function rejectPayout(ctx: ServiceContext, admin: AdminIdentity, id: string, reason: string): Promise<SettlementRow> {
  const row = await findProposal(ctx, id);
  const closed = await close(ctx, row, "rejected", `Rejected by ${admin.publicKey}: ${reason}`, {
    by: admin,
    action: "settlement.reject",
    reason,
    before: { proposedBy: row.requestedBy },
  });
  if (!closed) throw conflict("This payout was already approved, rejected or has expired");
  return findById(ctx.db, "settlements", id);
}

/**
 * Closes a proposal that can no longer be approved (past its end, or its proposer no longer an
 * admin), audited under its proposer with their signed decision. False: someone else closed it first.
 */
function expireProposal(ctx: ServiceContext, row: SettlementRow, reason: string): Promise<boolean> {
  return close(ctx, row, "expired", reason, {
    by: proposerOf(row),
    action: "settlement.expire",
    reason,
    before: { expiresAt: row.expiresAt },
    signed: decisionOf(row).signed,
  });
}

/**
 * awaiting_approval → `status`, only from awaiting_approval, and its audit entry with it: against the
 * order, the settlement's status before and after, and what `audit.before` adds.
 */
async function close(
  ctx: ServiceContext,
  row: SettlementRow,
  status: "rejected" | "expired",
  lastError: string,
  audit: {
    by: AdminIdentity;
    action: "settlement.reject" | "settlement.expire";
    reason: string;
    before: object;
    signed?: SignedProof | null;
  },
): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const { numUpdatedRows } = await trx
      .updateTable("settlements")
      .set({ status, lastError, updatedAt: isoNow(ctx) })
      .where("id", "=", row.id)
      .where("status", "=", "awaiting_approval")
      .executeTakeFirst();
    if (numUpdatedRows !== 1n) return false;
    await recordAudit(trx, ctx, audit.by, {
      action: audit.action,
      targetType: "order",
      targetId: row.orderId ?? "",
      reason: audit.reason,
      before: { settlementId: row.id, status: row.status, ...audit.before },
      after: { settlementId: row.id, status },
      signed: audit.signed,
    });
    await recordEvent(trx, ctx, status === "rejected" ? "payout.rejected" : "payout.expired", {
      orderId: row.orderId,
      settlementId: row.id,
      proposedBy: row.requestedBy,
      by: audit.by.publicKey,
      reason: audit.reason,
    });
    return true;
  });
}

/**
 * The re-check's pass over proposals: those past their end, and those whose proposer is no longer an
 * admin (or no longer holds payouts.propose), are closed (and audited) as expired, saying which.
 */
export async function expireProposals(ctx: ServiceContext): Promise<number> {
  const waiting = await ctx.db.selectFrom("settlements").selectAll().where("status", "=", "awaiting_approval").execute();
  let expired = 0;
  for (const row of waiting) {
    const reason = isExpired(ctx, row) ? EXPIRED_REASON : await whyNotHolding(ctx, "proposer", row.requestedBy, "payouts.propose");
    if (reason && (await expireProposal(ctx, row, reason))) expired += 1;
  }
  return expired;
}
