// Who counts as an admin: a whitelisted key whose user row has an admin role and is not disabled.
// The whitelist is ADMIN_WALLETS (and the demo wallet), the owners, with the admin team's wallets
// (admin_team, managed by an owner): read from the database on every check, with no cache, so a team
// change holds on every instance at its next request. Checked at sign-in and again on every request,
// so demoting, disabling or removing a user ends their access.
import { ADMIN_ROLE_VALUES } from "../../contract/index.ts";
import { permissionsOf, type Permission, type TeamRole } from "../../contract/permissions.ts";
import type { Db, UserRow } from "../db/schema.ts";
import { teamMemberRow } from "../db/team.ts";
import { insertAdminUser, userById, userByKey } from "../db/users.ts";
import type { AdminDirectory, Clock, Ids } from "../services/ports.ts";
import { forbidden } from "../http/errors.ts";

/**
 * What the admin checks read: the database and the whitelist (ADMIN_WALLETS and the demo wallet), and
 * for a first sign-in the clock and the id source. The app's context (server/context.ts) is one.
 */
export interface AdminCheckContext extends Clock, Ids {
  db: Db;
  adminWallets: ReadonlySet<string>;
}

/** The roles that may use the console. */
export const ADMIN_ROLES: ReadonlySet<string> = new Set(ADMIN_ROLE_VALUES);

export interface SessionUserBody {
  id: string;
  publicKey: string;
  displayName: string | null;
  role: string;
  isAdmin: boolean;
  teamRole?: TeamRole;
  permissions?: Permission[];
}

/** The session's user, with its team role and what that allows when known (beyond the core API). */
export function toSessionUser(user: UserRow, teamRole?: TeamRole): SessionUserBody {
  return {
    id: user.id,
    publicKey: user.publicKey,
    displayName: user.displayName,
    role: user.role,
    isAdmin: ADMIN_ROLES.has(user.role) && !user.disabled,
    ...(teamRole && { teamRole, permissions: [...permissionsOf(teamRole)] }),
  };
}

export const NOT_WHITELISTED = "Wallet is not on the admin whitelist";
export const NOT_ADMIN = "User does not have admin privileges";
export const DISABLED = "User account is disabled";

/**
 * The wallet's team role now: owner for ADMIN_WALLETS and the demo wallet (the configuration's), the
 * admin team's row otherwise; null when it is on neither list. Read from the database every time.
 */
export async function teamRoleOf(ctx: Pick<AdminCheckContext, "db" | "adminWallets">, publicKey: string): Promise<TeamRole | null> {
  if (ctx.adminWallets.has(publicKey)) return "owner";
  return (await teamMemberRow(ctx.db, publicKey))?.role ?? null;
}

/** An admin as the checks found it: its user and its team role. */
export interface AdminStanding {
  user: UserRow;
  role: TeamRole;
}

/** The admin's standing, or the 403 that explains why this user may not act as an admin. */
export async function assertAdmin(
  ctx: Pick<AdminCheckContext, "db" | "adminWallets">,
  user: UserRow | undefined,
  publicKey: string,
): Promise<AdminStanding> {
  const role = await teamRoleOf(ctx, publicKey);
  if (!role) throw forbidden(NOT_WHITELISTED);
  if (!user) throw forbidden(NOT_ADMIN);
  if (user.disabled) throw forbidden(DISABLED);
  if (!ADMIN_ROLES.has(user.role)) throw forbidden(NOT_ADMIN);
  return { user, role };
}

export async function findUserByKey(ctx: Pick<AdminCheckContext, "db">, publicKey: string): Promise<UserRow | undefined> {
  return userByKey(ctx.db, publicKey);
}

export async function findUserById(ctx: Pick<AdminCheckContext, "db">, id: string): Promise<UserRow | undefined> {
  return userById(ctx.db, id);
}

/** A whitelisted key's first sign-in creates its user, as an admin. */
export async function findOrCreateAdminUser(ctx: AdminCheckContext, publicKey: string): Promise<UserRow | undefined> {
  const existing = await findUserByKey(ctx, publicKey);
  if (existing || !(await teamRoleOf(ctx, publicKey))) return existing;
  await insertAdminUser(ctx.db, { id: ctx.newId(), publicKey, createdAt: new Date(ctx.now()).toISOString() });
  return findUserByKey(ctx, publicKey);
}

/**
 * The services' view of who is an admin now (AdminDirectory): the guard's own test, asked again when a
 * payout decided earlier is approved or sent, so a wallet removed or demoted since no longer counts.
 */
export function adminDirectory(ctx: Pick<AdminCheckContext, "db" | "adminWallets">, demoWallet: string | null): AdminDirectory {
  return {
    demoWallet,
    async roleOf(publicKey) {
      const role = await teamRoleOf(ctx, publicKey);
      if (!role) return null;
      const user = await userByKey(ctx.db, publicKey);
      return !!user && !user.disabled && ADMIN_ROLES.has(user.role) ? role : null;
    },
    async isAdmin(publicKey) {
      return (await this.roleOf(publicKey)) !== null;
    },
  };
}
