// The HTTP application: security headers, cookies, rate limits, the auth calls, the admin guard in
// front of every resource route, and the console's static files, all on one origin.
import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import Fastify, { LogController, type FastifyInstance, type FastifyPluginAsync } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { AdminIdentity, AppContext } from "./context.ts";
import type { Config } from "./config.ts";
import { adminGuard } from "./auth/guard.ts";
import { authRoutes } from "./routes/auth.ts";
import { sessionCookieName } from "./auth/sessions.ts";
import { ApiError } from "./http/errors.ts";
import { databaseRateLimitStore } from "./http/rate-limit-store.ts";
import { demoRoutes } from "./routes/demo.ts";
import { clientErrorHandler, frameworkErrorHandler, installErrorHandler, MAX_PARAM_LENGTH } from "./plugins/error-handler.ts";
import { installHostCheck } from "./plugins/host-check.ts";
import { documentAdminGuard, documentParamErrors, installOpenApi, serveOpenApi } from "./plugins/openapi.ts";
import { installOperations } from "./plugins/operations.ts";
import { installSecurityHeaders } from "./plugins/security-headers.ts";
import { installSeedImages } from "./routes/seed-images.ts";
import { installStatic } from "./plugins/static.ts";
import { eventRoutes } from "./routes/events.ts";
import { resourceRoutes } from "./routes/index.ts";

export const API_PREFIX = "/api/v1";

export interface BuildOptions {
  /** The guarded resource routes; server/routes by default. Tests pass a probe to check the guard alone. */
  resources?: FastifyPluginAsync<{ ctx: AppContext }>;
  /** Where the JSON log lines go: standard output unless given (tests read them). */
  logStream?: NodeJS.WritableStream;
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

  // Requests are validated and responses serialized by each route's zod schemas (contract/).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installSecurityHeaders(app, ctx.config);
  installHostCheck(app, ctx.config);
  acceptEmptyJson(app);
  await installOpenApi(app, { apiPrefix: API_PREFIX, sessionCookie: sessionCookieName(ctx) });
  await installOperations(app, ctx);
  // Declared up front so every request object has the same shape; the guard fills it.
  app.decorateRequest("admin", null as unknown as AdminIdentity);

  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    // Counted in the shared database: the limit holds across instances.
    store: databaseRateLimitStore(ctx.db, ctx.now),
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, `Too many requests: try again in ${Math.ceil(context.ttl / 1000)} s`),
  });

  await app.register(async (open) => {
    const typed = open.withTypeProvider<ZodTypeProvider>();
    await typed.register(authRoutes, { ctx });
    await typed.register(demoRoutes, { ctx });
  }, { prefix: API_PREFIX });

  await app.register(async (guarded) => {
    // onRequest: refused before any body is read or parsed.
    guarded.addHook("onRequest", adminGuard(ctx));
    guarded.addHook("onRoute", documentAdminGuard);
    guarded.addHook("onRoute", documentParamErrors);
    await guarded.register(options.resources ?? resourceRoutes, { ctx });
    // Given the whole context: a stream re-checks its session as the guard does.
    await guarded.register(eventRoutes, { ctx });
  }, { prefix: API_PREFIX });

  await serveOpenApi(app, { apiPrefix: API_PREFIX });
  await installSeedImages(app);
  await installStatic(app, ctx.config.staticDir);
  return app;
}

/** The load balancer's X-Request-Id when it is a sane one (it goes into every log line), else a new UUID. */
function requestId(request: IncomingMessage): string {
  const given = request.headers["x-request-id"];
  return typeof given === "string" && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID();
}

/**
 * JSON bodies as usual, but an empty one (axios sends none for a bodiless POST/DELETE) is not a 400
 * of its own: a route that reads a body then sees `{}`, as it does for a request sent without one,
 * so its 400 names each required field rather than "body".
 */
function acceptEmptyJson(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    if (request.body === undefined && request.routeOptions.schema?.body) request.body = {};
  });
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new ApiError(400, "Malformed JSON body"), undefined);
    }
  });
}
