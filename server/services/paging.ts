// Paged answers. The two big lists (orders, users) page through the counted lists (ctx.lists,
// db/counted-lists.ts); every other list counts its query and pages it with OFFSET (pageOf).
import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from "kysely";

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
}

export function paged<T>(items: T[], total: number, page: number, limit: number): Paged<T> {
  return { items, total, page, limit, totalPages: Math.ceil(total / limit) };
}

/** How many rows `query` selects. */
export async function countOf<DB, TB extends keyof DB>(query: SelectQueryBuilder<DB, TB, object>): Promise<number> {
  const row = await query.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
  // A count may come back as a number, a bigint or a string, depending on the dialect.
  return Number((row as { count: number | bigint | string }).count);
}

/**
 * One page of a list: the rows `count` selects are counted, then `rows` (the same rows, ordered,
 * with whatever they join) is read at the page's offset and turned into the API's records.
 */
export async function pageOf<DB, CountTB extends keyof DB, TB extends keyof DB, Row, Item>(
  count: SelectQueryBuilder<DB, CountTB, object>,
  rows: SelectQueryBuilder<DB, TB, Row>,
  q: { page: number; limit: number },
  toItems: (rows: Row[]) => Item[] | Promise<Item[]>,
): Promise<Paged<Item>> {
  const total = await countOf(count);
  const list = (await rows
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute()) as Row[];
  return paged(await toItems(list), total, q.page, q.limit);
}

/** `text` with the LIKE wildcards % _ and \ taken literally (use with ESCAPE '\'). */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern matching `text` anywhere, with % _ and \ taken literally (use with ESCAPE '\'). */
function containsPattern(text: string): string {
  return `%${literal(text)}%`;
}

/**
 * `column` holds `text` anywhere, whatever the case (as typed: % and _ are not wildcards); the text is
 * data, never SQL. Both sides lower-cased: SQLite's LIKE ignores case, PostgreSQL's does not.
 */
export function contains(column: string, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) LIKE lower(${containsPattern(text)}) ESCAPE '\\'`;
}

/** `column` starts with `text`, whatever the case (as typed, like `contains`). */
export function startsWith(column: string, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) LIKE lower(${`${literal(text)}%`}) ESCAPE '\\'`;
}
