// What an operator scrapes from one instance (Prometheus text format, prom-client): request
// durations by route and status, sign-in failures, the settlement queue by status, the database
// pool's use (PostgreSQL), and Node's own process figures. Each app has a registry of its own (never prom-client's global one), so several
// apps in one process, as in the tests, do not share or clash.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { OpenedDatabase } from "../db/connection.ts";
import { countSettlementsByStatus } from "../db/settlements.ts";

export interface Metrics {
  registry: Registry;
  requestDuration: Histogram<"method" | "route" | "status_code">;
  /** Refused sign-ins, by why (the reason is never the wallet). */
  signInFailures: Counter<"reason">;
}

// Request times of an admin API: most answer in milliseconds; settlements wait on a chain.
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function createMetrics(database: Pick<OpenedDatabase, "db" | "poolUse">): Metrics {
  const { db } = database;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requestDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer each HTTP request, by method, route pattern and status",
    labelNames: ["method", "route", "status_code"] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const signInFailures = new Counter({
    name: "marketplace_sign_in_failures_total",
    help: "Sign-ins this instance refused, by reason",
    labelNames: ["reason"] as const,
    registers: [registry],
  });
  // Read from the database at each scrape, so every instance reports the same queue; failed
  // settlements are the status="failed" series.
  new Gauge({
    name: "marketplace_settlements",
    help: "Settlements in the queue by status (pending, submitted, confirmed, failed)",
    labelNames: ["status"] as const,
    registers: [registry],
    async collect() {
      const counts = await countSettlementsByStatus(db);
      this.reset();
      for (const { status, count } of counts) this.set({ status }, count);
    },
  });
  if (database.poolUse()) {
    new Gauge({
      name: "marketplace_db_pool_connections",
      help: "This instance's PostgreSQL connections: open, idle, and queries waiting for one",
      labelNames: ["state"] as const,
      registers: [registry],
      collect() {
        const use = database.poolUse();
        if (!use) return;
        this.set({ state: "open" }, use.total);
        this.set({ state: "idle" }, use.idle);
        this.set({ state: "waiting" }, use.waiting);
      },
    });
  }
  return { registry, requestDuration, signInFailures };
}
