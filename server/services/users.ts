// Users: the paged list (counted, any mix of role/verified/disabled), search, edit, deactivation, stats.
import { RECENT_USERS_DAYS, type UserListQuery, type UserUpdateInput } from "../../contract/index.ts";
import { ADMIN_ROLES } from "../auth/admins.ts";
import { LIST_ORDER, userListName } from "../db/list-families.ts";
import type { Db, UserRow } from "../db/schema.ts";
import { conflict } from "../http/errors.ts";
import { recordAudit } from "./audit.ts";
import { bool, changed, findById, flag, isoNow } from "./context.ts";
import { contains, countOf, paged, pageOf, type Paged } from "./paging.ts";
import type { AdminIdentity, ServiceContext } from "./ports.ts";

const DAY_MS = 86_400_000;

export function toUser(row: UserRow) {
  return {
    id: row.id,
    publicKey: row.publicKey,
    displayName: row.displayName,
    contactInfo: row.contactInfo,
    avatarUrl: row.avatarUrl,
    role: row.role,
    verified: bool(row.verified),
    disabled: bool(row.disabled),
    status: row.status,
    deactivationReason: row.deactivationReason,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
export type UserBody = ReturnType<typeof toUser>;

export async function listUsers(ctx: ServiceContext, q: UserListQuery): Promise<Paged<UserBody>> {
  const filter = {
    role: q.role,
    verified: flag(q.verified),
    disabled: flag(q.disabled),
  };
  const { role, verified, disabled } = filter;
  const filtered = role !== undefined || verified !== undefined || disabled !== undefined;
  const { rows, total } = await ctx.lists.page({
    table: "users",
    list: userListName(filter),
    where: filtered
      ? (eb) =>
          eb.and([
            ...(role === undefined ? [] : [eb("role", "=", role)]),
            ...(verified === undefined ? [] : [eb("verified", "=", verified)]),
            ...(disabled === undefined ? [] : [eb("disabled", "=", disabled)]),
          ])
      : undefined,
    page: q.page,
    limit: q.limit,
  });
  return paged(rows.map(toUser), total, q.page, q.limit);
}

/** Substring search over display name, email and public key; the term is data, never SQL. */
export async function searchUsers(ctx: ServiceContext, term: string, page: number, limit: number): Promise<Paged<UserBody>> {
  const text = term.trim();
  const query = ctx.db
    .selectFrom("users")
    .where((eb) => eb.or([contains("displayName", text), contains("contactInfo", text), contains("publicKey", text)]));
  return pageOf(query, query.selectAll().orderBy(LIST_ORDER, "desc"), { page, limit }, (rows) => rows.map(toUser));
}

const findUser = (db: Db, id: string) => findById(db, "users", id);

export async function getUser(ctx: ServiceContext, id: string): Promise<UserBody> {
  return toUser(await findUser(ctx.db, id));
}

/** An admin cannot lock themself out: their own account keeps its admin role and stays enabled. */
function assertNotSelfLockout(admin: AdminIdentity, target: UserRow, next: { role?: string; disabled?: boolean }): void {
  if (target.id !== admin.userId) return;
  if (next.disabled === true) throw conflict("You cannot disable your own account");
  if (next.role !== undefined && !ADMIN_ROLES.has(next.role)) throw conflict("You cannot remove your own admin role");
}

/** Ends a user's sessions when they are disabled (the guard refuses them anyway; this also drops the cookies' value). */
async function revokeSessions(trx: Db, ctx: ServiceContext, userId: string): Promise<void> {
  await trx.updateTable("sessions").set({ revokedAt: ctx.now() }).where("userId", "=", userId).where("revokedAt", "is", null).execute();
}

export async function updateUser(ctx: ServiceContext, admin: AdminIdentity, id: string, input: UserUpdateInput): Promise<UserBody> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await findUser(trx, id);
    assertNotSelfLockout(admin, before, input);
    const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<UserUpdateInput>;
    const keys = Object.keys(changes);
    await trx
      .updateTable("users")
      .set({
        ...changes,
        verified: flag(changes.verified),
        disabled: flag(changes.disabled),
        // Re-enabling a user clears the reason they were deactivated for.
        deactivationReason: changes.disabled === false ? null : undefined,
        updatedAt: isoNow(ctx),
      })
      .where("id", "=", id)
      .execute();
    const after = await findUser(trx, id);
    if (after.disabled && !before.disabled) await revokeSessions(trx, ctx, id);
    await recordAudit(trx, ctx, admin, {
      action: "user.update",
      targetType: "user",
      targetId: id,
      ...changed(keys, toUser(before), toUser(after)),
    });
    return toUser(after);
  });
}

export async function deactivateUser(ctx: ServiceContext, admin: AdminIdentity, id: string, reason: string): Promise<UserBody> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await findUser(trx, id);
    if (before.disabled) throw conflict("User is already disabled");
    assertNotSelfLockout(admin, before, { disabled: true });
    await trx
      .updateTable("users")
      .set({ disabled: 1, deactivationReason: reason, updatedAt: isoNow(ctx) })
      .where("id", "=", id)
      .execute();
    await revokeSessions(trx, ctx, id);
    const after = await findUser(trx, id);
    const keys = ["disabled", "deactivationReason"];
    await recordAudit(trx, ctx, admin, {
      action: "user.deactivate",
      targetType: "user",
      targetId: id,
      reason,
      ...changed(keys, toUser(before), toUser(after)),
    });
    return toUser(after);
  });
}

/** The user stats: active = not disabled, admin = role ADMIN, recent = created in the last 30 days. */
export async function userStats(ctx: ServiceContext) {
  const since = new Date(ctx.now() - RECENT_USERS_DAYS * DAY_MS).toISOString();
  const recent = await countOf(ctx.db.selectFrom("users").where("createdAt", ">=", since));
  const lists = {
    totalUsers: userListName({}),
    verifiedUsers: userListName({ verified: 1 }),
    disabledUsers: userListName({ disabled: 1 }),
    activeUsers: userListName({ disabled: 0 }),
    adminUsers: userListName({ role: "ADMIN" }),
  };
  const totals = await ctx.lists.totals(Object.values(lists));
  return {
    totalUsers: totals[lists.totalUsers],
    verifiedUsers: totals[lists.verifiedUsers],
    disabledUsers: totals[lists.disabledUsers],
    activeUsers: totals[lists.activeUsers],
    recentUsers: recent,
    adminUsers: totals[lists.adminUsers],
  };
}
