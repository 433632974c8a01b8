// The admin guard: an onRequest hook (before any body is read) on every /api/v1 route outside /auth/ and /demo/.
// Order matters for the console: no live session → 401 (it signs out), then not an admin → 403,
// then a state-changing request without a valid CSRF token → 403.
import type { FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import fp from "fastify-plugin";
import { permissionDenied, roleGrants, type RouteAccess, type TeamRole } from "../../contract/permissions.ts";
import type { AdminIdentity, AppContext } from "../context.ts";
import { forbidden, unauthorized } from "../http/errors.ts";
import { assertAdmin, findUserById } from "./admins.ts";
import { assertCsrfSafe } from "./csrf.ts";
import { findLiveSession, isLive, storedSession } from "./sessions.ts";

export const SESSION_REQUIRED = "Authentication required: sign in again";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the admin guard on every /api/v1 route outside /auth/ and /demo/. */
    admin: AdminIdentity;
  }
  interface FastifyInstance {
    /** The guard itself, for the routes that need an admin to add as their onRequest hook. */
    requireAdmin: onRequestAsyncHookHandler;
    /** After requireAdmin: the permission the route declares (`x-permission`), held by the admin's role, or 403 naming it. */
    requirePermission: onRequestAsyncHookHandler;
  }
}

/**
 * Decorates every request with `admin` (declared up front so every request object has the same
 * shape; the guard fills it) and the instance with `requireAdmin`, the hook that does. fastify-plugin:
 * both are the root's, while the hook runs only where a scope adds it.
 */
export const adminGuard = fp<{ ctx: AppContext }>(
  async function adminGuard(app, { ctx }) {
    app.decorateRequest("admin", null as unknown as AdminIdentity);
    app.decorate("requireAdmin", async function requireAdmin(request: FastifyRequest): Promise<void> {
      const session = await findLiveSession(ctx, request);
      if (!session) throw unauthorized(SESSION_REQUIRED);
      const { user, role } = await assertAdmin(ctx, await findUserById(ctx, session.userId), session.publicKey);
      assertCsrfSafe(ctx, request);
      request.admin = { userId: user.id, publicKey: user.publicKey, role };
    });
    app.decorate("requirePermission", async function requirePermission(request: FastifyRequest): Promise<void> {
      assertPermitted(request.admin.role ?? "owner", declaredAccess(request));
    });
  },
  { name: "admin-guard", fastify: "5.x", dependencies: ["@fastify/cookie"] },
);

/** The access the request's route declares in its schema (`...needs(...)`, route-schema.ts). */
export function declaredAccess(request: FastifyRequest): RouteAccess | undefined {
  return (request.routeOptions.schema as { "x-permission"?: RouteAccess } | undefined)?.["x-permission"];
}

/**
 * 403 naming the permission the role lacks. A guarded route that declares nothing is a mistake the
 * route-walking test catches; until then it is closed to all but owners (fails closed, never open).
 */
export function assertPermitted(role: TeamRole, access: RouteAccess | undefined): void {
  if (access === "public" || access === "session") return;
  if (access === undefined) {
    if (role !== "owner") throw forbidden("This call declares no permission: only an owner may use it");
    return;
  }
  if (!roleGrants(role, access)) throw forbidden(permissionDenied(access));
}

/**
 * Whether the session behind `token` still holds, as the guard would judge it (live, whitelisted, an
 * admin, not disabled), without restarting its idle timer: a long-lived stream (GET /admin/events)
 * asks this again and again, and an open tab must not keep an idle session alive.
 */
export async function sessionStillAdmin(ctx: AppContext, token: string): Promise<boolean> {
  const session = await storedSession(ctx, token);
  if (!session || !isLive(ctx, session)) return false;
  try {
    await assertAdmin(ctx, await findUserById(ctx, session.userId), session.publicKey);
    return true;
  } catch {
    return false;
  }
}
