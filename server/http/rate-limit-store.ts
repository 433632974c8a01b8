// @fastify/rate-limit's counters in the database every instance shares, so a limit holds across
// instances behind one load balancer (the plugin's own store counts in each process's memory).
// One atomic upsert per request: the count goes up, or starts again at 1 once the window is over.
import { sql } from "kysely";
import type { Db } from "../db/schema.ts";

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What the plugin hands a store about its route (its typings say otherwise; this is what it passes). */
interface StoreOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/** The store class the plugin instantiates (`store` option), bound to this database and clock. */
export function databaseRateLimitStore(db: Db, now: () => number) {
  return class DatabaseRateLimitStore {
    // Each limited route counts apart, as the plugin's own store does (one per route).
    readonly #scope: string;

    constructor(options: unknown = {}) {
      const route = (options as StoreOptions).routeInfo;
      this.#scope = route?.url ? `${[route.method].flat().join(",")} ${route.url}` : "global";
    }

    incr(client: string, done: Callback, timeWindow: number): void {
      this.#increment(`${this.#scope} ${client}`, timeWindow).then((result) => done(null, result), (error: Error) => done(error));
    }

    child(options: unknown) {
      return new DatabaseRateLimitStore(options);
    }

    async #increment(key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
      const at = now();
      // Windows that are over belong to no one: dropped as the next request passes.
      await db.deleteFrom("rateLimits").where("resetAt", "<=", at).execute();
      const expired = sql<boolean>`"rateLimits"."resetAt" <= ${at}`;
      const row = await db
        .insertInto("rateLimits")
        .values({ key, count: 1, resetAt: at + windowMs })
        .onConflict((conflict) =>
          conflict.column("key").doUpdateSet({
            count: sql`CASE WHEN ${expired} THEN 1 ELSE "rateLimits"."count" + 1 END`,
            resetAt: sql`CASE WHEN ${expired} THEN ${at + windowMs} ELSE "rateLimits"."resetAt" END`,
          }),
        )
        .returning(["count", "resetAt"])
        .executeTakeFirstOrThrow();
      return { current: Number(row.count), ttl: Math.max(0, Number(row.resetAt) - at) };
    }
  };
}
