// Every row of a list that matches the table's filters and sort: its list call, page after page, at
// the largest page size the API takes, through Refine's data provider (so the query is the one the
// table sends, only longer pages). A failed page can be asked again: the pages already read are kept.
import type { BaseRecord, CrudFilter, CrudSort, DataProvider } from "@refinedev/core";
import { LIMIT_MAX, PAGE_SIZE } from "@contract";

export interface ListQuery {
  resource: string;
  filters: CrudFilter[];
  sorters: CrudSort[];
}

/** Where an export's paging stands; fetchRemaining goes on from here. */
export interface Paging<Row> {
  /** The next page to ask for. */
  page: number;
  pageSize: number;
  rows: Row[];
  /** The list's total as the last page said. */
  total?: number;
  done: boolean;
}

export const startPaging = <Row>(): Paging<Row> => ({ page: 1, pageSize: LIMIT_MAX, rows: [], done: false });

export interface Progress {
  loaded: number;
  total?: number;
}

const statusOf = (error: unknown) => (error && typeof error === "object" && "statusCode" in error ? error.statusCode : undefined);

/** Thrown when the signal was aborted: the caller asked for it, so there is nothing to report. */
export class ExportCancelled extends Error {
  constructor() {
    super("Export cancelled");
  }
}

/**
 * Reads the pages `paging` has not read yet, until the total is reached or a page comes back short,
 * and returns every row (a row met twice, because the list moved while it was read, is kept once).
 * `signal` aborts the request in flight. A page's error is thrown with `paging` left before it.
 */
export async function fetchRemaining<Row extends BaseRecord>(
  getList: DataProvider["getList"],
  query: ListQuery,
  paging: Paging<Row>,
  signal: AbortSignal,
  onProgress: (progress: Progress) => void,
): Promise<Row[]> {
  const seen = new Set(paging.rows.map((row) => row.id));
  while (!paging.done) {
    if (signal.aborted) throw new ExportCancelled();
    let page: { data: Row[]; total: number };
    try {
      page = await getList<Row>({
        ...query,
        pagination: { currentPage: paging.page, pageSize: paging.pageSize, mode: "server" },
        meta: { signal },
      });
    } catch (error) {
      if (signal.aborted) throw new ExportCancelled();
      // An API with only the core calls may refuse our page size: PAGE_SIZE is one it takes.
      if (paging.page === 1 && paging.pageSize > PAGE_SIZE && statusOf(error) === 400) {
        paging.pageSize = PAGE_SIZE;
        continue;
      }
      throw error;
    }
    const { data, total } = page;
    // Fewer than asked while more are said to exist: the API caps the page size. Go on at its size.
    if (paging.page === 1 && data.length > 0 && data.length < paging.pageSize && total > data.length) paging.pageSize = data.length;
    const fresh = data.filter((row) => row.id === undefined || !seen.has(row.id));
    for (const row of fresh) seen.add(row.id);
    paging.rows.push(...fresh);
    paging.total = total;
    // A page with nothing new would come back again and again (an API that ignores `page`).
    paging.done = data.length < paging.pageSize || paging.page * paging.pageSize >= total || fresh.length === 0;
    paging.page += 1;
    onProgress({ loaded: paging.rows.length, total });
  }
  return paging.rows;
}
