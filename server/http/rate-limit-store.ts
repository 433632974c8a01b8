// @fastify/rate-limit's counters in the database every instance shares, so a limit holds across
// instances behind one load balancer (the plugin's own store counts in each process's memory).
// Per request, the windows that are over are dropped, then one atomic upsert counts this one (db/rate-limits.ts).
import { countRequest } from "../db/rate-limits.ts";
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
      this.#increment(`${this.#scope} ${client}`, timeWindow).then(
        (result) => done(null, result),
        (error: Error) => done(error),
      );
    }

    child(options: unknown) {
      return new DatabaseRateLimitStore(options);
    }

    async #increment(key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
      const at = now();
      const { count, resetAt } = await countRequest(db, key, windowMs, at);
      return { current: count, ttl: Math.max(0, resetAt - at) };
    }
  };
}
