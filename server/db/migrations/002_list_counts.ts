import { sql, type Kysely } from "kysely";
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

/** Statements adding `delta` to every list row `r` belongs to. */
function countStatements(table: string, r: string, delta: 1 | -1): string {
  return LIST_FAMILIES.filter((f) => f.table === table)
    .map((f) => {
      const levels = f.paged
        ? `INSERT INTO listCounts (list, level, bucket, n)
             SELECT ${f.name(r)}, lv.level, ${r}.rowid >> lv.shift, ${delta}
             FROM (${LEVELS.map((l) => `SELECT ${l.level} AS level, ${l.shift} AS shift`).join(" UNION ALL ")}) AS lv
             WHERE ${f.where(r)}
           ON CONFLICT (list, level, bucket) DO UPDATE SET n = n + excluded.n;`
        : "";
      return `${levels}
        INSERT INTO counters (name, value) SELECT ${f.name(r)}, ${delta} WHERE ${f.where(r)}
          ON CONFLICT (name) DO UPDATE SET value = value + excluded.value;`;
    })
    .join("\n");
}

const WATCHED: Record<"orders" | "users", { columns: string[]; changed: string }> = {
  orders: {
    columns: ["status", "shippedAt"],
    changed: "OLD.status IS NOT NEW.status OR (OLD.shippedAt IS NULL) <> (NEW.shippedAt IS NULL)",
  },
  users: {
    columns: ["role", "verified", "disabled"],
    changed: "OLD.role IS NOT NEW.role OR OLD.verified IS NOT NEW.verified OR OLD.disabled IS NOT NEW.disabled",
  },
};

function triggerStatements(): string[] {
  return (["orders", "users"] as const).flatMap((table) => [
    `CREATE TRIGGER ${table}_list_insert AFTER INSERT ON ${table} BEGIN ${countStatements(table, "NEW", 1)} END`,
    `CREATE TRIGGER ${table}_list_delete AFTER DELETE ON ${table} BEGIN ${countStatements(table, "OLD", -1)} END`,
    `CREATE TRIGGER ${table}_list_update AFTER UPDATE OF ${WATCHED[table].columns.join(", ")} ON ${table}
       WHEN ${WATCHED[table].changed}
       BEGIN ${countStatements(table, "OLD", -1)} ${countStatements(table, "NEW", 1)} END`,
  ]);
}

/** Indexes whose rows sort by rowid within each filter value, so a filtered page scans only matches. */
const INDEXES = [
  // Replaced: these sort by createdAt, and the lists sort by rowid.
  "DROP INDEX IF EXISTS orders_status",
  "DROP INDEX IF EXISTS users_role",
  "CREATE INDEX orders_status_seq ON orders (status)",
  `CREATE INDEX orders_new_seq ON orders (status) WHERE ${ORDER_FILTER_SQL.new("orders")}`,
  // The indexed expression is constant inside the partial index, so its rows sort by rowid;
  // a query names it as "(shippedAt IS NOT NULL) = 1" to use it.
  `CREATE INDEX orders_ongoing_seq ON orders ((shippedAt IS NOT NULL)) WHERE ${ORDER_FILTER_SQL.ongoing("orders")}`,
  "CREATE INDEX orders_shop ON orders (shopId)",
  "CREATE INDEX users_role_seq ON users (role)",
  "CREATE INDEX users_verified_seq ON users (verified)",
  "CREATE INDEX users_disabled_seq ON users (disabled)",
  "CREATE INDEX shops_seller ON shops (sellerId)",
  "CREATE INDEX products_featured ON products (isFeatured, createdAt)",
  "CREATE INDEX audit_created ON auditLog (createdAt)",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE listCounts (
    list TEXT NOT NULL,
    level INTEGER NOT NULL,
    bucket INTEGER NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (list, level, bucket)
  ) WITHOUT ROWID`.execute(db);
  for (const statement of [...INDEXES, ...triggerStatements(), ...rebuildStatements()]) {
    await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["orders", "users"]) {
    for (const event of ["insert", "delete", "update"]) await sql.raw(`DROP TRIGGER IF EXISTS ${table}_list_${event}`).execute(db);
  }
  for (const index of ["orders_status_seq", "orders_new_seq", "orders_ongoing_seq", "orders_shop", "users_role_seq",
    "users_verified_seq", "users_disabled_seq", "shops_seller", "products_featured", "audit_created"]) {
    await sql.raw(`DROP INDEX IF EXISTS ${index}`).execute(db);
  }
  await sql`DROP TABLE IF EXISTS listCounts`.execute(db);
  await sql.raw("DELETE FROM counters WHERE name = 'orders' OR name LIKE 'orders?%' OR name = 'users' OR name LIKE 'users?%'").execute(db);
  await sql`CREATE INDEX IF NOT EXISTS orders_status ON orders (status, createdAt, id)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS users_role ON users (role, createdAt)`.execute(db);
}
