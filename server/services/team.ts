// The admin team (beyond the core API): an owner adds a wallet with a role, changes a role or removes
// a wallet, each audited with its reason. ADMIN_WALLETS are the configuration's owners and change only
// there. No change may leave the team without an owner, or with fewer holders of payouts.approve than
// PAYOUT_APPROVALS needs. Under four eyes, granting a guarded role (owner, treasury) is a proposal a
// second owner approves, expiring as payout proposals do. Every check reads the database, so a change
// holds on every instance at its next request.
import { GUARDED_ROLES, roleGrants, type TeamRole } from "../../contract/permissions.ts";
import type { TeamMember, TeamProposal } from "../../contract/team.ts";
import { isPublicKey } from "../auth/base58.ts";
import type { AdminTeamRow, TeamProposalRow } from "../db/schema.ts";
import {
  closeTeamProposal,
  deleteTeamMember,
  deleteWalletSessions,
  ensureAdminUser,
  insertTeamProposal,
  pendingTeamProposalRows,
  setTeamRole,
  teamMemberRow,
  teamMemberRows,
  teamProposalRow,
  teamProposalRows,
  upsertTeamMember,
  usersByKeys,
} from "../db/team.ts";
import { conflict, forbidden, invalidRequest, notFound } from "../http/errors.ts";
import { recordAudit } from "./audit.ts";
import { recordEvent } from "./webhooks.ts";
import { isoNow } from "./context.ts";
import { DEFAULT_APPROVAL_HOURS, expireProposals } from "./payout-approvals.ts";
import { approvalsRequired } from "./payout-rules.ts";
import type { AdminIdentity, ServiceContext } from "./ports.ts";

/** The services' context and the configuration's owners (ADMIN_WALLETS and the demo wallet). */
export type TeamContext = ServiceContext & { adminWallets: ReadonlySet<string> };

export const CONFIGURATION_MEMBER = "This wallet is in ADMIN_WALLETS (an owner by configuration): change ADMIN_WALLETS to change it";
export const NO_OWNER_LEFT = "This change would leave the team without an owner: make another wallet an owner first";
export const SELF_APPROVAL = "Another owner must approve this grant: its proposer cannot approve it";

const MEMBER = "Team member";

// ---- Reading ----

/** Every member: the configuration's owners first, then the team's wallets, with each one's user. */
export async function listTeam(ctx: TeamContext): Promise<TeamMember[]> {
  const rows = (await teamMemberRows(ctx.db)).filter((row) => !ctx.adminWallets.has(row.publicKey));
  const keys = [...ctx.adminWallets, ...rows.map((row) => row.publicKey)];
  const users = new Map((await usersByKeys(ctx.db, keys)).map((user) => [user.publicKey, user]));
  const person = (publicKey: string) => ({
    displayName: users.get(publicKey)?.displayName ?? null,
    userId: users.get(publicKey)?.id ?? null,
  });
  return [
    ...[...ctx.adminWallets].map((publicKey) => ({
      publicKey,
      role: "owner" as const,
      source: "configuration" as const,
      ...person(publicKey),
      addedBy: null,
      addedAt: null,
      updatedAt: null,
    })),
    ...rows.map((row) => toMember(row, person(row.publicKey))),
  ];
}

const toMember = (row: AdminTeamRow, person: { displayName: string | null; userId: string | null }): TeamMember => ({
  publicKey: row.publicKey,
  role: row.role,
  source: "team",
  ...person,
  addedBy: row.addedBy,
  addedAt: row.addedAt,
  updatedAt: row.updatedAt,
});

async function memberOf(ctx: TeamContext, publicKey: string): Promise<TeamMember> {
  const member = (await listTeam(ctx)).find((m) => m.publicKey === publicKey);
  if (!member) throw notFound(MEMBER);
  return member;
}

const toProposal = (row: TeamProposalRow): TeamProposal => ({ ...row });

/** The grants proposed, newest first, those past their end closed as expired first. */
export async function listTeamProposals(ctx: TeamContext): Promise<TeamProposal[]> {
  await expireTeamProposals(ctx);
  return (await teamProposalRows(ctx.db)).map(toProposal);
}

// ---- The rules ----

/**
 * Refuses (409) a change whose team would have no owner, or fewer holders of payouts.approve than
 * PAYOUT_APPROVALS needs (the demo wallet, which nobody may count on, aside). Owners are the holders
 * of team.manage, which only the owner role grants.
 */
async function assertTeamHolds(ctx: TeamContext, publicKey: string, role: TeamRole | null): Promise<void> {
  // The demo wallet, whose key anyone on the machine can fetch, is nobody's owner or approver to count on.
  const before = new Map((await listTeam(ctx)).map((m) => [m.publicKey, m.role as TeamRole]));
  before.delete(ctx.admins?.demoWallet ?? "");
  const after = new Map(before);
  if (role) after.set(publicKey, role);
  else after.delete(publicKey);
  const count = (team: Map<string, TeamRole>, permission: "team.manage" | "payouts.approve") =>
    [...team.values()].filter((r) => roleGrants(r, permission)).length;
  // Only a change that lowers a count is refused: one that leaves a short team as short is not.
  const owners = count(after, "team.manage");
  if (owners === 0 && owners < count(before, "team.manage")) throw conflict(NO_OWNER_LEFT);
  const approvers = count(after, "payouts.approve");
  const required = approvalsRequired(ctx);
  if (approvers < required && approvers < count(before, "payouts.approve")) {
    throw conflict(
      `This change would leave ${approvers} admin(s) who may approve payouts, and PAYOUT_APPROVALS needs ${required}: grant payouts.approve to another admin first`,
    );
  }
}

/** Whether granting `role` waits for a second owner: a guarded role, under four eyes. */
const needsSecondOwner = (ctx: TeamContext, role: TeamRole) => approvalsRequired(ctx) > 1 && GUARDED_ROLES.includes(role);

function assertChangeable(ctx: TeamContext, publicKey: string): void {
  if (ctx.adminWallets.has(publicKey)) throw conflict(CONFIGURATION_MEMBER);
}

async function assertNoPendingGrant(ctx: TeamContext, publicKey: string): Promise<void> {
  await expireTeamProposals(ctx);
  if ((await pendingTeamProposalRows(ctx.db)).some((p) => p.publicKey === publicKey))
    throw conflict("A grant for this wallet awaits a second owner: approve or reject it first");
}

// ---- Changes ----

export type TeamChange = { member: TeamMember; proposal?: undefined } | { proposal: TeamProposal; member?: undefined };

/** Adds a wallet with a role (201), or proposes it for a second owner (202). */
export async function addTeamMember(
  ctx: TeamContext,
  admin: AdminIdentity,
  body: { publicKey: string; role: TeamRole; reason: string },
): Promise<TeamChange> {
  const { publicKey, role, reason } = body;
  if (!isPublicKey(publicKey)) throw invalidRequest([{ field: "publicKey", message: "publicKey must be a base58 Solana address" }]);
  assertChangeable(ctx, publicKey);
  if (await teamMemberRow(ctx.db, publicKey)) throw conflict("This wallet is already on the team: change its role instead");
  await assertNoPendingGrant(ctx, publicKey);
  if (needsSecondOwner(ctx, role)) return { proposal: await propose(ctx, admin, "add", publicKey, role, reason) };
  await assertTeamHolds(ctx, publicKey, role);
  await apply(ctx, admin, { kind: "add", publicKey, role, reason, before: null });
  return { member: await memberOf(ctx, publicKey) };
}

/** Changes a team wallet's role (200), or proposes a guarded one for a second owner (202). */
export async function changeTeamRole(
  ctx: TeamContext,
  admin: AdminIdentity,
  publicKey: string,
  body: { role: TeamRole; reason: string },
): Promise<TeamChange> {
  assertChangeable(ctx, publicKey);
  const row = await teamMemberRow(ctx.db, publicKey);
  if (!row) throw notFound(MEMBER);
  await assertNoPendingGrant(ctx, publicKey);
  await assertTeamHolds(ctx, publicKey, body.role);
  if (body.role !== row.role && needsSecondOwner(ctx, body.role))
    return { proposal: await propose(ctx, admin, "change", publicKey, body.role, body.reason) };
  await apply(ctx, admin, { kind: "change", publicKey, role: body.role, reason: body.reason, before: row.role });
  return { member: await memberOf(ctx, publicKey) };
}

/**
 * Removes a team wallet: its sessions end at once (their rows deleted: its next request answers 401),
 * and its payout and team proposals waiting for approval expire. Answers the member as it was.
 */
export async function removeTeamMember(ctx: TeamContext, admin: AdminIdentity, publicKey: string, reason: string): Promise<TeamMember> {
  assertChangeable(ctx, publicKey);
  const member = await memberOf(ctx, publicKey).catch(() => null);
  if (!member || member.source !== "team") throw notFound(MEMBER);
  await assertTeamHolds(ctx, publicKey, null);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await deleteTeamMember(trx, publicKey))) throw notFound(MEMBER);
    await deleteWalletSessions(trx, publicKey);
    await recordEvent(trx, ctx, "team.changed", { change: "remove", publicKey, role: null, before: member.role, by: admin.publicKey });
    await recordAudit(trx, ctx, admin, {
      action: "team.remove",
      targetType: "admin",
      targetId: publicKey,
      reason,
      before: { role: member.role },
      after: { role: null },
    });
  });
  // Its proposals: the payout re-check's pass closes those whose proposer is no longer an admin.
  await expireProposals(ctx);
  for (const proposal of await pendingTeamProposalRows(ctx.db)) {
    if (proposal.proposedBy === publicKey) await closeTeamProposal(ctx.db, proposal.id, "expired", null, isoNow(ctx));
  }
  return member;
}

async function propose(
  ctx: TeamContext,
  admin: AdminIdentity,
  kind: "add" | "change",
  publicKey: string,
  role: TeamRole,
  reason: string,
): Promise<TeamProposal> {
  const now = ctx.now();
  const row: TeamProposalRow = {
    id: ctx.newId(),
    kind,
    publicKey,
    role,
    reason,
    proposedBy: admin.publicKey,
    proposedAt: new Date(now).toISOString(),
    expiresAt: new Date(now + (ctx.approvals?.ttlMs ?? DEFAULT_APPROVAL_HOURS * 3_600_000)).toISOString(),
    status: "pending",
    decidedBy: null,
    decidedAt: null,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await insertTeamProposal(trx, row);
    await recordAudit(trx, ctx, admin, {
      action: "team.propose",
      targetType: "admin",
      targetId: publicKey,
      reason,
      after: { proposalId: row.id, kind, role, expiresAt: row.expiresAt },
    });
  });
  return toProposal(row);
}

/** Writes the change and its audit entry in one transaction; an added wallet's user becomes an ADMIN. */
async function apply(
  ctx: TeamContext,
  admin: AdminIdentity,
  change: { kind: "add" | "change"; publicKey: string; role: TeamRole; reason: string; before: TeamRole | null; proposalId?: string },
): Promise<void> {
  const at = isoNow(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    if (change.kind === "add") {
      await upsertTeamMember(trx, { publicKey: change.publicKey, role: change.role, addedBy: admin.publicKey, addedAt: at, updatedAt: at });
      await ensureAdminUser(trx, { id: ctx.newId(), publicKey: change.publicKey, at });
    } else {
      await setTeamRole(trx, change.publicKey, change.role, at);
    }
    await recordEvent(trx, ctx, "team.changed", {
      change: change.kind,
      publicKey: change.publicKey,
      role: change.role,
      before: change.before,
      by: admin.publicKey,
    });
    await recordAudit(trx, ctx, admin, {
      action: change.kind === "add" ? "team.add" : "team.change",
      targetType: "admin",
      targetId: change.publicKey,
      reason: change.reason,
      before: { role: change.before },
      after: { role: change.role, ...(change.proposalId && { proposalId: change.proposalId }) },
    });
  });
}

// ---- Proposals ----

async function pendingProposal(ctx: TeamContext, id: string): Promise<TeamProposalRow> {
  await expireTeamProposals(ctx);
  const row = await teamProposalRow(ctx.db, id);
  if (!row) throw notFound("Team proposal");
  if (row.status !== "pending") throw conflict(`Only a pending grant can be approved or rejected: this one is ${row.status}`);
  return row;
}

/**
 * A second owner (not its proposer, not the demo wallet) approves a grant: it is applied under the
 * rules in force now. A proposer who is no longer an owner no longer backs it: it expires (409).
 */
export async function approveTeamProposal(ctx: TeamContext, admin: AdminIdentity, id: string): Promise<TeamChange> {
  const row = await pendingProposal(ctx, id);
  if (row.proposedBy === admin.publicKey) throw forbidden(SELF_APPROVAL);
  if (admin.publicKey === ctx.admins?.demoWallet)
    throw forbidden("The local demo wallet cannot approve a grant: sign in with your own wallet");
  const proposerRole = ctx.admins ? await ctx.admins.roleOf(row.proposedBy) : "owner";
  if (!proposerRole || !roleGrants(proposerRole, "team.manage")) {
    await closeTeamProposal(ctx.db, row.id, "expired", null, isoNow(ctx));
    throw conflict(`The grant's proposer ${row.proposedBy} no longer manages the team: nothing was changed. Propose it again`);
  }
  assertChangeable(ctx, row.publicKey);
  const current = await teamMemberRow(ctx.db, row.publicKey);
  if (row.kind === "change" && !current) throw conflict("This wallet is no longer on the team: nothing was changed");
  await assertTeamHolds(ctx, row.publicKey, row.role);
  if (!(await closeTeamProposal(ctx.db, row.id, "approved", admin.publicKey, isoNow(ctx))))
    throw conflict("This grant was already approved, rejected or has expired");
  await recordAudit(ctx.db, ctx, admin, {
    action: "team.approve",
    targetType: "admin",
    targetId: row.publicKey,
    reason: row.reason,
    after: { proposalId: row.id, role: row.role, proposedBy: row.proposedBy },
  });
  await apply(ctx, admin, {
    kind: current ? "change" : "add",
    publicKey: row.publicKey,
    role: row.role,
    reason: row.reason,
    before: current?.role ?? null,
    proposalId: row.id,
  });
  return { member: await memberOf(ctx, row.publicKey) };
}

/** Rejects a grant: nothing changes; audited with the reason. */
export async function rejectTeamProposal(ctx: TeamContext, admin: AdminIdentity, id: string, reason: string): Promise<TeamProposal> {
  const row = await pendingProposal(ctx, id);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await closeTeamProposal(trx, row.id, "rejected", admin.publicKey, isoNow(ctx))))
      throw conflict("This grant was already approved, rejected or has expired");
    await recordAudit(trx, ctx, admin, {
      action: "team.reject",
      targetType: "admin",
      targetId: row.publicKey,
      reason,
      before: { proposalId: row.id, role: row.role, proposedBy: row.proposedBy },
    });
  });
  return toProposal((await teamProposalRow(ctx.db, id))!);
}

/** Closes the grants past their end as expired (nothing changes). */
export async function expireTeamProposals(ctx: TeamContext): Promise<void> {
  const now = isoNow(ctx);
  for (const row of await pendingTeamProposalRows(ctx.db)) {
    if (row.expiresAt <= now) await closeTeamProposal(ctx.db, row.id, "expired", null, now);
  }
}
