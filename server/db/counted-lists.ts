// The counted lists, on either engine (the services are given them as ServiceContext.lists,
// services/ports.ts). Small tables page with COUNT + OFFSET; the two big ones (orders, users) page
// through the trigger-kept counts of migration 002 (list-families.ts), so page 50 000 costs what page 1 costs.
//
// A page's counts and rows are read in one read-only transaction: one snapshot, so a concurrent write
// cannot shift the page under us (SQLite: its one connection is held; PostgreSQL: REPEATABLE READ).
import type { Expression, ExpressionBuilder, Selectable, SqlBool, Transaction } from "kysely";
import { LEVELS, LIST_ORDER } from "./list-families.ts";
import type { Database, Db } from "./schema.ts";

/** The two big tables, whose lists are counted by triggers (migration 002, db/list-families.ts). */
export type CountedTable = "orders" | "users";

/** One page of a counted list of `table`, newest first. */
export interface CountedListQuery<T extends CountedTable> {
  table: T;
  /** The list's name in the counts (db/list-families.ts: orderListName, userListName). */
  list: string;
  /** The list's condition; it must select exactly the rows the list counts. None: every row. */
  where?: (eb: ExpressionBuilder<Database, T>) => Expression<SqlBool>;
  /**
   * Sort keys (ascending) put before the list's own order (newest first). Such a page is read with a
   * plain OFFSET, so a deep page costs more than with the list's own order.
   */
  firstBy?: readonly Expression<unknown>[];
  page: number;
  limit: number;
}

/**
 * Totals and pages of the counted lists, answered from the trigger-kept counts (DatabaseCountedLists),
 * so a total is one lookup and a deep page costs what page 1 costs. A page's counts and rows are read
 * from one snapshot.
 */
export interface CountedLists {
  /** Each named list's total (0 for a list with no rows). */
  totals<L extends string>(lists: readonly L[]): Promise<Record<L, number>>;
  page<T extends CountedTable>(q: CountedListQuery<T>): Promise<{ rows: Selectable<Database[T]>[]; total: number }>;
}

const FINE = LEVELS[0];
const COARSE = LEVELS[1];
const FINE_PER_COARSE = 1 << (COARSE.shift - FINE.shift);

interface Block {
  bucket: number;
  n: number;
}

type Reader = Db | Transaction<Database>;

export class DatabaseCountedLists implements CountedLists {
  constructor(private readonly db: Db) {}

  totals<L extends string>(lists: readonly L[]): Promise<Record<L, number>> {
    return totalsOf(this.db, lists);
  }

  page<T extends CountedTable>(q: CountedListQuery<T>): Promise<{ rows: Selectable<Database[T]>[]; total: number }> {
    return this.db
      .transaction()
      .setIsolationLevel("repeatable read")
      .setAccessMode("read only")
      .execute((trx) => pageOf(trx, q));
  }
}

async function totalsOf<L extends string>(db: Reader, lists: readonly L[]): Promise<Record<L, number>> {
  const out = Object.fromEntries(lists.map((list) => [list, 0])) as Record<L, number>;
  if (lists.length === 0) return out;
  const rows = await db.selectFrom("counters").select(["name", "value"]).where("name", "in", lists).execute();
  for (const row of rows) out[row.name as L] = row.value;
  return out;
}

async function pageOf<T extends CountedTable>(
  db: Reader,
  q: CountedListQuery<T>,
): Promise<{ rows: Selectable<Database[T]>[]; total: number }> {
  const total = (await totalsOf(db, [q.list]))[q.list];
  const offset = (q.page - 1) * q.limit;
  if (offset >= total) return { rows: [], total };
  const last = Math.min(offset + q.limit, total) - 1;
  // The blocks locate rows in the list's own order only.
  const ownOrder = !q.firstBy?.length;
  const first = ownOrder ? await locate(db, q.list, offset) : null;
  const end = ownOrder ? await locate(db, q.list, last) : null;
  // One table of the two, whose type Kysely cannot narrow from a type parameter.
  let query = db.selectFrom(q.table as "orders").selectAll();
  if (q.where) query = query.where(q.where as unknown as NonNullable<CountedListQuery<"orders">["where"]>);
  for (const key of q.firstBy ?? []) query = query.orderBy(key, "asc");
  query = query.orderBy(LIST_ORDER, "desc").limit(q.limit);
  type Row = Selectable<Database[T]>;
  if (!first || !end) {
    // Another order than the list's own, or counts that disagree with the table (they never
    // should): answer correctly, if slowly.
    return { rows: (await query.offset(offset).execute()) as unknown as Row[], total };
  }
  const rows = await query
    .where(LIST_ORDER, ">=", end.bucket * 2 ** FINE.shift)
    .where(LIST_ORDER, "<", (first.bucket + 1) * 2 ** FINE.shift)
    .offset(offset - first.before)
    .execute();
  return { rows: rows as unknown as Row[], total };
}

/** The fine block holding row #k of the list (0 = newest) and how many list rows are newer than it. */
async function locate(db: Reader, list: string, k: number): Promise<{ bucket: number; before: number } | null> {
  const blocks = db.selectFrom("listCounts").select(["bucket", "n"]).where("list", "=", list).orderBy("bucket", "desc");
  let before = 0;
  for (const block of (await blocks.where("level", "=", COARSE.level).execute()) as Block[]) {
    if (before + block.n <= k) {
      before += block.n;
      continue;
    }
    const fine = blocks
      .where("level", "=", FINE.level)
      .where("bucket", ">=", block.bucket * FINE_PER_COARSE)
      .where("bucket", "<=", (block.bucket + 1) * FINE_PER_COARSE - 1);
    for (const row of (await fine.execute()) as Block[]) {
      if (before + row.n > k) return { bucket: row.bucket, before };
      before += row.n;
    }
    return null;
  }
  return null;
}
