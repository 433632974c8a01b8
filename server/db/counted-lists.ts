// The counted lists' reader on SQLite (the CountedLists port, services/ports.ts). Small tables page
// with COUNT + OFFSET; the two big ones (orders, users) page through the trigger-kept counts of
// migration 002 (list-families.ts), so page 50 000 costs what page 1 costs.
//
// Every query is built with Kysely's query builder; only its execution is SQLite's own: synchronous,
// on the raw handle, so that a page's counts and rows are read with nothing in between (a concurrent
// write cannot shift the page under us) and the list services keep their synchronous signatures.
import type SQLite from "better-sqlite3";
import type { Compilable, Selectable } from "kysely";
import type { CountedListQuery, CountedLists, CountedTable } from "../services/ports.ts";
import { LEVELS, LIST_ORDER } from "./list-families.ts";
import type { Database, Db } from "./schema.ts";

const FINE = LEVELS[0];
const COARSE = LEVELS[1];
const FINE_PER_COARSE = 1 << (COARSE.shift - FINE.shift);

interface Block {
  bucket: number;
  n: number;
}

export class SqliteCountedLists implements CountedLists {
  private readonly statements = new Map<string, SQLite.Statement>();

  constructor(
    private readonly db: Db,
    private readonly sqlite: SQLite.Database,
  ) {}

  totals<L extends string>(lists: readonly L[]): Record<L, number> {
    const out = Object.fromEntries(lists.map((list) => [list, 0])) as Record<L, number>;
    if (lists.length === 0) return out;
    const rows = this.run(this.db.selectFrom("counters").select(["name", "value"]).where("name", "in", lists));
    for (const row of rows) out[row.name as L] = row.value;
    return out;
  }

  page<T extends CountedTable>(q: CountedListQuery<T>): { rows: Selectable<Database[T]>[]; total: number } {
    const total = this.totals([q.list])[q.list];
    const offset = (q.page - 1) * q.limit;
    if (offset >= total) return { rows: [], total };
    const last = Math.min(offset + q.limit, total) - 1;
    // The blocks locate rows in the list's own order only.
    const ownOrder = !q.firstBy?.length;
    const first = ownOrder ? this.locate(q.list, offset) : null;
    const end = ownOrder ? this.locate(q.list, last) : null;
    // One table of the two, whose type Kysely cannot narrow from a type parameter.
    let query = this.db.selectFrom(q.table as "orders").selectAll();
    if (q.where) query = query.where(q.where as unknown as NonNullable<CountedListQuery<"orders">["where"]>);
    for (const key of q.firstBy ?? []) query = query.orderBy(key, "asc");
    query = query.orderBy(LIST_ORDER, "desc").limit(q.limit);
    type Row = Selectable<Database[T]>;
    if (!first || !end) {
      // Another order than the list's own, or counts that disagree with the table (they never
      // should): answer correctly, if slowly.
      return { rows: this.run(query.offset(offset)) as unknown as Row[], total };
    }
    const rows = this.run(
      query
        .where(LIST_ORDER, ">=", end.bucket << FINE.shift)
        .where(LIST_ORDER, "<", (first.bucket + 1) << FINE.shift)
        .offset(offset - first.before),
    );
    return { rows: rows as unknown as Row[], total };
  }

  /** The fine block holding row #k of the list (0 = newest) and how many list rows are newer than it. */
  private locate(list: string, k: number): { bucket: number; before: number } | null {
    const blocks = this.db.selectFrom("listCounts").select(["bucket", "n"]).where("list", "=", list).orderBy("bucket", "desc");
    let before = 0;
    for (const block of this.run<Block>(blocks.where("level", "=", COARSE.level))) {
      if (before + block.n <= k) {
        before += block.n;
        continue;
      }
      const fine = blocks
        .where("level", "=", FINE.level)
        .where("bucket", ">=", block.bucket * FINE_PER_COARSE)
        .where("bucket", "<=", (block.bucket + 1) * FINE_PER_COARSE - 1);
      for (const row of this.run<Block>(fine)) {
        if (before + row.n > k) return { bucket: row.bucket, before };
        before += row.n;
      }
      return null;
    }
    return null;
  }

  /** Runs a built query synchronously (statements cached by their SQL text). */
  private run<Row>(query: Compilable<Row>): Row[] {
    const { sql, parameters } = query.compile();
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.sqlite.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement.all(...parameters) as Row[];
  }
}
