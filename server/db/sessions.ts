// The sessions table, for the sign-in code (auth/sessions.ts), which decides what a live session is:
// this module only reads and writes rows. Times are epoch milliseconds.
import type { Selectable } from "kysely";
import type { Db, SessionsTable } from "./schema.ts";

export type SessionRow = Selectable<SessionsTable>;

export async function insertSession(db: Db, row: SessionRow): Promise<void> {
  await db.insertInto("sessions").values(row).execute();
}

/** The row whose id (the cookie's hash) is `id`, live or not. */
export async function sessionById(db: Db, id: string): Promise<SessionRow | undefined> {
  return db.selectFrom("sessions").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function touchSession(db: Db, id: string, at: number): Promise<void> {
  await db.updateTable("sessions").set({ lastSeenAt: at }).where("id", "=", id).execute();
}

/** Revokes the session `id` at `at`, unless it already was. */
export async function revokeSessionRow(db: Db, id: string, at: number): Promise<void> {
  await db.updateTable("sessions").set({ revokedAt: at }).where("id", "=", id).where("revokedAt", "is", null).execute();
}

/** Revokes at `at` every session of the wallet not revoked yet. */
export async function revokeWalletSessionRows(db: Db, publicKey: string, at: number): Promise<void> {
  await db.updateTable("sessions").set({ revokedAt: at }).where("publicKey", "=", publicKey).where("revokedAt", "is", null).execute();
}

/** Deletes the rows past their absolute expiry at `now`, idle since `idleSince` or before, or revoked. */
export async function deleteEndedSessions(db: Db, now: number, idleSince: number): Promise<void> {
  await db
    .deleteFrom("sessions")
    .where((eb) => eb.or([eb("expiresAt", "<=", now), eb("lastSeenAt", "<=", idleSince), eb("revokedAt", "is not", null)]))
    .execute();
}
