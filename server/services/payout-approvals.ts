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
import { findById, isoNow, json } from "./context.ts";
import { claimOrder, IN_FLIGHT_OR_PROPOSED, settleDispute } from "./dispute-settlement.ts";
import { marketplaceStatus } from "./marketplace.ts";
import type { AdminIdentity, ServiceContext, SignedProof } from "./ports.ts";
import { previewDisputeResolution } from "./preview.ts";
import { SETTLEMENT_UNAVAILABLE } from "./settlement-errors.ts";
import { decisionOf, openSettlement, type Decision, type ProposalFields } from "./settlement-rows.ts";
import { acceptDecision, payoutLines } from "./signed-decisions.ts";

export const DEFAULT_APPROVAL_HOURS = 72;
export const SELF_APPROVAL = "Another admin must approve this payout: its proposer cannot approve it";
const EXPIRED_REASON = "The proposal expired before a second admin approved it: nothing was sent";

export const approvalsRequired = (ctx: ServiceContext): number => ctx.approvals?.required ?? 1;
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

/** What the proposal will pay, from a simulation of its transaction now: one the chain would refuse is not proposed. */
async function previewedPayouts(ctx: ServiceContext, order: OrderRow, decision: Decision): Promise<Payout[]> {
  const preview = await previewDisputeResolution(ctx, order.id, { resolution: decision.resolution, refundPercentage: decision.refundPercentage ?? undefined });
  if (!preview.simulation.ok) throw conflict(`This payout cannot be proposed: its transaction would fail (${preview.simulation.error ?? "simulation failed"})`);
  return preview.payouts;
}

/** Records the decision as a proposal awaiting a second admin (202): nothing is sent, the order stays DISPUTED. */
export async function proposePayout(ctx: ServiceContext, order: OrderRow, decision: Decision): Promise<PayoutProposal> {
  const proposal: ProposalFields = { payouts: await previewedPayouts(ctx, order, decision), expiresAt: await proposalEnd(ctx, order) };
  try {
    const row = await ctx.db.transaction().execute(async (trx) => {
      const opened = await openSettlement(trx, ctx, "dispute_payout", decision.admin, { orderId: order.id, decision, proposal });
      await recordAudit(trx, ctx, decision.admin, {
        action: "settlement.propose",
        targetType: "order",
        targetId: order.id,
        reason: decision.adminNotes,
        after: { settlementId: opened.id, status: opened.status, resolution: decision.resolution, refundPercentage: decision.refundPercentage, ...proposal },
        signed: decision.signed,
      });
      return opened;
    });
    return { status: "awaiting_approval", settlementId: row.id };
  } catch (error) {
    // The one-in-flight index: a proposal of this order already waits, or its payout is on its way.
    if (isUniqueViolation(error)) throw conflict(IN_FLIGHT_OR_PROPOSED);
    throw error;
  }
}

async function findProposal(ctx: ServiceContext, id: string): Promise<SettlementRow> {
  const row = await findById(ctx.db, "settlements", "Settlement", id);
  if (row.kind !== "dispute_payout" || row.status !== "awaiting_approval") {
    throw conflict(`Only a proposed payout awaiting approval can be approved or rejected: this settlement is ${row.status}`);
  }
  return row;
}

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
  if (isExpired(ctx, row)) {
    await expireProposal(ctx, row);
    throw conflict(`This proposal expired at ${row.expiresAt}: nothing was sent. Propose the payout again`);
  }
  const port = ctx.settlement;
  if (!port) throw unavailable(SETTLEMENT_UNAVAILABLE);
  const order = await findById(ctx.db, "orders", "Order", row.orderId ?? "");
  if (order.status !== "DISPUTED") throw conflict(`Only a DISPUTED order's payout can be approved: this order is ${order.status}`);
  const decision = decisionOf(row);
  const input: DisputeResolutionInput = { resolution: decision.resolution, refundPercentage: decision.refundPercentage ?? undefined, adminNotes: decision.adminNotes, signedDecision };
  const signed = await acceptDecision(ctx, admin, order.id, input, "decision");
  if (signed) checkSamePayout(row, signed);

  const claimed = await claimOrder(ctx, order, (trx) => approve(trx, ctx, row, admin, signed));
  const split = { resolution: decision.resolution, refundPercentage: decision.refundPercentage ?? undefined };
  const { result } = await settleDispute(ctx, order, claimed, decision, (hooks) => port.resolveDispute(order, split, hooks));
  return { status: "confirmed", transactionSignature: result.transactionSignature };
}

/** The approver's text must state the very payout that was proposed: the same order, resolution and amounts. */
function checkSamePayout(row: SettlementRow, signed: SignedProof): void {
  const decision = decisionOf(row);
  const proposed = payoutLines({ orderId: row.orderId ?? "", decision, payouts: json<Payout[]>(row.payouts) ?? [] });
  const lines = signed.message.split("\n");
  if (!proposed.every((line) => lines.includes(line))) {
    throw conflict("The payout you signed is not the one proposed (the escrow changed since): reject the proposal and propose it again");
  }
}

/** awaiting_approval → pending, by `admin`, only while it still waits and has not expired; audited in the same transaction. */
async function approve(trx: Db, ctx: ServiceContext, row: SettlementRow, admin: AdminIdentity, signed: SignedProof | null): Promise<SettlementRow> {
  const now = isoNow(ctx);
  const approved = await trx
    .updateTable("settlements")
    .set({ status: "pending", approvedBy: admin.publicKey, approvalMessage: signed?.message ?? null, approvalSignature: signed?.signature ?? null, updatedAt: now })
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
  return approved;
}

/** Ends a proposal with nothing sent (its order stays DISPUTED, free to be proposed again); audited with the reason. */
export async function rejectPayout(ctx: ServiceContext, admin: AdminIdentity, id: string, reason: string): Promise<SettlementRow> {
  const row = await findProposal(ctx, id);
  const closed = await close(ctx, row, "rejected", `Rejected by ${admin.publicKey}: ${reason}`, (trx) =>
    recordAudit(trx, ctx, admin, {
      action: "settlement.reject",
      targetType: "order",
      targetId: row.orderId ?? "",
      reason,
      before: { settlementId: row.id, status: row.status, proposedBy: row.requestedBy },
      after: { settlementId: row.id, status: "rejected" },
    }),
  );
  if (!closed) throw conflict("This payout was already approved, rejected or has expired");
  return findById(ctx.db, "settlements", "Settlement", id);
}

/** Closes an expired proposal, audited under its proposer with their signed decision. False: someone else closed it first. */
function expireProposal(ctx: ServiceContext, row: SettlementRow): Promise<boolean> {
  return close(ctx, row, "expired", EXPIRED_REASON, (trx) =>
    recordAudit(trx, ctx, proposerOf(row), {
      action: "settlement.expire",
      targetType: "order",
      targetId: row.orderId ?? "",
      reason: EXPIRED_REASON,
      before: { settlementId: row.id, status: row.status, expiresAt: row.expiresAt },
      after: { settlementId: row.id, status: "expired" },
      signed: decisionOf(row).signed,
    }),
  );
}

/** awaiting_approval → `status`, only from awaiting_approval, and its audit entry with it. */
async function close(ctx: ServiceContext, row: SettlementRow, status: "rejected" | "expired", lastError: string, audit: (trx: Db) => Promise<void>): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const { numUpdatedRows } = await trx
      .updateTable("settlements")
      .set({ status, lastError, updatedAt: isoNow(ctx) })
      .where("id", "=", row.id)
      .where("status", "=", "awaiting_approval")
      .executeTakeFirst();
    if (numUpdatedRows !== 1n) return false;
    await audit(trx);
    return true;
  });
}

/** The re-check's pass over proposals: those past their end are closed (and audited) as expired. */
export async function expireProposals(ctx: ServiceContext): Promise<number> {
  const overdue = await ctx.db
    .selectFrom("settlements")
    .selectAll()
    .where("status", "=", "awaiting_approval")
    .where("expiresAt", "<=", isoNow(ctx))
    .execute();
  let expired = 0;
  for (const row of overdue) if (await expireProposal(ctx, row)) expired += 1;
  return expired;
}
