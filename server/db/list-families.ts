// The counted lists (migration 002): which rows each list holds, under which name its counts are
// kept, and the block sizes of its per-block counts. The triggers of migration 002, the seeder's
// recount and the services' paging all read these definitions, so a list's WHERE clause and its
// counts cannot drift apart. (Kept out of the migration file: a migration is applied once, these are
// read by the running server too.)
//
// Every list is ordered by rowid, newest first: rows are inserted in creation order, so rowid order
// is creation order. (On PostgreSQL, rowid is a column of that name, migration 001.) The SQL here runs
// on both engines: camelCase names are quoted, as PostgreSQL folds unquoted ones to lower case.
import { sql, type RawBuilder, type SqlBool } from "kysely";
import { ORDER_FILTERS, type OrderFilter, type OrderStatusValue } from "../../contract/index.ts";
import type { Engine } from "./engine.ts";

/** The column the lists are ordered (newest first) and counted by: the rowid, insertion order. */
export const LIST_ORDER = sql<number>`rowid`;

export interface ListFamily {
  table: "orders" | "users";
  /** SQL giving the list name of row `r` (a constant for a fixed list, or built from its values). */
  name: (r: string) => string;
  /** SQL condition for row `r` to be in the list. */
  where: (r: string) => string;
  /** false: keep only the total (for stats), no per-block counts. */
  paged: boolean;
}

/** listCounts levels: level 0 counts blocks of 2^10 rowids, level 1 blocks of 2^16. */
export const LEVELS = [
  { level: 0, shift: 10 },
  { level: 1, shift: 16 },
] as const;

/** Order list filters, as SQL on an orders row. */
export const ORDER_FILTER_SQL = {
  new: (r: string) => `${r}.status = 'ACTIVE' AND ${r}."shippedAt" IS NULL`,
  ongoing: (r: string) => `${r}."shippedAt" IS NOT NULL AND ${r}.status <> 'COMPLETED'`,
  in_dispute: (r: string) => `${r}.status = 'DISPUTED'`,
  completed: (r: string) => `${r}.status = 'COMPLETED'`,
} as const satisfies Record<OrderFilter, (r: string) => string>;

/**
 * A filter's condition in a page query: the list's own definition, written so SQLite picks the
 * filter's rowid-ordered index of migration 002 (the ongoing one is on "(shippedAt IS NOT NULL) = 1";
 * PostgreSQL's partial index matches the definition itself).
 */
export function orderFilterCondition(filter: OrderFilter, engine: Engine): RawBuilder<SqlBool> {
  const where = ORDER_FILTER_SQL[filter]("orders");
  return sql.raw(filter === "ongoing" && engine === "sqlite" ? `(orders."shippedAt" IS NOT NULL) = 1 AND ${where}` : where);
}

/** The name of an orders list: every order, or one filter's. */
export const orderListName = (filter?: OrderFilter): string => (filter ? `orders?filter=${filter}` : "orders");

/** The prefix of each order status's count name. */
export const ORDER_STATUS_COUNT = "orders?status=";
/** The name of the (unpaged) count of one order status, for the stats. */
export const orderStatusCountName = (status: OrderStatusValue): string => `${ORDER_STATUS_COUNT}${status}`;

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
      columns.length === 0 ? "'users'" : `'users?' || ${columns.map((c, i) => `'${i ? "&" : ""}${c}=' || ${r}.${c}`).join(" || ")}`,
    where: () => "TRUE",
    paged: true,
  });
}

export const LIST_FAMILIES: ListFamily[] = [
  { table: "orders", name: () => `'${orderListName()}'`, where: () => "TRUE", paged: true },
  ...ORDER_FILTERS.map((filter): ListFamily => ({
    table: "orders",
    name: () => `'${orderListName(filter)}'`,
    where: ORDER_FILTER_SQL[filter],
    paged: true,
  })),
  { table: "orders", name: (r) => `'${ORDER_STATUS_COUNT}' || ${r}.status`, where: () => "TRUE", paged: false },
  ...userFamilies,
];

/** Recounts every list from the tables (after a bulk load with the triggers dropped, or to repair). */
export function rebuildStatements(): string[] {
  const statements = [
    'DELETE FROM "listCounts"',
    "DELETE FROM counters WHERE name = 'orders' OR name LIKE 'orders?%' OR name = 'users' OR name LIKE 'users?%'",
  ];
  for (const f of LIST_FAMILIES) {
    const from = `FROM ${f.table} AS r WHERE ${f.where("r")}`;
    if (f.paged) {
      for (const { level, shift } of LEVELS) {
        statements.push(
          `INSERT INTO "listCounts" (list, level, bucket, n) SELECT ${f.name("r")}, ${level}, r.rowid >> ${shift}, COUNT(*) ${from} GROUP BY 1, 3`,
        );
      }
    }
    statements.push(`INSERT INTO counters (name, value) SELECT ${f.name("r")}, COUNT(*) ${from} GROUP BY 1`);
  }
  return statements;
}
