import type { Kysely } from "kysely";

// The sign-in rate limit's counters, in the database every instance shares (they were in each
// process's memory, so N instances allowed N times the limit): one row per route and client
// address, counting requests until `resetAt` (epoch ms), when the window starts again.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("rateLimits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("resetAt", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("rate_limits_reset").on("rateLimits").columns(["resetAt"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("rateLimits").execute();
}
