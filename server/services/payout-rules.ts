// The rules a dispute payout is sent under are those in force when it is sent, not those of its
// first decision: PAYOUT_APPROVALS, REQUIRE_SIGNED_DECISIONS and who is an admin may all have changed
// since (a restart, a wallet removed from ADMIN_WALLETS, a user demoted). A payout sent again without
// a new decision (a retry as decided, the re-check's re-send once the first transaction can no longer
// land) must already satisfy today's rules; otherwise a person decides again.
import type { SettlementRow } from "../db/schema.ts";
import { conflict, forbidden } from "../http/errors.ts";
import type { AdminIdentity, ServiceContext } from "./ports.ts";

/** PAYOUT_APPROVALS: how many admins must agree on a dispute payout now. */
export const approvalsRequired = (ctx: ServiceContext): number => ctx.approvals?.required ?? 1;

export const DEMO_NOT_AN_APPROVER =
  "The local demo wallet cannot propose or approve payouts while PAYOUT_APPROVALS=2: anyone on this machine can fetch its key, " +
  "so it cannot be one of the two admins. Sign in with your own wallet";

/** Whether `publicKey` may act as an admin now (the guard's test); without a directory, whoever passed the guard. */
export const isAdminNow = (ctx: ServiceContext, publicKey: string): Promise<boolean> =>
  ctx.admins?.isAdmin(publicKey) ?? Promise.resolve(true);

const isDemoWallet = (ctx: ServiceContext, publicKey: string | null) => publicKey !== null && publicKey === ctx.admins?.demoWallet;

/** Under four eyes the demo wallet is nobody's second pair of eyes: it may not propose or approve (403). */
export function assertMayDecide(ctx: ServiceContext, admin: AdminIdentity): void {
  if (approvalsRequired(ctx) > 1 && isDemoWallet(ctx, admin.publicKey)) throw forbidden(DEMO_NOT_AN_APPROVER);
}

export const noLongerAdmin = (role: "proposer" | "approver" | "deciding admin", publicKey: string) =>
  `The payout's ${role} ${publicKey} is no longer an admin: nothing was sent. Decide the payout again`;

export const NOT_APPROVED =
  "Under PAYOUT_APPROVALS=2 a second admin must approve this payout, and none did: nothing was sent. Retry it to propose it for approval";

/**
 * Under four eyes, why the row does not stand approved today, or null when it does: two different
 * admins, neither the demo wallet, both still admins, proposed and approved it.
 */
export async function whyNotApproved(ctx: ServiceContext, row: SettlementRow): Promise<string | null> {
  if (approvalsRequired(ctx) < 2) return null;
  const approver = row.approvedBy;
  if (approver === null || approver === row.requestedBy || isDemoWallet(ctx, approver) || isDemoWallet(ctx, row.requestedBy))
    return NOT_APPROVED;
  if (!(await isAdminNow(ctx, row.requestedBy))) return noLongerAdmin("proposer", row.requestedBy);
  if (!(await isAdminNow(ctx, approver))) return noLongerAdmin("approver", approver);
  return null;
}

/**
 * Why the row's decision may not be sent again, with nobody deciding anew (the re-check), under
 * today's rules; null when it may: its deciding admin is still one, it stands approved under four
 * eyes, and it was signed (approval included) when signed decisions are required.
 */
export async function whyNotSendable(ctx: ServiceContext, row: SettlementRow): Promise<string | null> {
  if (approvalsRequired(ctx) < 2 && !(await isAdminNow(ctx, row.requestedBy))) return noLongerAdmin("deciding admin", row.requestedBy);
  const unapproved = await whyNotApproved(ctx, row);
  if (unapproved) return unapproved;
  if (ctx.decisions?.required && (row.decisionSignature === null || (row.approvedBy !== null && row.approvalSignature === null))) {
    return "REQUIRE_SIGNED_DECISIONS is set and this payout's decision was not signed: nothing was sent. Retry it with a signed decision";
  }
  return null;
}

/** Refuses (409, nothing sent) a re-send that today's rules do not cover. */
export async function assertSendable(ctx: ServiceContext, row: SettlementRow): Promise<void> {
  const why = await whyNotSendable(ctx, row);
  if (why) throw conflict(why);
}
