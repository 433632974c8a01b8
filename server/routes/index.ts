// The API under /api/v1: the sign-in calls and the demo wallet are open; everything else is behind
// the admin guard, so every handler there may rely on request.admin. Each route module is an
// encapsulated plugin registered under the path family it owns; its routes declare their params,
// query, body and responses with the contract's zod schemas (contract/): Fastify validates and
// serializes with them, and the OpenAPI document lists them.
import type { FastifyPluginAsync } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { resourceNamed, type ResourceDeclaration } from "../../contract/resources/index.ts";
import type { AppContext } from "../context.ts";
import { documentAdminGuard, documentParamErrors } from "../plugins/openapi.ts";
import { documentBeyondSpec, type RoutePlugin } from "../http/route-schema.ts";
import { auditRoutes } from "./audit.ts";
import { authRoutes } from "./auth.ts";
import { authorityRoutes } from "./authority.ts";
import { demoRoutes } from "./demo.ts";
import { eventRoutes } from "./events.ts";
import { marketplaceRoutes } from "./marketplace.ts";
import { orderRoutes } from "./orders.ts";
import { orderTimelineRoutes } from "./order-timeline.ts";
import { orderAssigneeRoutes } from "./order-assignee.ts";
import { adminProductRoutes, productRoutes } from "./products.ts";
import { reconciliationRoutes } from "./reconciliation.ts";
import { screeningRoutes } from "./screening.ts";
import { settlementRoutes } from "./settlements.ts";
import { teamRoutes } from "./team.ts";
import { tokenRoutes } from "./tokens.ts";
import { userRoutes, userStatsRoutes } from "./users.ts";
import { webhookRoutes } from "./webhooks.ts";

export interface ApiOptions {
  ctx: AppContext;
  /** The guarded resource routes; resourceRoutes unless given (tests pass a probe to check the guard alone). */
  resources?: FastifyPluginAsync<{ ctx: AppContext }>;
}

export const apiRoutes: FastifyPluginAsyncZod<ApiOptions> = async (app, { ctx, resources = resourceRoutes }) => {
  await app.register(authRoutes, { prefix: "/auth", ctx });
  await app.register(demoRoutes, { prefix: "/demo", ctx });

  await app.register(async (guarded) => {
    // onRequest: refused before any body is read or parsed.
    guarded.addHook("onRequest", guarded.requireAdmin);
    // Then the permission the route declares (its schema's x-permission), held by the admin's role.
    guarded.addHook("onRequest", guarded.requirePermission);
    guarded.addHook("onRoute", documentAdminGuard);
    guarded.addHook("onRoute", documentParamErrors);
    await guarded.register(resources, { ctx });
    // Given the whole context: a stream re-checks its session as the guard does.
    await guarded.register(eventRoutes, { prefix: "/admin/events", ctx });
  });
};

/**
 * The routes of a resource as its registry declaration says (contract/resources/): a resource beyond
 * the core API has each of its operations marked so in the OpenAPI document.
 */
export function servedAs<Context>(resource: ResourceDeclaration, routes: RoutePlugin<Context>): RoutePlugin<Context> {
  return async (app, { ctx }) => {
    if (resource.beyondSpec) app.addHook("onRoute", documentBeyondSpec);
    // Under the prefix this plugin was registered with.
    await app.register(routes, { ctx });
  };
}

/**
 * The resources, each module under its path family (a route "" answers the prefix itself, with no
 * trailing slash): the core's, then each resource module's (server/resources/) under its prefix.
 */
export const resourceRoutes: RoutePlugin<AppContext> = async (app, { ctx }) => {
  await app.register(userRoutes, { prefix: "/users", ctx });
  await app.register(userStatsRoutes, { prefix: "/admin/users", ctx });
  await app.register(tokenRoutes, { prefix: "/tokens/admin", ctx });
  await app.register(adminProductRoutes, { prefix: "/admin/products", ctx });
  await app.register(productRoutes, { prefix: "/products", ctx });
  await app.register(orderRoutes, { prefix: "/admin/orders", ctx });
  await app.register(orderTimelineRoutes, { prefix: "/admin/orders", ctx });
  await app.register(orderAssigneeRoutes, { prefix: "/admin/orders", ctx });
  await app.register(marketplaceRoutes, { prefix: "/admin/marketplace", ctx });
  await app.register(servedAs(resourceNamed("activity"), auditRoutes), { prefix: "/admin/audit", ctx });
  await app.register(servedAs(resourceNamed("settlements"), settlementRoutes), { prefix: "/admin/settlements", ctx });
  await app.register(servedAs(resourceNamed("screening"), screeningRoutes), { prefix: "/admin/screening", ctx });
  await app.register(reconciliationRoutes, { prefix: "/admin/reconciliation", ctx });
  await app.register(authorityRoutes, { prefix: "/admin/authority", ctx });
  await app.register(servedAs(resourceNamed("team"), teamRoutes), { prefix: "/admin/team", ctx });
  await app.register(servedAs(resourceNamed("webhooks"), webhookRoutes), { prefix: "/admin/webhooks", ctx });
  for (const module of ctx.resourceModules) await app.register(servedAs(module.resource, module.routes), { prefix: module.prefix, ctx });
};
