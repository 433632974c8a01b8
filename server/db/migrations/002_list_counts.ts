import { sql, type Kysely } from "kysely";
import { engineOf, type Engine } from "../engine.ts";
import { LEVELS, LIST_FAMILIES, ORDER_FILTER_SQL, rebuildStatements } from "../list-families.ts";

// Paged lists over a million rows. Two problems: the total (COUNT(*) scans every matching row) and
// a deep page (OFFSET walks every skipped row). Both are answered from counts kept by triggers:
//   - counters(name = list) holds each list's total, so the total is one key lookup;
//   - listCounts(list, level, bucket) holds how many of the list's rows fall in each block of
//     rowids (level 0: 1024 rowids, level 1: 65536), so the block holding row #k of a list is
//     found by summing a few dozen counts, and the page query then scans one or two blocks.
// The lists are ordered by rowid, newest first: rows are inserted in creation order, so rowid order
// is creation order. The list definitions live in ../list-families.ts, which the services' paging
// and the seeder read too, so a list's WHERE clause and its counts cannot drift apart.

/** Statements adding `delta` to every list row `r` belongs to (each ends with a semicolon). */
function countStatements(table: string, r: string, delta: 1 | -1): string {
  return LIST_FAMILIES.filter((f) => f.table === table)
    .map((f) => {
      const levels = f.paged
        ? `INSERT INTO "listCounts" (list, level, bucket, n)
             SELECT ${f.name(r)}, lv.level, ${r}.rowid >> lv.shift, ${delta}
             FROM (${LEVELS.map((l) => `SELECT ${l.level} AS level, ${l.shift} AS shift`).join(" UNION ALL ")}) AS lv
             WHERE ${f.where(r)}
           ON CONFLICT (list, level, bucket) DO UPDATE SET n = "listCounts".n + excluded.n;`
        : "";
      return `${levels}
        INSERT INTO counters (name, value) SELECT ${f.name(r)}, ${delta} WHERE ${f.where(r)}
          ON CONFLICT (name) DO UPDATE SET value = counters.value + excluded.value;`;
    })
    .join("\n");
}

const WATCHED: Record<"orders" | "users", { columns: string[]; changed: string }> = {
  orders: {
    columns: ["status", '"shippedAt"'],
    changed: 'OLD.status IS DISTINCT FROM NEW.status OR (OLD."shippedAt" IS NULL) <> (NEW."shippedAt" IS NULL)',
  },
  users: {
    columns: ["role", "verified", "disabled"],
    changed:
      "OLD.role IS DISTINCT FROM NEW.role OR OLD.verified IS DISTINCT FROM NEW.verified OR OLD.disabled IS DISTINCT FROM NEW.disabled",
  },
};

/** The triggers keeping the counts, per engine: SQLite's bodies are inline, PostgreSQL's are functions. */
function triggerStatements(engine: Engine): string[] {
  return (["orders", "users"] as const).flatMap((table) => {
    const events = [
      { name: `${table}_list_insert`, on: "INSERT", when: "", body: countStatements(table, "NEW", 1) },
      { name: `${table}_list_delete`, on: "DELETE", when: "", body: countStatements(table, "OLD", -1) },
      {
        name: `${table}_list_update`,
        on: `UPDATE OF ${WATCHED[table].columns.join(", ")}`,
        when: WATCHED[table].changed,
        body: `${countStatements(table, "OLD", -1)} ${countStatements(table, "NEW", 1)}`,
      },
    ];
    if (engine === "sqlite") {
      return events.map((e) => `CREATE TRIGGER ${e.name} AFTER ${e.on} ON ${table}${e.when && ` WHEN ${e.when}`} BEGIN ${e.body} END`);
    }
    return events.flatMap((e) => [
      `CREATE FUNCTION ${e.name}() RETURNS trigger LANGUAGE plpgsql AS $fn$ BEGIN ${e.body} RETURN NULL; END $fn$`,
      `CREATE TRIGGER ${e.name} AFTER ${e.on} ON ${table} FOR EACH ROW${e.when && ` WHEN (${e.when})`} EXECUTE FUNCTION ${e.name}()`,
    ]);
  });
}

/** Indexes whose rows sort by rowid within each filter value, so a filtered page scans only matches. */
const SHARED_INDEXES = [
  'CREATE INDEX orders_shop ON orders ("shopId")',
  'CREATE INDEX shops_seller ON shops ("sellerId")',
  'CREATE INDEX products_featured ON products ("isFeatured", "createdAt")',
  'CREATE INDEX audit_created ON "auditLog" ("createdAt")',
];

const INDEXES: Record<Engine, string[]> = {
  // SQLite appends the rowid to every index key, so an index on (status) sorts by rowid within a status.
  sqlite: [
    // Replaced: these sort by createdAt, and the lists sort by rowid.
    "DROP INDEX IF EXISTS orders_status",
    "DROP INDEX IF EXISTS users_role",
    "CREATE INDEX orders_status_seq ON orders (status)",
    `CREATE INDEX orders_new_seq ON orders (status) WHERE ${ORDER_FILTER_SQL.new("orders")}`,
    // The indexed expression is constant inside the partial index, so its rows sort by rowid;
    // a query names it as "(shippedAt IS NOT NULL) = 1" to use it.
    `CREATE INDEX orders_ongoing_seq ON orders (("shippedAt" IS NOT NULL)) WHERE ${ORDER_FILTER_SQL.ongoing("orders")}`,
    "CREATE INDEX users_role_seq ON users (role)",
    "CREATE INDEX users_verified_seq ON users (verified)",
    "CREATE INDEX users_disabled_seq ON users (disabled)",
    ...SHARED_INDEXES,
  ],
  // PostgreSQL's rowid is an ordinary column: it is named in each key.
  postgres: [
    "DROP INDEX IF EXISTS orders_status",
    "DROP INDEX IF EXISTS users_role",
    "CREATE INDEX orders_seq ON orders (rowid)",
    "CREATE INDEX orders_status_seq ON orders (status, rowid)",
    `CREATE INDEX orders_new_seq ON orders (rowid) WHERE ${ORDER_FILTER_SQL.new("orders")}`,
    `CREATE INDEX orders_ongoing_seq ON orders (rowid) WHERE ${ORDER_FILTER_SQL.ongoing("orders")}`,
    "CREATE INDEX users_seq ON users (rowid)",
    "CREATE INDEX users_role_seq ON users (role, rowid)",
    "CREATE INDEX users_verified_seq ON users (verified, rowid)",
    "CREATE INDEX users_disabled_seq ON users (disabled, rowid)",
    "CREATE INDEX nonces_seq ON nonces (rowid)",
    ...SHARED_INDEXES,
  ],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  await sql
    .raw(
      `CREATE TABLE "listCounts" (
    list TEXT NOT NULL,
    level INTEGER NOT NULL,
    bucket BIGINT NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (list, level, bucket)
  )${engine === "sqlite" ? " WITHOUT ROWID" : ""}`,
    )
    .execute(db);
  for (const statement of [...INDEXES[engine], ...triggerStatements(engine), ...rebuildStatements()]) {
    await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  for (const table of ["orders", "users"]) {
    for (const event of ["insert", "delete", "update"]) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_list_${event}${engine === "postgres" ? ` ON ${table}` : ""}`).execute(db);
      if (engine === "postgres") await sql.raw(`DROP FUNCTION IF EXISTS ${table}_list_${event}()`).execute(db);
    }
  }
  for (const statement of INDEXES[engine].filter((s) => s.startsWith("CREATE INDEX"))) {
    await sql.raw(`DROP INDEX IF EXISTS ${statement.split(" ")[2]}`).execute(db);
  }
  await sql`DROP TABLE IF EXISTS "listCounts"`.execute(db);
  await sql.raw("DELETE FROM counters WHERE name = 'orders' OR name LIKE 'orders?%' OR name = 'users' OR name LIKE 'users?%'").execute(db);
  await sql`CREATE INDEX IF NOT EXISTS orders_status ON orders (status, "createdAt", id)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS users_role ON users (role, "createdAt")`.execute(db);
}
