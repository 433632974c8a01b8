// The two database engines the server runs on: SQLite (the embedded default) and PostgreSQL
// (DATABASE_URL). The services and queries are the same on both; this module names the few places
// where the engines differ, so that nothing else has to ask which one it is on.
import { PostgresAdapter, type Kysely } from "kysely";

export type Engine = "sqlite" | "postgres";

export function engineOf<DB>(db: Kysely<DB>): Engine {
  // Kysely marks getExecutor internal, but it is the one place the dialect's adapter is exposed.
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

/** A write refused by a UNIQUE constraint (SQLite's SQLITE_CONSTRAINT_UNIQUE or PRIMARYKEY, PostgreSQL's 23505). */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}
