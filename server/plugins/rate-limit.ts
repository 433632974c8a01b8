// @fastify/rate-limit with its counters in the shared database (http/rate-limit-store.ts), so a limit
// holds across instances. None is global: a route names its own limit (config.rateLimit), as the
// sign-in calls do.
import rateLimit from "@fastify/rate-limit";
import fp from "fastify-plugin";
import type { Db } from "../db/schema.ts";
import { tooManyRequests } from "../http/errors.ts";
import { databaseRateLimitStore } from "../http/rate-limit-store.ts";

/** fastify-plugin: @fastify/rate-limit's route hook must see the routes of every scope. */
export const rateLimits = fp<{ db: Db; now: () => number }>(
  async function rateLimits(app, { db, now }) {
    await app.register(rateLimit, {
      global: false,
      store: databaseRateLimitStore(db, now),
      // The plugin has set Retry-After already.
      errorResponseBuilder: (_request, context) => tooManyRequests(`Too many requests: try again in ${Math.ceil(context.ttl / 1000)} s`),
    });
  },
  { name: "rate-limits", fastify: "5.x" },
);
