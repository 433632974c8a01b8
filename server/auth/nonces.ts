// Sign-in nonces: 128 random bits (hex, so alphanumeric as the SIWS ABNF wants), bound to one
// public key and to the exact message text, valid 5 minutes, consumed by the first verify attempt.
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { AppContext } from "../context.ts";
import type { Selectable } from "kysely";
import type { NoncesTable } from "../db/schema.ts";
import { buildSignInMessage } from "./siws.ts";

export type NonceRow = Selectable<NoncesTable>;

export async function issueNonce(ctx: AppContext, publicKey: string): Promise<{ nonce: string; message: string }> {
  const now = ctx.now();
  const nonce = randomBytes(16).toString("hex");
  const expiresAt = now + ctx.config.nonceTtlMs;
  const message = buildSignInMessage({ origin: ctx.config.publicOrigin, address: publicKey, nonce, issuedAt: now, expiresAt });

  await ctx.db.transaction().execute(async (trx) => {
    // Expired nonces of every key go first: the table never grows past live challenges.
    await trx.deleteFrom("nonces").where("expiresAt", "<=", now).execute();
    await trx.insertInto("nonces").values({ nonce, publicKey, message, createdAt: now, expiresAt }).execute();
    // At most N outstanding per key: a new request evicts the oldest rather than being refused,
    // so a user retrying is never locked out and the answer never depends on the key.
    const keep = await trx
      .selectFrom("nonces")
      .select("nonce")
      .where("publicKey", "=", publicKey)
      .orderBy("createdAt", "desc")
      .orderBy(sql`rowid`, "desc")
      .limit(ctx.config.maxNoncesPerKey)
      .execute();
    await trx
      .deleteFrom("nonces")
      .where("publicKey", "=", publicKey)
      .where("nonce", "not in", keep.map((k) => k.nonce))
      .execute();
  });
  return { nonce, message };
}

/** Atomically reads and deletes a nonce: whatever the verify outcome, it can never be tried again. */
export async function takeNonce(ctx: AppContext, nonce: string): Promise<NonceRow | undefined> {
  return ctx.db.deleteFrom("nonces").where("nonce", "=", nonce).returningAll().executeTakeFirst();
}

export async function countLiveNonces(ctx: AppContext, publicKey: string): Promise<number> {
  const row = await ctx.db
    .selectFrom("nonces")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("publicKey", "=", publicKey)
    .where("expiresAt", ">", ctx.now())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
