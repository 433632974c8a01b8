// The admin team's tables (migration 021): the wallets an owner added and the grants waiting for a
// second owner. Only reads and writes rows; the rules are services/team.ts's and auth/admins.ts's.
import type { TeamRole } from "../../contract/permissions.ts";
import type { AdminTeamRow, Db, TeamProposalRow } from "./schema.ts";
import { insertAdminUser } from "./users.ts";

export async function teamMemberRow(db: Db, publicKey: string): Promise<AdminTeamRow | undefined> {
  return db.selectFrom("adminTeam").selectAll().where("publicKey", "=", publicKey).executeTakeFirst();
}

export async function teamMemberRows(db: Db): Promise<AdminTeamRow[]> {
  return db.selectFrom("adminTeam").selectAll().orderBy("addedAt").orderBy("publicKey").execute();
}

export async function upsertTeamMember(db: Db, row: AdminTeamRow): Promise<void> {
  await db
    .insertInto("adminTeam")
    .values(row)
    .onConflict((oc) => oc.column("publicKey").doUpdateSet({ role: row.role, updatedAt: row.updatedAt }))
    .execute();
}

export async function setTeamRole(db: Db, publicKey: string, role: TeamRole, at: string): Promise<void> {
  await db.updateTable("adminTeam").set({ role, updatedAt: at }).where("publicKey", "=", publicKey).execute();
}

export async function deleteTeamMember(db: Db, publicKey: string): Promise<boolean> {
  const { numDeletedRows } = await db.deleteFrom("adminTeam").where("publicKey", "=", publicKey).executeTakeFirst();
  return numDeletedRows > 0n;
}

/** Ends every session of the wallet at once: the rows go, so its next request finds none (401). */
export async function deleteWalletSessions(db: Db, publicKey: string): Promise<void> {
  await db.deleteFrom("sessions").where("publicKey", "=", publicKey).execute();
}

export async function insertTeamProposal(db: Db, row: TeamProposalRow): Promise<void> {
  await db.insertInto("teamProposals").values(row).execute();
}

export async function teamProposalRow(db: Db, id: string): Promise<TeamProposalRow | undefined> {
  return db.selectFrom("teamProposals").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function teamProposalRows(db: Db): Promise<TeamProposalRow[]> {
  return db.selectFrom("teamProposals").selectAll().orderBy("proposedAt", "desc").orderBy("id").limit(200).execute();
}

export async function pendingTeamProposalRows(db: Db): Promise<TeamProposalRow[]> {
  return db.selectFrom("teamProposals").selectAll().where("status", "=", "pending").execute();
}

/** pending → `status`, only from pending: false when someone else decided it first. */
export async function closeTeamProposal(
  db: Db,
  id: string,
  status: "approved" | "rejected" | "expired",
  decidedBy: string | null,
  at: string,
): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable("teamProposals")
    .set({ status, decidedBy, decidedAt: at })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return numUpdatedRows === 1n;
}

/** The wallet's user, made an admin: created as one, or promoted from USER (a disabled user stays disabled). */
export async function ensureAdminUser(db: Db, user: { id: string; publicKey: string; at: string }): Promise<void> {
  const existing = await db.selectFrom("users").select(["id", "role"]).where("publicKey", "=", user.publicKey).executeTakeFirst();
  if (!existing) {
    await insertAdminUser(db, { id: user.id, publicKey: user.publicKey, createdAt: user.at });
    return;
  }
  if (existing.role === "USER")
    await db.updateTable("users").set({ role: "ADMIN", updatedAt: user.at }).where("id", "=", existing.id).execute();
}

/** Each wallet's user id and name, for the team's list. */
export async function usersByKeys(
  db: Db,
  publicKeys: readonly string[],
): Promise<{ id: string; publicKey: string; displayName: string | null }[]> {
  if (publicKeys.length === 0) return [];
  return db
    .selectFrom("users")
    .select(["id", "publicKey", "displayName"])
    .where("publicKey", "in", [...publicKeys])
    .execute();
}
