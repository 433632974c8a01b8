// The admin guard: an onRequest hook (before any body is read) on every /api/v1 route outside /auth/ and /demo/.
// Order matters for the console: no live session → 401 (it signs out), then not an admin → 403,
// then a state-changing request without a valid CSRF token → 403.
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../context.ts";
import { unauthorized } from "../http/errors.ts";
import { assertAdmin, findUserById } from "./admins.ts";
import { assertCsrfSafe } from "./csrf.ts";
import { findLiveSession, hashSessionToken, isLive } from "./sessions.ts";

export const SESSION_REQUIRED = "Authentication required: sign in again";

export function adminGuard(ctx: AppContext) {
  return async function requireAdmin(request: FastifyRequest): Promise<void> {
    const session = await findLiveSession(ctx, request);
    if (!session) throw unauthorized(SESSION_REQUIRED);
    const user = await findUserById(ctx, session.userId);
    assertAdmin(ctx, user, session.publicKey);
    assertCsrfSafe(ctx, request);
    request.admin = { userId: user.id, publicKey: user.publicKey };
  };
}

/**
 * Whether the session behind `token` still holds, as the guard would judge it (live, whitelisted, an
 * admin, not disabled), without restarting its idle timer: a long-lived stream (GET /admin/events)
 * asks this again and again, and an open tab must not keep an idle session alive.
 */
export async function sessionStillAdmin(ctx: AppContext, token: string): Promise<boolean> {
  const session = await ctx.db.selectFrom("sessions").selectAll().where("id", "=", hashSessionToken(token)).executeTakeFirst();
  if (!session || !isLive(ctx, session)) return false;
  try {
    assertAdmin(ctx, await findUserById(ctx, session.userId), session.publicKey);
    return true;
  } catch {
    return false;
  }
}
