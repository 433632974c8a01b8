// Sign-in nonces: 128 random bits (hex, so alphanumeric as the SIWS ABNF wants), bound to one
// public key and the exact message text (or, for the one-step `solana:signIn`, to the issued input,
// the key bound at verify), and to the browser that asked (its pre-sign-in cookie), valid 5 minutes,
// consumed by the first verify attempt.
import { createHash, randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { sql, type Selectable } from "kysely";
import type { AppContext } from "../context.ts";
import type { NoncesTable } from "../db/schema.ts";
import { ApiError } from "../http/errors.ts";
import { isHttps } from "./sessions.ts";
import { buildSignInMessage, signInInput, type SignInInput } from "./siws.ts";

export type NonceRow = Selectable<NoncesTable>;

export const TOO_MANY_SIGN_INS = "Too many sign-ins in progress: try again in a few minutes";

/** The pre-sign-in cookie; `__Host-` pins it to this origin where browsers allow it (https). */
export const requesterCookieName = (ctx: AppContext): string => (isHttps(ctx) ? "__Host-siws" : "siws");

const hash = (token: string) => createHash("sha256").update(token).digest("hex");

/** The asking browser's identity (hashed), from its cookie; issues the cookie on the first challenge. */
export function requesterOf(ctx: AppContext, request: FastifyRequest, reply?: FastifyReply): string | null {
  const name = requesterCookieName(ctx);
  const token = request.cookies[name];
  if (token && /^[A-Za-z0-9_-]{43}$/.test(token)) return hash(token);
  if (!reply) return null;
  const fresh = randomBytes(32).toString("base64url");
  reply.setCookie(name, fresh, { path: "/api/v1/auth", httpOnly: true, sameSite: "strict", secure: isHttps(ctx) });
  return hash(fresh);
}

export function clearRequesterCookie(ctx: AppContext, reply: FastifyReply): void {
  reply.clearCookie(requesterCookieName(ctx), { path: "/api/v1/auth", httpOnly: true, sameSite: "strict", secure: isHttps(ctx) });
}

/** The `publicKey` of a challenge issued before the address is known (the `solana:signIn` input). */
export const ANY_ADDRESS = "";

export async function issueNonce(ctx: AppContext, publicKey: string, requester: string): Promise<{ nonce: string; message: string }> {
  const { nonce, issuedAt, expiresAt } = freshChallenge(ctx);
  const message = buildSignInMessage({ origin: ctx.config.publicOrigin, address: publicKey, nonce, issuedAt, expiresAt });
  await storeNonce(ctx, { nonce, publicKey, message, createdAt: issuedAt, expiresAt, requester });
  return { nonce, message };
}

/**
 * A challenge for whichever wallet answers it: stored without an address, with the issued input (as
 * JSON) in place of a text, since the wallet writes the text; verify binds the address then.
 */
export async function issueSignInInput(ctx: AppContext, requester: string): Promise<SignInInput> {
  const { nonce, issuedAt, expiresAt } = freshChallenge(ctx);
  const input = signInInput({ origin: ctx.config.publicOrigin, nonce, issuedAt, expiresAt });
  await storeNonce(ctx, { nonce, publicKey: ANY_ADDRESS, message: JSON.stringify(input), createdAt: issuedAt, expiresAt, requester });
  return input;
}

/** The input an address-less nonce was issued with. */
export const issuedInput = (row: NonceRow): SignInInput => JSON.parse(row.message) as SignInInput;

function freshChallenge(ctx: AppContext) {
  const issuedAt = ctx.now();
  return { nonce: randomBytes(16).toString("hex"), issuedAt, expiresAt: issuedAt + ctx.config.nonceTtlMs };
}

async function storeNonce(ctx: AppContext, row: NonceRow & { requester: string }): Promise<void> {
  const { requester, createdAt: now } = row;
  await ctx.db.transaction().execute(async (trx) => {
    // Expired nonces of every browser go first: the table never grows past live challenges.
    await trx.deleteFrom("nonces").where("expiresAt", "<=", now).execute();
    // Bounded without evicting anyone else's challenge: past the cap, a new one is refused instead
    // (the per-IP rate limit already makes reaching it take many addresses).
    const { live } = await trx.selectFrom("nonces").select((eb) => eb.fn.countAll<number>().as("live")).executeTakeFirstOrThrow();
    if (Number(live) >= ctx.config.maxLiveNonces) throw new ApiError(503, TOO_MANY_SIGN_INS, undefined, { "Retry-After": "60" });
    await trx.insertInto("nonces").values(row).execute();
    // At most N outstanding per browser: a new request evicts that browser's own oldest rather than
    // being refused, so a user retrying is never locked out.
    const keep = await trx
      .selectFrom("nonces")
      .select("nonce")
      .where("requester", "=", requester)
      .orderBy("createdAt", "desc")
      .orderBy(sql`rowid`, "desc")
      .limit(ctx.config.maxNoncesPerRequester)
      .execute();
    await trx
      .deleteFrom("nonces")
      .where("requester", "=", requester)
      .where("nonce", "not in", keep.map((k) => k.nonce))
      .execute();
  });
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
