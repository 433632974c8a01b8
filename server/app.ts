// The HTTP application: security headers, cookies, rate limits, the auth calls, the admin guard in
// front of every resource route, and the console's static files, all on one origin.
import cookie from "@fastify/cookie";
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import Fastify, { LogController, type FastifyInstance, type RouteOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { AppContext } from "./context.ts";
import type { Config } from "./config.ts";
import { adminGuard } from "./auth/guard.ts";
import { sessionCookieName } from "./auth/sessions.ts";
import { clientErrorHandler, errorHandler, frameworkErrorHandler, MAX_PARAM_LENGTH } from "./plugins/error-handler.ts";
import { hostCheck } from "./plugins/host-check.ts";
import { jsonBody } from "./plugins/json-body.ts";
import { openApi } from "./plugins/openapi.ts";
import { operations } from "./plugins/operations.ts";
import { rateLimits } from "./plugins/rate-limit.ts";
import { securityHeaders } from "./plugins/security-headers.ts";
import { staticFiles } from "./plugins/static.ts";
import { apiRoutes, type ApiOptions } from "./routes/index.ts";
import { SEED_IMAGES_PREFIX, seedImageRoutes } from "./routes/seed-images.ts";

export const API_PREFIX = "/api/v1";

export interface BuildOptions {
  /** The guarded resource routes; server/routes by default. Tests pass a probe to check the guard alone. */
  resources?: ApiOptions["resources"];
  /** Where the JSON log lines go: standard output unless given (tests read them). */
  logStream?: NodeJS.WritableStream;
  /** Sees every route as it is registered, the first onRoute hook (tests walk every route with it). */
  onRoute?: (route: RouteOptions) => void;
}

/** TRUST_PROXY for Fastify: a hop count trusts that many proxies nearest the server. */
function trustedProxies(setting: Config["trustProxy"]): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof setting === "number" ? (_address, hop) => hop < setting : setting;
}

export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: ctx.config.logLevel, redact: ["req.headers.cookie", "req.headers['x-xsrf-token']"], stream: options.logStream },
    // One line per request, written by the operations plugin, instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: "requestId" }),
    requestIdHeader: false,
    genReqId: requestId,
    bodyLimit: 256 * 1024,
    // Rate limits key on the client's address: the socket's, or behind TRUST_PROXY's proxies the one
    // they forward (X-Forwarded-For).
    trustProxy: trustedProxies(ctx.config.trustProxy),
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: frameworkErrorHandler(ctx.config),
    clientErrorHandler: clientErrorHandler(ctx.config),
  });

  if (options.onRoute) app.addHook("onRoute", options.onRoute);

  // Requests are validated and responses serialized by each route's zod schemas (contract/).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // What the whole instance shares, in the order its hooks run: each is a fastify-plugin, so its
  // hooks and decorations are the root's and reach every route.
  await app.register(errorHandler);
  await app.register(securityHeaders, { config: ctx.config });
  await app.register(hostCheck, { config: ctx.config });
  await app.register(jsonBody);
  // Before any route: swagger documents the routes added after it.
  await app.register(openApi, { apiPrefix: API_PREFIX, sessionCookie: sessionCookieName(ctx) });
  await app.register(operations, { ctx });
  await app.register(cookie);
  await app.register(adminGuard, { ctx });
  // Counted in the shared database: the limit holds across instances.
  await app.register(rateLimits, { db: ctx.db, now: ctx.now });

  // The routes: each module an encapsulated plugin under its prefix (server/routes/index.ts).
  await app.register(apiRoutes, { prefix: API_PREFIX, ctx, resources: options.resources });
  await app.register(seedImageRoutes, { prefix: SEED_IMAGES_PREFIX });
  // Last: its not-found handler answers whatever no route above did.
  await app.register(staticFiles, { staticDir: ctx.config.staticDir });
  return app;
}

/** The load balancer's X-Request-Id when it is a sane one (it goes into every log line), else a new UUID. */
function requestId(request: IncomingMessage): string {
  const given = request.headers["x-request-id"];
  return typeof given === "string" && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID();
}
