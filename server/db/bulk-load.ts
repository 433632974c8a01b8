// Bulk loads (the seeder's million orders), per engine. The list-count triggers (migration 002) cost
// ~20 writes per row; for a bulk load it is far cheaper to switch them off, count once at the end
// (rebuildStatements) and switch them back on, all in one transaction: all or nothing.
import { sql } from "kysely";
import { rebuildStatements } from "./list-families.ts";
import type { OpenedDatabase } from "./connection.ts";
import type { Database } from "./schema.ts";

/** Inserts `rows` into `table`, taking `columns` from each row (missing ones are NULL, others ignored). */
export type Insert = (table: keyof Database, columns: readonly string[], rows: Iterable<object>) => Promise<void>;

export async function bulkLoad(opened: Pick<OpenedDatabase, "db" | "sqlite">, fill: (insert: Insert) => Promise<void>): Promise<void> {
  if (opened.sqlite) await sqliteLoad(opened.sqlite, fill);
  else await postgresLoad(opened.db, fill);
}

const valuesOf = (row: object, columns: readonly string[]) => columns.map((c) => (row as Record<string, unknown>)[c] ?? null);

async function sqliteLoad(sqlite: NonNullable<OpenedDatabase["sqlite"]>, fill: (insert: Insert) => Promise<void>): Promise<void> {
  const triggers = sqlite
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN ('orders', 'users')")
    .all() as { name: string; sql: string }[];
  const { cache_size: cacheSize } = sqlite.prepare("PRAGMA cache_size").get() as { cache_size: number };
  sqlite.exec("PRAGMA cache_size = -262144");
  // Prepared once per table and run row by row: SQLite's fastest way in, with nothing to await.
  const insert: Insert = async (table, columns, rows) => {
    const statement = sqlite.prepare(
      `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
    );
    for (const row of rows) statement.run(valuesOf(row, columns));
  };
  sqlite.exec("BEGIN");
  try {
    for (const t of triggers) sqlite.exec(`DROP TRIGGER ${t.name}`);
    await fill(insert);
    for (const statement of rebuildStatements()) sqlite.exec(statement);
    for (const t of triggers) sqlite.exec(t.sql);
    sqlite.exec("COMMIT");
  } catch (error) {
    sqlite.exec("ROLLBACK");
    throw error;
  } finally {
    sqlite.exec(`PRAGMA cache_size = ${cacheSize}`);
  }
  // Fresh statistics help the planner pick the list indexes on a big table.
  sqlite.exec("PRAGMA optimize");
}

/** PostgreSQL takes at most 65 535 parameters per statement: rows go in batches under that. */
const MAX_PARAMETERS = 60_000;

async function postgresLoad(db: OpenedDatabase["db"], fill: (insert: Insert) => Promise<void>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const table of ["orders", "users"]) await sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER USER`).execute(trx);
    await fill(async (table, columns, rows) => {
      const size = Math.floor(MAX_PARAMETERS / columns.length);
      let batch: unknown[][] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        const values = sql.join(batch.map((row) => sql`(${sql.join(row)})`));
        await sql`INSERT INTO ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) VALUES ${values}`.execute(trx);
        batch = [];
      };
      for (const row of rows) {
        batch.push(valuesOf(row, columns));
        if (batch.length === size) await flush();
      }
      await flush();
    });
    for (const statement of rebuildStatements()) await sql.raw(statement).execute(trx);
    for (const table of ["orders", "users"]) await sql.raw(`ALTER TABLE ${table} ENABLE TRIGGER USER`).execute(trx);
  });
  // Fresh statistics help the planner pick the list indexes on a big table; the vacuum sets the
  // visibility map, without which no index-only scan (the daily stats' orders_by_day) is possible
  // until autovacuum comes by.
  await sql`VACUUM ANALYZE`.execute(db);
}
