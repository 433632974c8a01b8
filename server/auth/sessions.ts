// Server-side sessions. The cookie holds 256 random bits; the table keeps only their SHA-256, so a
// copy of the database cannot be replayed as cookies. Idle and absolute expiry use ctx.now().
import { createHash, randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context.ts";
import {
  deleteEndedSessions,
  insertSession,
  revokeSessionRow,
  revokeWalletSessionRows,
  sessionById,
  touchSession,
  type SessionRow,
} from "../db/sessions.ts";

export type { SessionRow };

/** `__Host-` pins the cookie to this exact origin, but browsers only honour it with Secure (https). */
export function sessionCookieName(ctx: AppContext): string {
  return isHttps(ctx) ? "__Host-sid" : "sid";
}

export const isHttps = (ctx: AppContext): boolean => ctx.config.publicOrigin.startsWith("https:");

export const hashSessionToken = (token: string): string => createHash("sha256").update(token).digest("hex");

export function readSessionToken(ctx: AppContext, request: FastifyRequest): string | undefined {
  const token = request.cookies[sessionCookieName(ctx)];
  // 32 bytes in base64url are 43 characters; anything else was never issued by us.
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined;
}

export async function createSession(
  ctx: AppContext,
  user: { id: string; publicKey: string },
  request: FastifyRequest,
): Promise<{ token: string; id: string }> {
  const now = ctx.now();
  const token = randomBytes(32).toString("base64url");
  const id = hashSessionToken(token);
  await insertSession(ctx.db, {
    id,
    userId: user.id,
    publicKey: user.publicKey,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: now + ctx.config.session.absoluteMs,
    revokedAt: null,
    ip: request.ip ?? null,
    userAgent: request.headers["user-agent"]?.slice(0, 300) ?? null,
  });
  return { token, id };
}

export function isLive(ctx: AppContext, s: SessionRow, now = ctx.now()): boolean {
  return s.revokedAt === null && now < s.expiresAt && now - s.lastSeenAt < ctx.config.session.idleMs;
}

/**
 * How stale lastSeenAt may get before a request writes it: most reads then cost no database write,
 * and an idle session ends at most this much earlier than SESSION_IDLE_MINUTES after its last request.
 */
export const TOUCH_EVERY_MS = 60_000;

/** The live session behind the request's cookie (its idle timer restarted, to the minute), or null. */
export async function findLiveSession(ctx: AppContext, request: FastifyRequest): Promise<SessionRow | null> {
  const token = readSessionToken(ctx, request);
  if (!token) return null;
  const row = await sessionById(ctx.db, hashSessionToken(token));
  const now = ctx.now();
  if (!row || !isLive(ctx, row, now)) return null;
  if (now - row.lastSeenAt < TOUCH_EVERY_MS) return row;
  await touchSession(ctx.db, row.id, now);
  return { ...row, lastSeenAt: now };
}

/** SESSION_REVOKE_OTHERS: a fresh sign-in ends every other session of the same wallet. */
export async function revokeWalletSessions(ctx: AppContext, publicKey: string): Promise<void> {
  await revokeWalletSessionRows(ctx.db, publicKey, ctx.now());
}

export async function revokeSession(ctx: AppContext, id: string): Promise<void> {
  await revokeSessionRow(ctx.db, id, ctx.now());
}

/** Housekeeping: rows that can never be live again. */
export async function deleteDeadSessions(ctx: AppContext): Promise<void> {
  const now = ctx.now();
  await deleteEndedSessions(ctx.db, now, now - ctx.config.session.idleMs);
}

/** The session behind `token`, live or not, as stored (its idle timer untouched). */
export async function storedSession(ctx: AppContext, token: string): Promise<SessionRow | undefined> {
  return sessionById(ctx.db, hashSessionToken(token));
}

export function setSessionCookie(ctx: AppContext, reply: FastifyReply, token: string): void {
  reply.setCookie(sessionCookieName(ctx), token, {
    path: "/",
    httpOnly: true,
    sameSite: "strict",
    secure: isHttps(ctx),
  });
}

export function clearSessionCookie(ctx: AppContext, reply: FastifyReply): void {
  reply.clearCookie(sessionCookieName(ctx), { path: "/", httpOnly: true, sameSite: "strict", secure: isHttps(ctx) });
}
