import { sql, type Kysely } from "kysely";

// Paged lists over a million rows. Two problems: the total (COUNT(*) scans every matching row) and
// a deep page (OFFSET walks every skipped row). Both are answered from counts kept by triggers:
//   - counters(name = list) holds each list's total, so the total is one key lookup;
//   - listCounts(list, level, bucket) holds how many of the list's rows fall in each block of
//     rowids (level 0: 1024 rowids, level 1: 65536), so the block holding row #k of a list is
//     found by summing a few dozen counts, and the page query then scans one or two blocks.
// The lists are ordered by rowid, newest first: rows are inserted in creation order, so rowid order
// is creation order. The list definitions live here, next to the triggers that count them, and the
// services import them, so a list's WHERE clause and its counts cannot drift apart.

export interface ListFamily {
  table: "orders" | "users";
  /** SQL giving the list name of row `r` (a constant for a fixed list, or built from its values). */
  name: (r: string) => string;
  /** SQL condition for row `r` to be in the list. */
  where: (r: string) => string;
  /** false: keep only the total (for stats), no per-block counts. */
  paged: boolean;
}

export const LEVELS = [
  { level: 0, shift: 10 },
  { level: 1, shift: 16 },
] as const;

/** Order list filters, as SQL on an orders row. */
export const ORDER_FILTER_SQL = {
  new: (r: string) => `${r}.status = 'ACTIVE' AND ${r}.shippedAt IS NULL`,
  ongoing: (r: string) => `${r}.shippedAt IS NOT NULL AND ${r}.status <> 'COMPLETED'`,
  in_dispute: (r: string) => `${r}.status = 'DISPUTED'`,
  completed: (r: string) => `${r}.status = 'COMPLETED'`,
} as const;

export const USER_FILTER_COLUMNS = ["role", "verified", "disabled"] as const;
export type UserFilterColumn = (typeof USER_FILTER_COLUMNS)[number];

/** The canonical name of a users list, e.g. users?role=ADMIN&verified=1 (columns in fixed order). */
export function userListName(filter: Partial<Record<UserFilterColumn, string | number>>): string {
  const parts = USER_FILTER_COLUMNS.filter((c) => filter[c] !== undefined).map((c) => `${c}=${filter[c]}`);
  return parts.length ? `users?${parts.join("&")}` : "users";
}

const userFamilies: ListFamily[] = [];
for (let mask = 0; mask < 1 << USER_FILTER_COLUMNS.length; mask++) {
  const columns = USER_FILTER_COLUMNS.filter((_, i) => mask & (1 << i));
  userFamilies.push({
    table: "users",
    name: (r) =>
      columns.length === 0
        ? "'users'"
        : `'users?' || ${columns.map((c, i) => `'${i ? "&" : ""}${c}=' || ${r}.${c}`).join(" || ")}`,
    where: () => "1",
    paged: true,
  });
}

export const LIST_FAMILIES: ListFamily[] = [
  { table: "orders", name: () => "'orders'", where: () => "1", paged: true },
  ...Object.entries(ORDER_FILTER_SQL).map(([filter, where]): ListFamily => ({
    table: "orders",
    name: () => `'orders?filter=${filter}'`,
    where,
    paged: true,
  })),
  { table: "orders", name: (r) => `'orders?status=' || ${r}.status`, where: () => "1", paged: false },
  ...userFamilies,
];

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

export function triggerStatements(): string[] {
  return (["orders", "users"] as const).flatMap((table) => [
    `CREATE TRIGGER ${table}_list_insert AFTER INSERT ON ${table} BEGIN ${countStatements(table, "NEW", 1)} END`,
    `CREATE TRIGGER ${table}_list_delete AFTER DELETE ON ${table} BEGIN ${countStatements(table, "OLD", -1)} END`,
    `CREATE TRIGGER ${table}_list_update AFTER UPDATE OF ${WATCHED[table].columns.join(", ")} ON ${table}
       WHEN ${WATCHED[table].changed}
       BEGIN ${countStatements(table, "OLD", -1)} ${countStatements(table, "NEW", 1)} END`,
  ]);
}

/** Recounts every list from the tables (after a bulk load with the triggers dropped, or to repair). */
export function rebuildStatements(): string[] {
  const statements = [
    "DELETE FROM listCounts",
    "DELETE FROM counters WHERE name = 'orders' OR name LIKE 'orders?%' OR name = 'users' OR name LIKE 'users?%'",
  ];
  for (const f of LIST_FAMILIES) {
    const from = `FROM ${f.table} AS r WHERE ${f.where("r")}`;
    if (f.paged) {
      for (const { level, shift } of LEVELS) {
        statements.push(
          `INSERT INTO listCounts (list, level, bucket, n) SELECT ${f.name("r")}, ${level}, r.rowid >> ${shift}, COUNT(*) ${from} GROUP BY 1, 3`,
        );
      }
    }
    statements.push(`INSERT INTO counters (name, value) SELECT ${f.name("r")}, COUNT(*) ${from} GROUP BY 1`);
  }
  return statements;
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
