// Signed dispute decisions (beyond the core API). Before a resolution is sent, the server writes it out
// in words (order, resolution, what each party receives in the token, the admin, the time, a fresh
// nonce and the reason) for the session's wallet to sign. The resolve call then carries the nonce and
// the signature: the nonce is taken once, the text must state this very resolution by this admin, and
// the signature must be the session wallet's. The text and signature then travel with the settlement to
// the audit entry of the resolution, where anyone can check them again (`npm run audit:verify`).
// A hardware wallet, which signs transactions but not messages, signs the text as the memo of a
// transaction that is never sent (auth/memo-transaction.ts); that transaction travels with them.
import { randomBytes } from "node:crypto";
import type { DecisionChallenge, DisputeDecisionInput, DisputeResolution, DisputeResolutionInput, Payout } from "../../contract/index.ts";
import { memoTransactionProblem, memoTransactionSignature } from "../auth/memo-transaction.ts";
import { verifySolanaSignature } from "../auth/signature.ts";
import { badRequest, conflict } from "../http/errors.ts";
import type { AcceptedDecision, AdminIdentity, DecisionPolicy, ServiceContext } from "./ports.ts";
import { previewDisputeResolution } from "./preview.ts";

export const DEFAULT_DECISION_POLICY: DecisionPolicy = { required: false, domain: "localhost", ttlMs: 5 * 60_000 };

/** Decisions one admin may have waiting to be signed: asking again past this drops their own oldest. */
export const MAX_WAITING_DECISIONS = 5;

const SIGNATURE_REQUIRED = "this server accepts only resolutions signed by the admin's wallet; sign the decision and send it again";
/** The body field that carries the signature: signedDecision on a resolve, decision on an approval. */
type SignedField = "signedDecision" | "decision";
const REFUSED = (why: string, field: SignedField) => badRequest(`${field}: ${why}`, [{ field, message: why }]);

const RESOLUTION_TEXT: Record<DisputeResolution, (percent: number | null) => string> = {
  REFUND_BUYER: () => "Refund the buyer in full",
  RELEASE_TO_SELLER: () => "Release the funds to the seller",
  PARTIAL_REFUND: (percent) => `Partial refund: ${percent}% to the buyer, ${100 - (percent ?? 0)}% to the seller`,
};

/**
 * The admin's reason comes last, after this line, each of its lines quoted ("> "): no line of it can
 * read as one the server wrote. Texts signed before kept it on one "Reason: " line (LEGACY_REASON).
 */
export const REASON_MARKER = "Reason, as the admin wrote it:";
const LEGACY_REASON = "Reason: ";
const quoted = (reason: string) => reason.split("\n").map((line) => `> ${line}`);

interface DecisionFields {
  domain: string;
  orderId: string;
  decision: DisputeDecisionInput;
  payouts: Payout[];
  admin: string;
  issuedAt: number;
  expiresAt: number;
  nonce: string;
}

/**
 * The lines that state the payout itself: the order, the resolution and what each party receives.
 * Two admins' texts over the same payout share them (an approval is checked against its proposal so).
 */
export function payoutLines(f: {
  orderId: string;
  decision: { resolution: DisputeResolution; refundPercentage?: number | null };
  payouts: Payout[];
}): string[] {
  const receives = (party: Payout["party"], label: string) => {
    const payout = f.payouts.find((p) => p.party === party);
    return `${label} receives: ${payout ? `${payout.uiAmount} ${payout.symbol} to ${payout.wallet}` : "nothing"}`;
  };
  return [
    `Order: ${f.orderId}`,
    `Resolution: ${RESOLUTION_TEXT[f.decision.resolution](f.decision.refundPercentage ?? null)}`,
    receives("buyer", "Buyer"),
    receives("seller", "Seller"),
  ];
}

/**
 * The text to sign. The reason, the one part the admin wrote, comes last and quoted: nothing after it
 * can be spoofed, and nothing in it passes for a line of the server's.
 */
export function decisionText(f: DecisionFields): string {
  return [
    `${f.domain} asks you to sign this dispute decision:`,
    "",
    ...payoutLines(f),
    `Admin: ${f.admin}`,
    `Issued At: ${new Date(f.issuedAt).toISOString()}`,
    `Expiration Time: ${new Date(f.expiresAt).toISOString()}`,
    `Nonce: ${f.nonce}`,
    REASON_MARKER,
    ...quoted(f.decision.adminNotes),
  ].join("\n");
}

/** The lines the server wrote (everything before the reason): what an approval or an offline check compares. */
export function decisionHead(message: string): string[] {
  const lines = message.split("\n");
  const reason = lines.findIndex((line) => line === REASON_MARKER || line.startsWith(LEGACY_REASON));
  return reason === -1 ? lines : lines.slice(0, reason);
}

const policyOf = (ctx: ServiceContext) => ctx.decisions ?? DEFAULT_DECISION_POLICY;
const sameDecision = (a: DisputeDecisionInput, b: DisputeDecisionInput) =>
  a.resolution === b.resolution && (a.refundPercentage ?? null) === (b.refundPercentage ?? null) && a.adminNotes === b.adminNotes;

/**
 * Writes the decision out for `admin` to sign: the amounts come from a simulation of the very
 * transaction the resolve would send, so a resolution the chain would refuse is not offered (409).
 */
export async function writeDecision(
  ctx: ServiceContext,
  admin: AdminIdentity,
  orderId: string,
  decision: DisputeDecisionInput,
): Promise<DecisionChallenge> {
  const preview = await previewDisputeResolution(ctx, orderId, decision);
  if (!preview.simulation.ok)
    throw conflict(`This resolution cannot be signed: its transaction would fail (${preview.simulation.error ?? "simulation failed"})`);
  const policy = policyOf(ctx);
  const issuedAt = ctx.now();
  const expiresAt = issuedAt + policy.ttlMs;
  const nonce = randomBytes(16).toString("hex");
  const fields = { domain: policy.domain, orderId, decision, payouts: preview.payouts, admin: admin.publicKey, issuedAt, expiresAt, nonce };
  const message = decisionText(fields);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("decisionChallenges").where("expiresAt", "<=", issuedAt).execute();
    await trx
      .insertInto("decisionChallenges")
      .values({
        nonce,
        orderId,
        adminPublicKey: admin.publicKey,
        decision: JSON.stringify(decision),
        message,
        expiresAt,
        payouts: JSON.stringify(preview.payouts),
      })
      .execute();
    // Bounded per admin without refusing anyone: their own oldest waiting decisions go first.
    const keep = await trx
      .selectFrom("decisionChallenges")
      .select("nonce")
      .where("adminPublicKey", "=", admin.publicKey)
      .orderBy("expiresAt", "desc")
      .limit(MAX_WAITING_DECISIONS)
      .execute();
    await trx
      .deleteFrom("decisionChallenges")
      .where("adminPublicKey", "=", admin.publicKey)
      .where(
        "nonce",
        "not in",
        keep.map((k) => k.nonce),
      )
      .execute();
  });
  return { message, nonce, expiresAt: new Date(expiresAt).toISOString() };
}

/**
 * The proof behind a resolve request (with the payouts its text states), or null for an unsigned one
 * the policy allows. The nonce is taken whatever the outcome, so a signature is good for one attempt at most.
 */
export async function acceptDecision(
  ctx: ServiceContext,
  admin: AdminIdentity,
  orderId: string,
  input: DisputeResolutionInput,
  field: SignedField = "signedDecision",
): Promise<AcceptedDecision | null> {
  const signed = input.signedDecision;
  if (!signed) {
    if (policyOf(ctx).required) throw REFUSED(SIGNATURE_REQUIRED, field);
    return null;
  }
  const challenge = await ctx.db.deleteFrom("decisionChallenges").where("nonce", "=", signed.nonce).returningAll().executeTakeFirst();
  if (!challenge || challenge.expiresAt <= ctx.now()) throw REFUSED("the decision expired or was already used; sign it again", field);
  if (challenge.adminPublicKey !== admin.publicKey) throw REFUSED("the decision was written for another admin's wallet", field);
  const { resolution, refundPercentage, adminNotes } = input;
  if (
    challenge.orderId !== orderId ||
    !sameDecision(JSON.parse(challenge.decision) as DisputeDecisionInput, { resolution, refundPercentage, adminNotes })
  ) {
    throw REFUSED("the signed decision is not this resolution; sign the decision as it is now", field);
  }
  const transaction = signed.signedTransaction ?? null;
  if (transaction !== null) {
    // A hardware wallet's: the text is the memo of a transaction never sent (auth/memo-transaction.ts).
    const problem =
      memoTransactionSignature(transaction) !== signed.signature
        ? "the signature is not the signed transaction's"
        : memoTransactionProblem(admin.publicKey, transaction, challenge.message);
    if (problem) throw REFUSED(`the signed transaction does not hold: ${problem}`, field);
  } else if (!verifySolanaSignature(admin.publicKey, signed.signature, challenge.message)) {
    throw REFUSED(`the signature is not by the wallet signed in (${admin.publicKey})`, field);
  }
  // A challenge written before its payouts were kept (migration 016) states them only in words: it expired since.
  if (challenge.payouts === null) throw REFUSED("the decision expired or was already used; sign it again", field);
  return { message: challenge.message, signature: signed.signature, transaction, payouts: JSON.parse(challenge.payouts) as Payout[] };
}
