// Paged lists. Small tables page with COUNT + OFFSET; the two big ones (orders, users) page through
// the trigger-kept counts of migration 002, so page 50 000 costs what page 1 costs.
import type SQLite from "better-sqlite3";
import { LEVELS } from "../db/list-families.ts";

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

/** A LIKE pattern matching `text` anywhere, with % _ and \ taken literally (use with ESCAPE '\'). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const FINE = LEVELS[0];
const COARSE = LEVELS[1];
const FINE_PER_COARSE = 1 << (COARSE.shift - FINE.shift);

/** Rows of a counted list from `table` (newest first) matching `where` (SQL with `?` params). */
export interface CountedListQuery {
  table: "orders" | "users";
  /** The list's name in counters/listCounts (migration 002). */
  list: string;
  /** The list's condition; must select exactly the rows the list counts. */
  where: string;
  params: unknown[];
  page: number;
  limit: number;
}

/**
 * Reads one page of a counted list, synchronously on the raw handle: the counts and the rows are
 * read with nothing in between, so a concurrent write cannot shift the page under us.
 */
export class CountedLists {
  private readonly statements = new Map<string, SQLite.Statement>();

  constructor(private readonly sqlite: SQLite.Database) {}

  total(list: string): number {
    const row = this.prepare("SELECT value FROM counters WHERE name = ?").get(list) as { value: number } | undefined;
    return row?.value ?? 0;
  }

  page<Row>(q: CountedListQuery): { rows: Row[]; total: number } {
    const total = this.total(q.list);
    const offset = (q.page - 1) * q.limit;
    if (offset >= total) return { rows: [], total };
    const last = Math.min(offset + q.limit, total) - 1;
    const first = this.locate(q.list, offset);
    const end = this.locate(q.list, last);
    const select = `SELECT * FROM ${q.table} WHERE ${q.where}`;
    if (!first || !end) {
      // The counts disagree with the table (they never should): answer correctly, if slowly.
      const rows = this.prepare(`${select} ORDER BY rowid DESC LIMIT ? OFFSET ?`).all(...q.params, q.limit, offset) as Row[];
      return { rows, total };
    }
    const rows = this.prepare(`${select} AND rowid >= ? AND rowid < ? ORDER BY rowid DESC LIMIT ? OFFSET ?`).all(
      ...q.params,
      end.bucket << FINE.shift,
      (first.bucket + 1) << FINE.shift,
      q.limit,
      offset - first.before,
    ) as Row[];
    return { rows, total };
  }

  /** The fine block holding row #k of the list (0 = newest) and how many list rows are newer than it. */
  private locate(list: string, k: number): { bucket: number; before: number } | null {
    let before = 0;
    const coarse = this.prepare(
      "SELECT bucket, n FROM listCounts WHERE list = ? AND level = ? ORDER BY bucket DESC",
    ).all(list, COARSE.level) as { bucket: number; n: number }[];
    for (const block of coarse) {
      if (before + block.n <= k) {
        before += block.n;
        continue;
      }
      const fine = this.prepare(
        "SELECT bucket, n FROM listCounts WHERE list = ? AND level = ? AND bucket BETWEEN ? AND ? ORDER BY bucket DESC",
      ).all(list, FINE.level, block.bucket * FINE_PER_COARSE, (block.bucket + 1) * FINE_PER_COARSE - 1) as {
        bucket: number;
        n: number;
      }[];
      for (const row of fine) {
        if (before + row.n > k) return { bucket: row.bucket, before };
        before += row.n;
      }
      return null;
    }
    return null;
  }

  private prepare(text: string): SQLite.Statement {
    let statement = this.statements.get(text);
    if (!statement) {
      statement = this.sqlite.prepare(text);
      this.statements.set(text, statement);
    }
    return statement;
  }
}

const pagers = new WeakMap<SQLite.Database, CountedLists>();

/** One pager (and statement cache) per database handle. */
export function countedLists(sqlite: SQLite.Database): CountedLists {
  let pager = pagers.get(sqlite);
  if (!pager) {
    pager = new CountedLists(sqlite);
    pagers.set(sqlite, pager);
  }
  return pager;
}
