// The rules a dispute payout is sent under are those in force when it is sent, not those of its
// first decision: PAYOUT_APPROVALS, REQUIRE_SIGNED_DECISIONS and who is an admin may all have changed
// since (a restart, a wallet removed from ADMIN_WALLETS, a user demoted). A payout sent again without
// a new decision (a retry as decided, the re-check's re-send once the first transaction can no longer
// land) must already satisfy today's rules; otherwise a person decides again.
import { permissionDenied, roleGrants, type Permission } from "../../contract/permissions.ts";
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

type Part = "proposer" | "approver" | "deciding admin";

export const noLongerAdmin = (role: Part, publicKey: string) =>
  `The payout's ${role} ${publicKey} is no longer an admin: nothing was sent. Decide the payout again`;

export const noLongerHolds = (role: Part, publicKey: string, permission: Permission) =>
  `The payout's ${role} ${publicKey} no longer holds ${permission}: nothing was sent. Decide the payout again`;

/** Whether the acting admin's role grants `permission` (an admin with no role: an owner's tools and tests). */
export const holds = (admin: AdminIdentity, permission: Permission): boolean => !admin.role || roleGrants(admin.role, permission);

/** 403 naming the permission the acting admin's role lacks. */
export function assertHolds(admin: AdminIdentity, permission: Permission): void {
  if (!holds(admin, permission)) throw forbidden(permissionDenied(permission));
}

/**
 * A resolve that pays at once (no four eyes) both proposes and approves: the admin needs both
 * permissions (the route itself declares payouts.propose).
 */
export function assertMayPayAtOnce(ctx: ServiceContext, admin: AdminIdentity): void {
  if (approvalsRequired(ctx) > 1) return;
  assertHolds(admin, "payouts.propose");
  assertHolds(admin, "payouts.approve");
}

/**
 * Why `publicKey`, the payout's `part`, may not stand for it now: no longer an admin, or its team role
 * no longer grants each of `permissions` (the rules in force, read now); null when it may.
 */
export async function whyNotHolding(
  ctx: ServiceContext,
  part: Part,
  publicKey: string,
  ...permissions: Permission[]
): Promise<string | null> {
  if (!ctx.admins) return null;
  const role = await ctx.admins.roleOf(publicKey);
  if (!role) return noLongerAdmin(part, publicKey);
  const lacking = permissions.find((permission) => !roleGrants(role, permission));
  return lacking ? noLongerHolds(part, publicKey, lacking) : null;
}

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
  return (
    (await whyNotHolding(ctx, "proposer", row.requestedBy, "payouts.propose")) ??
    (await whyNotHolding(ctx, "approver", approver, "payouts.approve"))
  );
}

/**
 * Why the row's decision may not be sent again, with nobody deciding anew (the re-check), under
 * today's rules; null when it may: its deciding admin is still one, it stands approved under four
 * eyes, and it was signed (approval included) when signed decisions are required.
 */
export async function whyNotSendable(ctx: ServiceContext, row: SettlementRow): Promise<string | null> {
  if (approvalsRequired(ctx) < 2) {
    const why = await whyNotHolding(ctx, "deciding admin", row.requestedBy, "payouts.propose", "payouts.approve");
    if (why) return why;
  }
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
