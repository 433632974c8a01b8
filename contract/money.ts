// The money path beyond the core API: the payout preview of a dispute resolution, the settlement queue
// and the reconciliation of the database with the escrows on chain. Additive calls of the reference
// server (published in its OpenAPI document); a console talking to an API without them hides what
// needs them (each answers 404 there).
import { z } from "./zod.ts";
import { base58, count, text, time } from "./primitives.ts";
import { AUTHORITY_LOW_SETTLEMENTS, SETTLEMENTS_COVERED_MAX } from "./constants.ts";
import { DISPUTE_RESOLUTIONS, SETTLEMENT_KINDS, SETTLEMENT_QUEUE_STATUSES } from "./schemas.ts";
/** An amount in the token's base units, as a decimal string (u64 does not fit a JSON number). */
export const baseUnits = z.string().regex(/^\d+$/).meta({ description: "Base units (decimal string)" });

// ---- Payout preview: POST /admin/orders/{id}/resolve-dispute/preview (the resolve body) ----

export const PAYOUT_PARTIES = ["buyer", "seller"] as const;

export const payoutSchema = z
  .object({
    party: z.enum(PAYOUT_PARTIES),
    wallet: base58,
    tokenAccount: base58,
    amount: baseUnits,
    uiAmount: text.meta({ description: "The amount with the token's decimals, e.g. 7.5" }),
    symbol: text,
  })
  .meta({ id: "Payout" });

export const payoutPreviewSchema = z
  .object({
    payouts: z.array(payoutSchema).meta({ description: "Only the parties that receive something" }),
    networkFeeLamports: count.meta({ description: "The base fee plus the priority fee" }),
    priorityFeeLamports: count.optional().meta({ description: "The priority fee bid to land under fee pressure (0 without a fee market)" }),
    rentLamports: count.meta({ description: "Rent of the token accounts the transaction creates" }),
    simulation: z.object({
      ok: z.boolean(),
      error: text.optional().meta({ description: "Why the transaction would fail, in words" }),
      logs: z.array(text),
    }),
    screening: z
      .object({
        lists: z.array(text),
        version: text.meta({ description: "The lists' content hash" }),
        listed: z
          .array(z.object({ party: z.enum(PAYOUT_PARTIES), wallet: base58, list: text, entryId: text.nullish() }))
          .meta({ description: "The parties on a list: the payout would be refused" }),
      })
      .optional()
      .meta({ description: "Beyond the core API: the lists the parties were screened against; absent when nothing is screened" }),
  })
  .meta({
    id: "PayoutPreview",
    description: "What the resolution would pay, from a simulation of the very transaction that would be sent.",
  });

// ---- Signed decisions: POST /admin/orders/{id}/resolve-dispute/decision (the resolve body) ----

export const decisionChallengeSchema = z
  .object({
    message: text.meta({
      description: "The decision in words (order, resolution, amounts, reason, time, nonce): sign these exact UTF-8 bytes",
    }),
    nonce: text,
    expiresAt: time,
  })
  .meta({
    id: "DecisionChallenge",
    description: "The text the session's wallet signs before the resolution is sent with its signature (signedDecision).",
  });

// ---- Settlement queue: GET /admin/settlements, POST /admin/settlements/{id}/retry ----

export const settlementAmountsSchema = z
  .object({
    buyer: baseUnits.meta({ description: "What the buyer received, or is to receive" }),
    seller: baseUnits.meta({ description: "What the seller received, or is to receive" }),
    mint: base58.nullable().meta({ description: "The order's token; null for native SOL" }),
    symbol: text,
    decimals: count,
  })
  .meta({
    id: "SettlementAmounts",
    description:
      "A dispute payout's split in the order's token: once confirmed, what the chain paid; before, what the decision pays (a proposal's previewed amounts, else the split of the order's total)",
  });

export const settlementSchema = z
  .object({
    id: text,
    orderId: text.nullable().meta({ description: "Null for the marketplace initialization" }),
    kind: z.enum(SETTLEMENT_KINDS),
    status: z.enum(SETTLEMENT_QUEUE_STATUSES),
    attempts: count,
    signature: base58.nullable(),
    lastValidBlockHeight: z.number().int().nullable().optional(),
    lastError: text.nullable(),
    cluster: text.nullable().optional(),
    requestedBy: base58.nullable().optional().meta({ description: "The admin wallet that asked for it (under four eyes: the proposer)" }),
    resolution: z.enum(DISPUTE_RESOLUTIONS).nullish().meta({ description: "A dispute payout's decision" }),
    refundPercentage: z.number().int().nullish(),
    adminNotes: text.nullish().meta({ description: "The reason the deciding admin gave" }),
    payouts: z.array(payoutSchema).nullish().meta({ description: "A proposal's previewed amounts, as they were when it was proposed" }),
    amounts: settlementAmountsSchema.nullish().meta({ description: "A dispute payout's amounts; null for the marketplace initialization" }),
    expiresAt: time.nullish().meta({ description: "A proposal's end: past it, it can no longer be approved" }),
    approvedBy: base58.nullish().meta({ description: "The second admin wallet that approved the proposal" }),
    computeUnitLimit: count
      .nullish()
      .meta({ description: "The compute unit limit its latest transaction was signed with (null: none set, no fee market)" }),
    computeUnitsUsed: count.nullish().meta({ description: "The compute units that transaction used in its simulation" }),
    computeUnitPrice: count.nullish().meta({ description: "Its priority fee per compute unit, in micro-lamports" }),
    priorityFeeLamports: count.nullish().meta({ description: "The priority fee it pays over the base fee (limit × price)" }),
    broadcasts: count
      .optional()
      .meta({ description: "How many times that transaction was broadcast (re-broadcasts of the same bytes included)" }),
    createdAt: time,
    updatedAt: time,
  })
  .meta({ id: "Settlement" });

// ---- Four eyes (PAYOUT_APPROVALS=2): a resolution is a proposal until a second admin approves it ----

export const payoutProposalSchema = z.object({ status: z.literal("awaiting_approval"), settlementId: text }).meta({
  id: "PayoutProposal",
  description: "The resolution was recorded as a proposal: another admin must approve it before anything is sent (202).",
});

export const approvalResultSchema = z
  .object({ status: z.enum(SETTLEMENT_QUEUE_STATUSES), transactionSignature: base58 })
  .meta({ id: "ApprovalResult", description: "The approved payout's transaction and its settlement's status" });

export const settlementListSchema = z.object({ items: z.array(settlementSchema), total: count });

// ---- Totals paid: GET /admin/settlements/totals ----

export const settlementTotalSchema = z
  .object({
    mint: base58.nullable().meta({ description: "Null for native SOL" }),
    symbol: text,
    decimals: count,
    buyer: baseUnits.meta({ description: "Paid to buyers (refunds)" }),
    seller: baseUnits.meta({ description: "Paid to sellers" }),
    total: baseUnits.meta({ description: "Both together: what left the escrows" }),
    payouts: count.meta({ description: "How many confirmed payouts" }),
  })
  .meta({ id: "SettlementTotal" });

export const settlementTotalsSchema = z
  .object({
    from: time.nullable().meta({ description: "The period's start as asked (inclusive); null: since the first payout" }),
    to: time.nullable().meta({ description: "The period's end as asked (inclusive); null: up to now" }),
    tokens: z.array(settlementTotalSchema).meta({ description: "One per token paid in the period, the most payouts first" }),
  })
  .meta({ id: "SettlementTotals", description: "The dispute payouts confirmed in a period, summed per token (beyond the core API)" });

// ---- Reconciliation: GET /admin/reconciliation, npm run reconcile ----

export const MISMATCH_KINDS = [
  /** A settled (COMPLETED/REFUNDED) order whose escrow still holds tokens. */
  "funds_left_after_settlement",
  /** An ACTIVE or DISPUTED order whose escrow account does not exist. */
  "escrow_missing",
  /** An ACTIVE or DISPUTED order whose escrow holds nothing. */
  "escrow_empty",
  /** An escrow owned by another authority than this server's. */
  "wrong_authority",
  /** An open order's escrow holding another amount than the order's total. */
  "amount_differs",
] as const;
export type MismatchKind = (typeof MISMATCH_KINDS)[number];

export const mismatchSchema = z
  .object({
    orderId: text,
    kind: z.enum(MISMATCH_KINDS),
    escrow: base58.nullable(),
    expected: text.nullable().meta({ description: "What the database says (base units, or an authority)" }),
    actual: text.nullable().meta({ description: "What the chain says" }),
    detail: text,
  })
  .meta({ id: "ReconciliationMismatch" });

export const reconciliationSchema = z
  .object({
    checkedAt: time,
    cluster: text,
    ordersChecked: count,
    mismatches: z.array(mismatchSchema),
  })
  .meta({ id: "Reconciliation" });

export type Payout = z.infer<typeof payoutSchema>;
export type DecisionChallenge = z.infer<typeof decisionChallengeSchema>;
export type PayoutPreview = z.infer<typeof payoutPreviewSchema>;
export type Settlement = z.infer<typeof settlementSchema>;
export type SettlementAmounts = z.infer<typeof settlementAmountsSchema>;
export type SettlementTotal = z.infer<typeof settlementTotalSchema>;
export type SettlementTotals = z.infer<typeof settlementTotalsSchema>;
export type PayoutProposal = z.infer<typeof payoutProposalSchema>;
export type ApprovalResult = z.infer<typeof approvalResultSchema>;
export type Mismatch = z.infer<typeof mismatchSchema>;
export type Reconciliation = z.infer<typeof reconciliationSchema>;

// ---- Authority health: GET /admin/authority ----

export const authorityHealthSchema = z
  .object({
    cluster: text.meta({ description: "localnet-inprocess, localnet, devnet, testnet, mainnet-beta or custom" }),
    authority: base58,
    lamports: baseUnits.meta({ description: "The authority's SOL balance in lamports (decimal string)" }),
    settlementCostLamports: baseUnits.meta({
      description: "What one settlement can cost at most: its fee and the rent of the token accounts it may create",
    }),
    settlementsCovered: count.max(SETTLEMENTS_COVERED_MAX).meta({ description: `At most ${SETTLEMENTS_COVERED_MAX}: that many or more` }),
    low: z.boolean().meta({ description: `True when the balance covers fewer than ${AUTHORITY_LOW_SETTLEMENTS} settlements` }),
  })
  .meta({ id: "AuthorityHealth" });

export type AuthorityHealth = z.infer<typeof authorityHealthSchema>;
