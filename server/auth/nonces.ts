// Sign-in nonces: 128 random bits (hex, so alphanumeric as the SIWS ABNF wants), bound to one
// public key and the exact message text (or, for the one-step `solana:signIn`, to the issued input,
// the key bound at verify), and to the browser that asked (its pre-sign-in cookie), valid 5 minutes,
// consumed by the first verify attempt.
import { createHash, randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context.ts";
import { deleteNonce, insertNonce, type NonceRow } from "../db/nonces.ts";
import { unavailable } from "../http/errors.ts";
import { isHttps } from "./sessions.ts";
import { buildSignInMessage, signInInput, type SignInInput } from "./siws.ts";

export type { NonceRow };

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

/**
 * Bounded without evicting anyone else's challenge: past config.maxLiveNonces a new one is refused
 * (the per-IP rate limit already makes reaching it take many addresses). Per browser, a new one evicts
 * that browser's own oldest instead of being refused, so a user retrying is never locked out.
 */
async function storeNonce(ctx: AppContext, row: NonceRow & { requester: string }): Promise<void> {
  const limits = { maxLive: ctx.config.maxLiveNonces, perRequester: ctx.config.maxNoncesPerRequester };
  if (!(await insertNonce(ctx.db, row, limits))) throw unavailable(TOO_MANY_SIGN_INS, 60);
}

/** Atomically reads and deletes a nonce: whatever the verify outcome, it can never be tried again. */
export async function takeNonce(ctx: AppContext, nonce: string): Promise<NonceRow | undefined> {
  return deleteNonce(ctx.db, nonce);
}
