import type { Kysely } from "kysely";
import { createIndex, required, textKey } from "../columns.ts";

// The sign-in rate limit's counters, in the database every instance shares (they were in each
// process's memory, so N instances allowed N times the limit): one row per route and client
// address, counting requests until `resetAt` (epoch ms), when the window starts again.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("rateLimits")
    .$call(textKey("key"))
    .$call(required("integer", "count"))
    .$call(required("bigint", "resetAt"))
    .execute();
  await createIndex(db, "rate_limits_reset", "rateLimits", ["resetAt"]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("rateLimits").execute();
}
