// The HTTP application: security headers, cookies, rate limits, the auth calls, the admin guard in
// front of every resource route, and the console's static files, all on one origin.
import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import Fastify, { LogController, type FastifyInstance, type FastifyPluginAsync } from "fastify";
import type { AdminIdentity, AppContext } from "./context.ts";
import { adminGuard } from "./auth/guard.ts";
import { authRoutes } from "./auth/routes.ts";
import { ApiError } from "./http/errors.ts";
import { demoRoutes } from "./plugins/demo-route.ts";
import { clientErrorHandler, frameworkErrorHandler, installErrorHandler, MAX_PARAM_LENGTH } from "./plugins/error-handler.ts";
import { installHostCheck } from "./plugins/host-check.ts";
import { installSecurityHeaders } from "./plugins/security-headers.ts";
import { installStatic } from "./plugins/static.ts";
import { resourceRoutes } from "./routes/index.ts";

export const API_PREFIX = "/api/v1";

export interface BuildOptions {
  /** The guarded resource routes; E's plugin by default. Tests pass a probe to check the guard alone. */
  resources?: FastifyPluginAsync<{ ctx: AppContext }>;
}

export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: ctx.config.logLevel, redact: ["req.headers.cookie", "req.headers['x-xsrf-token']"] },
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 256 * 1024,
    // Rate limits key on the socket address; behind a reverse proxy this must be configured first.
    trustProxy: false,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: frameworkErrorHandler(ctx.config),
    clientErrorHandler: clientErrorHandler(ctx.config),
  });

  installErrorHandler(app);
  installSecurityHeaders(app, ctx.config);
  installHostCheck(app, ctx.config);
  acceptEmptyJson(app);
  // Declared up front so every request object has the same shape; the guard fills it.
  app.decorateRequest("admin", null as unknown as AdminIdentity);

  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, `Too many requests: try again in ${Math.ceil(context.ttl / 1000)} s`),
  });

  await app.register(async (open) => {
    await open.register(authRoutes, { ctx });
    await open.register(demoRoutes, { ctx });
  }, { prefix: API_PREFIX });

  await app.register(async (guarded) => {
    // onRequest: refused before any body is read or parsed.
    guarded.addHook("onRequest", adminGuard(ctx));
    // The AppContext above is the contract (now() = epoch ms). server/routes/index.ts still declares
    // a provisional ResourceContext with now(): Date; the cast goes once it takes AppContext.
    if (options.resources) await guarded.register(options.resources, { ctx });
    else await guarded.register(resourceRoutes, { ctx } as unknown as Parameters<typeof resourceRoutes>[1]);
  }, { prefix: API_PREFIX });

  await installStatic(app, ctx.config.staticDir);
  return app;
}

/** JSON bodies as usual, but an empty one (axios sends none for a bodiless POST/DELETE) is undefined, not a 400. */
function acceptEmptyJson(app: FastifyInstance): void {
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
