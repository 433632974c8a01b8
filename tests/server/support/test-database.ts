// The database a test server runs on: a throw-away SQLite file, or, on the PostgreSQL run (project
// "node:postgres", postgres-setup.ts), a fresh database. Either is a copy of a migrated template: a
// copy takes milliseconds, migrating some 60 ms of CPU, paid by each of the hundreds of servers the
// tests start. Also `query`, the tests' raw SQL on either engine.
import { randomBytes } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql, type Kysely } from "kysely";
import { openDatabase, runOnPostgres, type DatabaseTarget, type OpenedDatabase } from "../../../server/db/connection.ts";
import { MIGRATIONS } from "../../../server/resources/index.ts";
import { seedDatabase, type SeedOptions } from "../../../server/seed/index.ts";
import { inject } from "vitest";
import type { Db } from "../../../server/db/schema.ts";

export const TEMPLATE_DATABASE = "mkt_template";

/** The PostgreSQL cluster of this run, if it is the PostgreSQL run. */
export const postgresUrl = (): string | undefined => inject("postgresUrl");

export interface TestDatabase {
  /** DATABASE_PATH and, on PostgreSQL, DATABASE_URL for the server's environment. */
  env: Record<string, string>;
  /** Where `env` points, for opening the database beside the server. */
  target: DatabaseTarget;
  /** The database opened (and migrated) as the server opens it; the caller closes it. */
  open(): Promise<OpenedDatabase>;
  drop(): Promise<void>;
}

/**
 * The SQLite template: migrated once per worker (the files of a worker share this module), closed,
 * so that the one file holds it all (the write-ahead log is folded in at close).
 */
let sqliteTemplate: Promise<string> | undefined;

function migratedSqliteFile(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), "mkt-sqlite-template-"));
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
    const path = join(dir, "template.sqlite");
    const template = await openDatabase(path, MIGRATIONS);
    await template.close();
    return path;
  })();
  return sqliteTemplate;
}

/** A new, empty (migrated) database for one test server; `dir` holds the SQLite file. */
export async function createTestDatabase(dir: string, file = "test.sqlite"): Promise<TestDatabase> {
  const path = join(dir, "data", file);
  const url = postgresUrl();
  if (!url) {
    const template = await migratedSqliteFile();
    mkdirSync(join(dir, "data"), { recursive: true });
    copyFileSync(template, path);
    return testDatabase({ path }, async () => undefined);
  }
  const name = `t_${randomBytes(8).toString("hex")}`;
  await runOnPostgres(url, `CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE} STRATEGY FILE_COPY`);
  const database = new URL(url);
  database.pathname = `/${name}`;
  return testDatabase({ path, url: database.href }, () => runOnPostgres(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

function testDatabase(target: { path: string; url?: string }, drop: () => Promise<void>): TestDatabase {
  return {
    env: target.url ? { DATABASE_PATH: target.path, DATABASE_URL: target.url } : { DATABASE_PATH: target.path },
    target,
    open: () => openDatabase(target, MIGRATIONS),
    drop,
  };
}

/**
 * Demo data a server process finds at its first start, as `npm run seed` leaves it: written into the
 * database at `target`, which is closed again before the server opens it.
 */
export async function seedBeforeFirstStart(target: DatabaseTarget | string, options: SeedOptions): Promise<void> {
  const seeding = await openDatabase(target, MIGRATIONS);
  await seedDatabase(seeding, options).finally(() => seeding.close());
}

/**
 * Raw SQL for tests, on either engine: `?` placeholders, camelCase names in double quotes (PostgreSQL
 * folds unquoted names to lower case).
 */
export function query(source: Db | Kysely<unknown> | { db: Db }) {
  const kysely = ("db" in source ? source.db : source) as Kysely<unknown>;
  const build = (text: string, params: unknown[]) => {
    const parts = text.split("?");
    if (parts.length !== params.length + 1) throw new Error(`${params.length} parameters for ${parts.length - 1} placeholders: ${text}`);
    return sql(Object.assign([...parts], { raw: parts }) as unknown as TemplateStringsArray, ...params);
  };
  return {
    async all<T = Record<string, unknown>>(text: string, ...params: unknown[]): Promise<T[]> {
      return (await build(text, params).execute(kysely)).rows as T[];
    },
    async get<T = Record<string, unknown>>(text: string, ...params: unknown[]): Promise<T | undefined> {
      return (await build(text, params).execute(kysely)).rows[0] as T | undefined;
    },
    /** Rows changed. */
    async run(text: string, ...params: unknown[]): Promise<number> {
      return Number((await build(text, params).execute(kysely)).numAffectedRows ?? 0);
    },
  };
}
