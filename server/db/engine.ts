// The two database engines the server runs on: SQLite (the embedded default) and PostgreSQL
// (DATABASE_URL). The services and queries are the same on both; this module names the few places
// where the engines differ, so that nothing else has to ask which one it is on.
import { PostgresAdapter, sql, type Kysely, type RawBuilder } from "kysely";

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

/**
 * The milliseconds from one stored time to another (ISO-8601 UTC text columns), as an SQL number:
 * SQLite reads the text with julianday (a fraction of a day), PostgreSQL casts it to timestamptz.
 */
export function msBetween(engine: Engine, from: string, to: string): RawBuilder<number> {
  return engine === "postgres"
    ? sql<number>`(EXTRACT(EPOCH FROM (CAST(${sql.ref(to)} AS timestamptz) - CAST(${sql.ref(from)} AS timestamptz))) * 1000)`
    : sql<number>`((julianday(${sql.ref(to)}) - julianday(${sql.ref(from)})) * 86400000.0)`;
}
