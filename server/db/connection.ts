// Opening the database: SQLite (a file, the embedded default) or PostgreSQL (DATABASE_URL). Both give
// the services the same Kysely instance over the same tables; what differs stays here: the driver,
// its settings, and the pool a PostgreSQL server is reached through.
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import { Migrator, type Migration } from "kysely/migration";
import pg from "pg";
import { existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { Engine } from "./engine.ts";
import type { Database, Db } from "./schema.ts";
import { SqliteFile } from "./sqlite.ts";

export type { Db, Engine };

/** Where the database is: a PostgreSQL URL, else the SQLite file. */
export interface DatabaseTarget {
  url?: string | null;
  path: string;
  /** PostgreSQL connections at most (default 10). */
  poolSize?: number;
}

export interface PoolUse {
  /** Connections open, idle among them, and queries waiting for one. */
  total: number;
  idle: number;
  waiting: number;
}

export interface OpenedDatabase {
  db: Db;
  engine: Engine;
  /** The SQLite handle, for bulk loads (seeding); null on PostgreSQL. */
  sqlite: SqliteFile | null;
  /** No migration had run before this open: a new database. */
  fresh: boolean;
  /** The PostgreSQL pool's use now; null on SQLite (one connection, no pool). */
  poolUse(): PoolUse | null;
  close(): Promise<void>;
}

/** The migrations to apply, by name, run in name order. */
export type Migrations = Readonly<Record<string, Migration>>;

/**
 * Opens (creating when absent) the database and applies every pending one of `migrations`: the
 * server's are the core's and its resource modules' (MIGRATIONS, server/resources/index.ts).
 */
export async function openDatabase(target: DatabaseTarget | string, migrations: Migrations): Promise<OpenedDatabase> {
  const { url, path, poolSize } = typeof target === "string" ? { path: target, url: null, poolSize: undefined } : target;
  const opened = url ? openPostgres(url, { poolSize }) : openSqlite(path);
  try {
    opened.fresh = await migrateToLatest(opened.db, migrations);
  } catch (error) {
    await opened.close();
    throw error;
  }
  return opened;
}

/**
 * Opens an existing database for reading only: no migration, no file created, every write fails.
 * Safe beside the running server that owns it (for the read-only tools: reconcile, audit:verify).
 */
export function openReadOnlyDatabase(target: DatabaseTarget | string): OpenedDatabase {
  const { url, path } = typeof target === "string" ? { path: target, url: null } : target;
  if (url) return openPostgres(url, { poolSize: 2, readOnly: true });
  if (!existsSync(path)) throw new Error(`No database at ${path} (DATABASE_PATH): nothing to read`);
  const sqlite = new SqliteFile(path, { readOnly: true });
  sqlite.exec("PRAGMA busy_timeout = 5000");
  return sqliteOpened(sqlite);
}

function openSqlite(path: string): OpenedDatabase {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SqliteFile(path);
  sqlite.exec("PRAGMA journal_mode = WAL");
  sqlite.exec("PRAGMA synchronous = NORMAL");
  sqlite.exec("PRAGMA foreign_keys = ON");
  sqlite.exec("PRAGMA busy_timeout = 5000");
  // Node builds SQLite with its default page cache (2 MB); better-sqlite3, which this server ran on
  // before, with 16 MB. Kept at 16 MB: the list queries walk large indexes.
  sqlite.exec("PRAGMA cache_size = -16000");
  return sqliteOpened(sqlite);
}

function sqliteOpened(sqlite: SqliteFile): OpenedDatabase {
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, engine: "sqlite", sqlite, fresh: false, poolUse: () => null, close: () => db.destroy() };
}

/**
 * 64-bit integers (epoch ms, amounts, counts) come back from PostgreSQL as text, to keep their
 * precision; SQLite gives numbers. Numbers here too, so rows are the same on both engines (the
 * values stay far below 2^53).
 */
const NUMERIC_TYPES = new Set([pg.types.builtins.INT8, pg.types.builtins.NUMERIC]);
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    NUMERIC_TYPES.has(oid) ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** How long a query waits for a connection (a new one, or a free one of the pool). */
const CONNECT_TIMEOUT_MS = 10_000;

function openPostgres(url: string, options: { poolSize?: number; readOnly?: boolean }): OpenedDatabase {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    types,
    // A server that does not answer at all (a host gone, packets dropped) fails a query after this
    // long, as a 503, instead of holding the request for the minutes TCP takes to give up.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // Every session in UTC and, for the read-only tools, unable to write.
    options: `-c TimeZone=UTC${options.readOnly ? " -c default_transaction_read_only=on" : ""}`,
  });
  // A connection the server drops (a restart, a failover) must not take the process down: when idle
  // the pool hears it; when in use, a listener of its own does (the query in flight fails anyway).
  pool.on("error", () => undefined);
  pool.on("connect", (client) => client.on("error", () => undefined));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    engine: "postgres",
    sqlite: null,
    fresh: false,
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => db.destroy(),
  };
}

/**
 * Runs statements on a PostgreSQL server over a connection of their own, outside any pool and
 * transaction: what a pool cannot do (CREATE or DROP DATABASE) or must not (reset a whole schema).
 */
export async function runOnPostgres(url: string, statements: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statements);
  } finally {
    await client.end();
  }
}

/**
 * Applies the pending migrations (instances starting together take turns: Kysely locks its
 * migration table). True when none had run before: a new database.
 */
export async function migrateToLatest(db: Db, migrations: Migrations): Promise<boolean> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => ({ ...migrations }) } });
  const fresh = (await migrator.getMigrations()).every((m) => m.executedAt === undefined);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? "");
    // The cause keeps SQLite's code: a full disk must read as one at start (config.ts dataFolderError).
    throw new Error(`Database migration ${failed?.migrationName ?? ""} failed: ${reason}`, { cause: error });
  }
  return fresh;
}

/** The database in use, as the banner names it: the SQLite file, or the PostgreSQL URL without its password. */
export function databaseName(config: { databaseUrl: string | null; databasePath: string }): string {
  if (!config.databaseUrl) return config.databasePath;
  const url = new URL(config.databaseUrl);
  if (url.password) url.password = "***";
  return url.href;
}
