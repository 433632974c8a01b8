import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { Migrator, type MigrationProvider } from "kysely/migration";
import { existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { migrations } from "./migrations/index.ts";
import type { Database, Db } from "./schema.ts";

export type { Db };

export interface OpenedDatabase {
  db: Db;
  /** The raw handle, for bulk loads (seeding) and synchronous transactions. */
  sqlite: SQLite.Database;
  close(): Promise<void>;
}

/** Opens (creating when absent) the SQLite file and applies every pending migration. */
export async function openDatabase(path: string): Promise<OpenedDatabase> {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  await migrateToLatest(db);
  return {
    db,
    sqlite,
    close: () => db.destroy(),
  };
}

/**
 * Opens an existing SQLite file for reading only: no migration, no file created, every write fails.
 * Safe beside the running server that owns it (for the read-only tools: reconcile, audit:verify).
 */
export function openReadOnlyDatabase(path: string): OpenedDatabase {
  if (!existsSync(path)) throw new Error(`No database at ${path} (DATABASE_PATH): nothing to read`);
  const sqlite = new SQLite(path, { readonly: true, fileMustExist: true });
  sqlite.pragma("busy_timeout = 5000");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, sqlite, close: () => db.destroy() };
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? "");
    // The cause keeps SQLite's code: a full disk must read as one at start (config.ts dataFolderError).
    throw new Error(`Database migration ${failed?.migrationName ?? ""} failed: ${reason}`, { cause: error });
  }
}
