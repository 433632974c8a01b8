// The settlement queue's rows (table settlements, migration 006): one per settlement, moved along
// pending → submitted → confirmed | failed by the flows that own them (dispute-settlement.ts,
// marketplace.ts). Every move is conditional on the state it leaves, so two actors (a request and the
// re-check) can never both move the same row.
import type { SelectQueryBuilder } from "kysely";
import type { DisputeResolution, Payout, SettlementAmounts, SettlementKind } from "../../contract/index.ts";
import { engineOf } from "../db/engine.ts";
import type { Database, Db, OrderRow, SettlementRow } from "../db/schema.ts";
import { conflict } from "../http/errors.ts";
import { isoNow, json } from "./context.ts";
import { splitAmount, toSplit } from "../settlement/escrow.ts";
import type { ComputeBudget } from "../settlement/fees.ts";
import type { AdminIdentity, DecidedPayout, ServiceContext, SignedProof } from "./ports.ts";
import { recordEvent } from "./webhooks.ts";

/** The dispute payouts the chain confirmed, each with its order (as `o`): who was paid what, in which token, when. */
export const confirmedPayouts = (db: Db) =>
  db
    .selectFrom("settlements as s")
    .innerJoin("orders as o", "o.id", "s.orderId")
    .where("s.kind", "=", "dispute_payout")
    .where("s.status", "=", "confirmed");

/** The admin's decision on a dispute, kept on its settlement row until the chain confirms it. */
export interface Decision {
  resolution: DisputeResolution;
  refundPercentage: number | null;
  adminNotes: string;
  admin: AdminIdentity;
  /** The admin wallet's signature over the decision's text, when it was signed (signed-decisions.ts). */
  signed?: SignedProof | null;
}

export const IN_FLIGHT = "A settlement of this order is already in progress or done";

/** What a settlement's amounts are told in: its order's total and token. */
export type OrderMoney = Pick<OrderRow, "totalPrice" | "currencyMint" | "currencySymbol" | "currencyDecimals">;

/** Each party's share of a dispute payout, in base units. */
export interface PaidShares {
  buyer: bigint;
  seller: bigint;
}

/** The split of the order's total that a decision states (what settlement/escrow.ts pays of it); null for one it cannot split. */
export function splitOf(totalPrice: number | string, resolution: DisputeResolution, refundPercentage: number | null): PaidShares | null {
  try {
    const shares = splitAmount(BigInt(totalPrice), toSplit(resolution, refundPercentage));
    return { buyer: shares.buyerAmount, seller: shares.sellerAmount };
  } catch {
    return null;
  }
}

/**
 * A dispute payout's shares: what the chain paid once confirmed, else what its decision pays (a
 * proposal's or a signed text's amounts, else the split of the order's total).
 */
function sharesOf(row: SettlementRow, order: OrderMoney): PaidShares | null {
  if (row.paidBuyer !== null && row.paidSeller !== null) return { buyer: BigInt(row.paidBuyer), seller: BigInt(row.paidSeller) };
  const decided = decidedPayoutsOf(row);
  if (decided) {
    const of = (party: Payout["party"]) => decided.find((p) => p.party === party)?.amount ?? 0n;
    return { buyer: of("buyer"), seller: of("seller") };
  }
  return row.resolution ? splitOf(order.totalPrice, row.resolution, row.refundPercentage) : null;
}

/** The amounts the list shows of a dispute payout, in its order's token (null without an order). */
export function amountsOf(row: SettlementRow, order: OrderMoney | null): SettlementAmounts | null {
  const shares = row.kind === "dispute_payout" && order ? sharesOf(row, order) : null;
  if (!shares || !order) return null;
  return {
    buyer: shares.buyer.toString(),
    seller: shares.seller.toString(),
    mint: order.currencyMint,
    symbol: order.currencySymbol,
    decimals: order.currencyDecimals,
  };
}

/**
 * The API's record of a settlement (contract/money.ts settlementSchema); given its order's money (null:
 * none), the payout's amounts too (the list's rows).
 */
export function toSettlement(row: SettlementRow, order?: OrderMoney | null) {
  return {
    id: row.id,
    orderId: row.orderId,
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    signature: row.signature,
    lastValidBlockHeight: row.lastValidBlockHeight,
    lastError: row.lastError,
    cluster: row.cluster,
    requestedBy: row.requestedBy,
    resolution: row.resolution,
    refundPercentage: row.refundPercentage,
    adminNotes: row.adminNotes,
    payouts: row.payouts === null ? null : json<Payout[]>(row.payouts),
    ...(order !== undefined ? { amounts: amountsOf(row, order) } : {}),
    expiresAt: row.expiresAt,
    approvedBy: row.approvedBy,
    computeUnitLimit: row.computeUnitLimit,
    computeUnitsUsed: row.computeUnitsUsed,
    computeUnitPrice: row.computeUnitPrice,
    priorityFeeLamports: row.priorityFeeLamports,
    broadcasts: row.broadcasts,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function decisionOf(row: SettlementRow): Decision {
  return {
    resolution: row.resolution ?? "REFUND_BUYER",
    refundPercentage: row.refundPercentage,
    adminNotes: row.adminNotes ?? "",
    admin: { userId: row.requestedByUserId, publicKey: row.requestedBy },
    signed:
      row.decisionMessage && row.decisionSignature
        ? { message: row.decisionMessage, signature: row.decisionSignature, transaction: row.decisionTransaction }
        : null,
  };
}

/** What a list of previewed payouts decides: each party's amount in base units. */
export const decidedPayouts = (payouts: readonly Payout[]): DecidedPayout[] =>
  payouts.map((p) => ({ party: p.party, amount: BigInt(p.amount) }));

/** What the row's decision was to pay (a proposal's, a signed text's); undefined when unsigned by one admin. */
export const decidedPayoutsOf = (row: SettlementRow): DecidedPayout[] | undefined => {
  const payouts = json<Payout[]>(row.payouts);
  return payouts ? decidedPayouts(payouts) : undefined;
};

/** Whether two decisions pay the same parties the same amounts. */
export function samePayouts(a: readonly DecidedPayout[], b: readonly DecidedPayout[]): boolean {
  const key = (list: readonly DecidedPayout[]) =>
    list
      .map((p) => `${p.party}:${p.amount}`)
      .sort()
      .join(",");
  return key(a) === key(b);
}

/** "the buyer would now receive 3 SOL, not the 1 SOL decided", for each party whose amount differs. */
export function describePayoutChange(decided: readonly Payout[], now: readonly Payout[]): string {
  const amount = (list: readonly Payout[], party: Payout["party"]) => {
    const payout = list.find((p) => p.party === party);
    return payout ? `${payout.uiAmount} ${payout.symbol}` : "nothing";
  };
  return (["buyer", "seller"] as const)
    .filter((party) => amount(decided, party) !== amount(now, party))
    .map((party) => `the ${party} would now receive ${amount(now, party)}, not the ${amount(decided, party)} decided`)
    .join("; ");
}

/** A proposal's own fields (four eyes): what it was previewed to pay, and until when it can be approved. */
export interface ProposalFields {
  payouts: Payout[];
  expiresAt: string;
}

/**
 * A new `pending` row: the request is accepted, nothing is signed yet; or, with `proposal`, a row
 * `awaiting_approval` that nothing sends until a second admin approves it. `payouts`: what a signed
 * decision stated it pays, which any send of the row must pay (a proposal's are its own).
 */
export async function openSettlement(
  trx: Db,
  ctx: ServiceContext,
  kind: SettlementKind,
  admin: AdminIdentity,
  fields: {
    orderId?: string;
    decision?: Omit<Decision, "admin">;
    proposal?: ProposalFields;
    payouts?: readonly Payout[];
    /** What the payout's parties were screened under (JSON, services/screening.ts). */
    screenedUnder?: string | null;
  } = {},
): Promise<SettlementRow> {
  const now = isoNow(ctx);
  const { proposal } = fields;
  const payouts = proposal?.payouts ?? fields.payouts;
  const row: SettlementRow = {
    id: ctx.newId(),
    orderId: fields.orderId ?? null,
    kind,
    status: proposal ? "awaiting_approval" : "pending",
    attempts: 0,
    signature: null,
    lastValidBlockHeight: null,
    submittedAt: null,
    lastError: null,
    cluster: ctx.settlement?.cluster ?? null,
    requestedBy: admin.publicKey,
    requestedByUserId: admin.userId,
    resolution: fields.decision?.resolution ?? null,
    refundPercentage: fields.decision?.refundPercentage ?? null,
    adminNotes: fields.decision?.adminNotes ?? null,
    decisionMessage: fields.decision?.signed?.message ?? null,
    decisionSignature: fields.decision?.signed?.signature ?? null,
    decisionTransaction: fields.decision?.signed?.transaction ?? null,
    claimedBy: null,
    claimedUntil: null,
    payouts: payouts ? JSON.stringify(payouts) : null,
    expiresAt: proposal?.expiresAt ?? null,
    approvedBy: null,
    approvalMessage: null,
    approvalSignature: null,
    approvalTransaction: null,
    ...budgetColumns(null),
    broadcasts: 0,
    paidBuyer: null,
    paidSeller: null,
    confirmedAt: null,
    screenedUnder: fields.screenedUnder ?? null,
    createdAt: now,
    updatedAt: now,
  };
  await trx.insertInto("settlements").values(row).execute();
  return row;
}

/** failed → pending again (a retry): refused unless the row is still failed. */
export async function reopenSettlement(trx: Db, ctx: ServiceContext, id: string): Promise<void> {
  const { numUpdatedRows } = await trx
    .updateTable("settlements")
    .set({ status: "pending", lastError: null, updatedAt: isoNow(ctx) })
    .where("id", "=", id)
    .where("status", "=", "failed")
    .executeTakeFirst();
  if (numUpdatedRows !== 1n) throw conflict("Only a failed settlement can be retried");
}

/** The row's columns for the compute budget a transaction was signed with (none: no fee market). */
function budgetColumns(budget: ComputeBudget | null | undefined) {
  return {
    computeUnitLimit: budget?.unitLimit ?? null,
    computeUnitsUsed: budget?.unitsUsed ?? null,
    computeUnitPrice: budget?.unitPrice ?? null,
    priorityFeeLamports: budget?.priorityFeeLamports ?? null,
  };
}

/** A transaction as it is signed: what the row records before it is sent. */
export interface SignedTransaction {
  signature: string;
  lastValidBlockHeight: number | null;
  budget?: ComputeBudget | null;
}

/**
 * pending → submitted, or submitted → submitted with a new signature (a re-send, only from the
 * signature it replaces). Runs before the transaction is sent: refused, nothing is sent. The new
 * transaction has not been broadcast yet.
 */
export async function markSubmitted(
  trx: Db,
  ctx: ServiceContext,
  id: string,
  signed: SignedTransaction,
  previous: string | null,
): Promise<void> {
  const now = isoNow(ctx);
  const { signature, lastValidBlockHeight, budget } = signed;
  let update = trx
    .updateTable("settlements")
    .set((eb) => ({
      signature,
      lastValidBlockHeight,
      ...budgetColumns(budget),
      broadcasts: 0,
      status: "submitted",
      attempts: eb("attempts", "+", 1),
      submittedAt: now,
      lastError: null,
      updatedAt: now,
    }))
    .where("id", "=", id);
  update = previous ? update.where("status", "=", "submitted").where("signature", "=", previous) : update.where("status", "=", "pending");
  const { numUpdatedRows } = await update.executeTakeFirst();
  if (numUpdatedRows !== 1n) throw conflict(IN_FLIGHT);
}

/** How many times the row's transaction `signature` has been broadcast so far (never lowered). */
export async function noteBroadcasts(db: Db, id: string, signature: string, count: number): Promise<void> {
  await db
    .updateTable("settlements")
    .set({ broadcasts: count })
    .where("id", "=", id)
    .where("signature", "=", signature)
    .where("broadcasts", "<", count)
    .execute();
}

/** Ends a row as failed (from `status`, and from that signature when given), the reason in words. */
export async function markFailed(
  trx: Db,
  ctx: ServiceContext,
  id: string,
  lastError: string,
  from: { status: "awaiting_approval" | "pending" | "submitted"; signature?: string },
): Promise<boolean> {
  let update = trx
    .updateTable("settlements")
    .set({ status: "failed", lastError, updatedAt: isoNow(ctx) })
    .where("id", "=", id)
    .where("status", "=", from.status);
  if (from.signature) update = update.where("signature", "=", from.signature);
  const failed = await update.returning(["id", "kind", "orderId", "signature", "cluster"]).executeTakeFirst();
  if (!failed) return false;
  // Every settlement that fails ends here: the team hears of it in the same transaction.
  await recordEvent(trx, ctx, "settlement.failed", {
    settlementId: failed.id,
    kind: failed.kind,
    orderId: failed.orderId,
    signature: failed.signature,
    cluster: failed.cluster,
    reason: lastError,
  });
  return true;
}

/**
 * Ends a row as confirmed, by `signature` when known (idempotent: the request and the re-check may
 * both see the same confirmation), with what a dispute payout paid each party.
 */
export async function markConfirmed(
  trx: Db,
  ctx: ServiceContext,
  id: string,
  signature: string | null,
  cluster: string | null,
  paid: PaidShares | null = null,
): Promise<void> {
  const now = isoNow(ctx);
  const shares = paid ? { paidBuyer: paid.buyer.toString(), paidSeller: paid.seller.toString() } : {};
  await trx
    .updateTable("settlements")
    .set({
      status: "confirmed",
      ...(signature ? { signature } : {}),
      cluster,
      lastError: null,
      ...shares,
      confirmedAt: now,
      updatedAt: now,
    })
    .where("id", "=", id)
    .where("status", "in", ["pending", "submitted"])
    .execute();
}

/** A submitted row whose outcome is not known yet: stays submitted, says why (the re-check finishes it). */
export async function noteUnknown(trx: Db, id: string, signature: string, lastError: string): Promise<void> {
  await trx
    .updateTable("settlements")
    .set({ lastError })
    .where("id", "=", id)
    .where("status", "=", "submitted")
    .where("signature", "=", signature)
    .execute();
}

/**
 * A transaction was sent for the row without a signing hook (the marketplace initialization): one
 * more attempt, submitted under `signature` when the chain layer named it.
 */
export async function markSent(trx: Db, ctx: ServiceContext, id: string, signature: string | null): Promise<void> {
  const now = isoNow(ctx);
  await trx
    .updateTable("settlements")
    .set((eb) => ({ status: "submitted", signature, attempts: eb("attempts", "+", 1), submittedAt: now, updatedAt: now }))
    .where("id", "=", id)
    .where("status", "=", "pending")
    .execute();
}

/**
 * Refused before anything was sent: a first request leaves no row (the request simply failed); a
 * retry's row, or an approved proposal's (two admins' decision, kept on record), is failed again,
 * with the new reason. True when the row was the caller's to release.
 */
export async function releaseUnsent(trx: Db, ctx: ServiceContext, row: SettlementRow, reason: string): Promise<boolean> {
  if (row.attempts === 0 && row.status === "pending" && row.approvedBy === null) {
    const { numDeletedRows } = await trx
      .deleteFrom("settlements")
      .where("id", "=", row.id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    return numDeletedRows === 1n;
  }
  return markFailed(trx, ctx, row.id, reason, { status: "pending" });
}

/** How long a re-check worker's claim lasts: past it (the instance died), another may take the row. */
export const CLAIM_MS = 10 * 60_000;

/** A query of settlement rows to claim: it selects their ids. */
export type ClaimQuery = (
  rows: SelectQueryBuilder<Database, "settlements", { id: string }>,
) => SelectQueryBuilder<Database, "settlements", { id: string }>;

/**
 * Claims for worker `owner` the rows `select` picks that no other worker holds: the rows are locked
 * as they are picked (PostgreSQL: FOR UPDATE SKIP LOCKED, so a second instance picking at the same
 * moment skips them; SQLite has one writer at a time), then leased until now + CLAIM_MS, which
 * outlives the statement. Release each with releaseClaim when done.
 */
export async function claimRows(ctx: ServiceContext, owner: string, select: ClaimQuery): Promise<SettlementRow[]> {
  const now = ctx.now();
  const postgres = engineOf(ctx.db) === "postgres";
  return ctx.db
    .updateTable("settlements")
    .set({ claimedBy: owner, claimedUntil: now + CLAIM_MS })
    .where("id", "in", (eb) =>
      select(
        eb
          .selectFrom("settlements")
          .select("id")
          .where((w) => w.or([w("claimedUntil", "is", null), w("claimedUntil", "<", now)])),
      )
        .limit(100)
        .$if(postgres, (q) => q.forUpdate().skipLocked()),
    )
    .returningAll()
    .execute();
}

/** Gives a claimed row back (only the worker holding it can). */
export async function releaseClaim(trx: Db, id: string, owner: string): Promise<void> {
  await trx
    .updateTable("settlements")
    .set({ claimedBy: null, claimedUntil: null })
    .where("id", "=", id)
    .where("claimedBy", "=", owner)
    .execute();
}
