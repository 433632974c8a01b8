// The rateLimits table: @fastify/rate-limit's counters (http/rate-limit-store.ts), shared by every
// instance on the database. Times are epoch milliseconds.
import { sql } from "kysely";
import type { Db } from "./schema.ts";

/**
 * Counts one more request under `key` at `at`, in a window of `windowMs` that starts with its first:
 * the windows that are over are dropped first (this key's too, whose count then starts again), then
 * one atomic upsert counts this one. Answers the count so far and when its window ends.
 */
export async function countRequest(db: Db, key: string, windowMs: number, at: number): Promise<{ count: number; resetAt: number }> {
  await db.deleteFrom("rateLimits").where("resetAt", "<=", at).execute();
  const row = await db
    .insertInto("rateLimits")
    .values({ key, count: 1, resetAt: at + windowMs })
    .onConflict((conflict) => conflict.column("key").doUpdateSet({ count: sql`"rateLimits"."count" + 1` }))
    .returning(["count", "resetAt"])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), resetAt: Number(row.resetAt) };
}
