// The nonces table, for the sign-in challenges (auth/nonces.ts decides what a challenge is and when
// one is refused): this module only reads and writes rows. Times are epoch milliseconds.
import { sql, type Selectable } from "kysely";
import type { Db, NoncesTable } from "./schema.ts";

export type NonceRow = Selectable<NoncesTable>;

export interface NonceLimits {
  /** Live challenges in all: past it a new one is not stored. */
  maxLive: number;
  /** Challenges one browser keeps: its own oldest go first. */
  perRequester: number;
}

/**
 * Stores a challenge, in one transaction: expired nonces of every browser are deleted first (the
 * table never grows past live challenges); then, with `maxLive` live ones already, nothing is stored
 * and the answer is false (no one else's challenge is evicted); else the new one is stored and its
 * browser keeps only its `perRequester` newest.
 */
export async function insertNonce(db: Db, row: NonceRow & { requester: string }, limits: NonceLimits): Promise<boolean> {
  const { requester, createdAt: now } = row;
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom("nonces").where("expiresAt", "<=", now).execute();
    const { live } = await trx
      .selectFrom("nonces")
      .select((eb) => eb.fn.countAll<number>().as("live"))
      .executeTakeFirstOrThrow();
    if (Number(live) >= limits.maxLive) return false;
    await trx.insertInto("nonces").values(row).execute();
    const keep = await trx
      .selectFrom("nonces")
      .select("nonce")
      .where("requester", "=", requester)
      .orderBy("createdAt", "desc")
      .orderBy(sql`rowid`, "desc")
      .limit(limits.perRequester)
      .execute();
    await trx
      .deleteFrom("nonces")
      .where("requester", "=", requester)
      .where(
        "nonce",
        "not in",
        keep.map((k) => k.nonce),
      )
      .execute();
    return true;
  });
}

/** Atomically reads and deletes a nonce. */
export async function deleteNonce(db: Db, nonce: string): Promise<NonceRow | undefined> {
  return db.deleteFrom("nonces").where("nonce", "=", nonce).returningAll().executeTakeFirst();
}

/** The challenges for `publicKey` still live at `now`. */
export async function countLiveNonces(db: Db, publicKey: string, now: number): Promise<number> {
  const row = await db
    .selectFrom("nonces")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("publicKey", "=", publicKey)
    .where("expiresAt", ">", now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
