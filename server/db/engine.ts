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
 * Why a statement failed when the fault is the database's and not the statement's, else null:
 * "unavailable" when it cannot be reached (refused, reset, timed out, the connection terminated, the
 * server shutting down, starting up or out of connections); "busy" when SQLite's file stayed locked
 * by another process past the busy timeout. Either passes: the same call succeeds once it does.
 * Only the error itself is read, never its cause: an HTTP client's failure (the chain's RPC) carries
 * its socket error as a cause, and is not the database's.
 */
export function databaseFault(error: unknown): "unavailable" | "busy" | null {
  if (!(error instanceof Error)) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    if (/^SQLITE_(BUSY|LOCKED)(_|$)/.test(code)) return "busy";
    if (UNREACHABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return "unavailable";
  }
  if (UNREACHABLE_MESSAGES.test(error.message)) return "unavailable";
  // A host name with several addresses: every one of them refused.
  if (error instanceof AggregateError && error.errors.length > 0 && error.errors.every((e) => databaseFault(e) === "unavailable"))
    return "unavailable";
  return null;
}

/**
 * Node's socket errors, and PostgreSQL's SQLSTATEs for a server shutting down (57P01 admin, 57P02
 * crash), not accepting connections yet (57P03) or out of them (53300); class 08 is matched apart.
 */
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);

/** pg's own words for a lost connection or a pool that could not connect in time (they carry no code). */
const UNREACHABLE_MESSAGES =
  /^(Connection terminated\b|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)/;

/**
 * The milliseconds from one stored time to another (ISO-8601 UTC text columns), as an SQL number:
 * SQLite reads the text with julianday (a fraction of a day), PostgreSQL casts it to timestamptz.
 */
export function msBetween(engine: Engine, from: string, to: string): RawBuilder<number> {
  return engine === "postgres"
    ? sql<number>`(EXTRACT(EPOCH FROM (CAST(${sql.ref(to)} AS timestamptz) - CAST(${sql.ref(from)} AS timestamptz))) * 1000)`
    : sql<number>`((julianday(${sql.ref(to)}) - julianday(${sql.ref(from)})) * 86400000.0)`;
}
