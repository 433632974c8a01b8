// Every list screen's table: Refine's useTable (useListTable: the URL keeps page and filters, 20 per
// page) rendered by antd without antd's own pagination (the lists have their own, pager.tsx), scrolling
// sideways on small screens, and the load error with Retry in place of an empty table. Refine's core
// useTable, not @refinedev/antd's: ListTable does its own antd wiring (sort, no antd pager), so a
// list's first load carries neither @refinedev/antd nor antd's Form.
// The rows render only when what they show changes: antd's Table renders every row each time it
// renders, and a list screen renders on every navigation (it reads the location) and every keystroke
// in its filters. So the Table is memoized, its props are kept stable here, and each screen keeps its
// columns and row selection stable. The scrollbar is not measured; antd's own `responsive` columns
// learn the breakpoints in a layout effect, before the first paint.
import { memo, useDeferredValue, useMemo, type CSSProperties, type ReactNode } from "react";
import classNames from "classnames";
import { Grid, Table, theme, type TableProps } from "antd";
import type { SortOrder, SorterResult } from "antd/es/table/interface";
import { useTable as useAntdTable } from "@refinedev/antd";
import { useLiveMode, useTable, type BaseRecord, type CrudSort, type HttpError, type useTableReturnType } from "@refinedev/core";
import { QueryError } from "@/components/list/list-error";
import { useEnteredAt } from "@/components/routing/entered-at";
import { Pager } from "@/components/list/pager";
import { readSettings } from "@/components/list/settings/store";
import { LIST_FIRST_DRAW_ROWS, LIST_RELOAD_SPINNER_DELAY_MS } from "@/config";
import { useStableCallback } from "@/utils/use-stable-callback";
import { fixedEnd, useScrollEdges } from "./scroll-edges";
import "@/styles/kit.css";

export { ListError, type ListErrorProps } from "@/components/list/list-error";
export { Pager, type PagerProps } from "@/components/list/pager";

/**
 * The list of `resource`, page by page (PAGE_SIZE unless the admin chose another), with page and filters in the URL so a view is
 * a link. Its load error is shown in place by ListTable, with Retry: no toast says it a second time.
 */
export const useListTable: <TData extends BaseRecord>(resource: string, options?: ListTableOptions) => ListTableResult<TData> =
  __BENCH_PLAIN_TABLE__ ? useAntdListTable : useCoreListTable;

export interface ListTableOptions {
  /**
   * Read the list again each time it opens, showing what is cached meanwhile: for a list that other
   * admins' work changes without an event saying so (the audit trail). Other lists stay cached for
   * QUERY_CACHE.staleTimeMs or until a change of theirs, or a live event, invalidates them.
   */
  reloadOnOpen?: boolean;
  /** The sort while the URL names none (the orders' dispute queue: the nearest deadline first). */
  initialSorters?: CrudSort[];
}

/** What every list asks of Refine's table hook, whichever one the build uses. */
function listOptions(resource: string, { reloadOnOpen = false, initialSorters }: ListTableOptions = {}, enteredAt: number) {
  return {
    resource,
    ...(initialSorters ? { sorters: { initial: initialSorters } } : {}),
    // Read before the admin came here (the sidebar's probe, an earlier visit, a hover's preload):
    // read again. Read since (a direct link's one read): as it is.
    ...(reloadOnOpen
      ? {
          queryOptions: {
            refetchOnMount: (query: { state: { dataUpdatedAt: number } }) =>
              query.state.dataUpdatedAt < enteredAt ? ("always" as const) : true,
          },
        }
      : {}),
    syncWithLocation: true,
    // The admin's own page size for this list (table settings), PAGE_SIZE by default.
    pagination: { pageSize: readSettings(resource).pageSize },
    // Refine adds the route's params to every query's meta (its key): without this, opening a
    // record over the list (/orders/:id) would read the list again. (Undefined leaves the key as is.)
    meta: { id: undefined },
    errorNotification: false as const,
  };
}

/** The bench's plain way (src/bench/plain.d.ts): @refinedev/antd's useTable, with the same options. */
function useAntdListTable<TData extends BaseRecord>(resource: string, options?: ListTableOptions): ListTableResult<TData> {
  const table = useAntdTable<TData, HttpError>(listOptions(resource, options, useEnteredAt()));
  const { dataSource, loading } = table.tableProps;
  return { ...table, tableProps: { dataSource, loading: Boolean(loading) } };
}

function useCoreListTable<TData extends BaseRecord>(resource: string, options?: ListTableOptions): ListTableResult<TData> {
  const table = useTable<TData, HttpError>(listOptions(resource, options, useEnteredAt()));
  // The rows and the loading state, as @refinedev/antd's useTable gives them to antd's Table.
  const liveMode = useLiveMode(undefined);
  const { data, isFetched, isLoading } = table.tableQuery;
  return { ...table, tableProps: { dataSource: data?.data, loading: liveMode === "auto" ? isLoading : !isFetched } };
}

/** Refine's useTable result, with what antd's Table shows: the page's rows and whether it is loading. */
export type ListTableResult<TData extends BaseRecord> = useTableReturnType<TData, HttpError> & {
  tableProps: { dataSource?: readonly TData[]; loading: boolean };
};

/** What ListTable reads from useListTable; its full result fits (and @refinedev/antd's useTable's). */
export type ListTableSource<TData extends BaseRecord> = Pick<
  ListTableResult<TData>,
  "tableQuery" | "currentPage" | "setCurrentPage" | "pageCount" | "setSorters"
> & { tableProps: Pick<TableProps<TData>, "dataSource" | "loading"> };

/** A sortable column's `sortOrder` from the table's sorters (the column's `key` is the sorter's field). */
export function sortOrderOf(field: string, sorters: readonly CrudSort[] | undefined): SortOrder | undefined {
  const sorter = sorters?.find((item) => item.field === field);
  return sorter ? (`${sorter.order}end` as SortOrder) : undefined;
}

/**
 * A column header's sort click as Refine's sorters (what the URL keeps and the data provider reads):
 * the column's `key` is the sorter's field; no order clears it.
 */
export function sortersOf<T>(sorter: SorterResult<T> | SorterResult<T>[]): CrudSort[] {
  return (Array.isArray(sorter) ? sorter : [sorter]).flatMap(({ columnKey, order }) =>
    columnKey !== undefined && order ? [{ field: String(columnKey), order: order === "ascend" ? "asc" : "desc" } as const] : [],
  );
}

export type ListTableProps<TData extends BaseRecord> = {
  table: ListTableSource<TData>;
  columns: NonNullable<TableProps<TData>["columns"]>;
  rowKey: NonNullable<TableProps<TData>["rowKey"]>;
  emptyText?: ReactNode;
  /** The rows to show instead of the loaded page (client-side search over the loaded rows). */
  dataSource?: readonly TData[];
  // Neither scroll nor sticky: the table scrolls sideways by itself (scroll-edges.ts) and is not measured.
} & Omit<TableProps<TData>, "columns" | "rowKey" | "dataSource" | "pagination" | "loading" | "onChange" | "scroll" | "sticky" | "tailor">;

/** antd's Table, rendered again only when one of its props changes (a generic component, so typed as one). */
const MemoTable = (__BENCH_PLAIN_TABLE__ ? Table : memo(Table)) as <T extends BaseRecord>(props: TableProps<T>) => ReactNode;

export function ListTable<TData extends BaseRecord>({ table, columns, rowKey, emptyText, dataSource, ...rest }: ListTableProps<TData>) {
  const { tableProps, tableQuery, currentPage, setCurrentPage, pageCount, setSorters } = table;
  const shown = useMemo(() => (__BENCH_PLAIN_SCROLL__ ? columns : fixedEnd(columns)), [columns]);
  const { box, edges } = useScrollEdges();
  const { token } = theme.useToken();
  // tableProps.onChange is left out on purpose: with pagination off, antd hands it an empty
  // pagination state and Refine would reset the page size to 10. Only a sort is taken from antd
  // (columns with `sorter: true`, their `sortOrder` read from the table's sorters), back to page 1.
  const onChange = useStableCallback<Parameters<NonNullable<TableProps<TData>["onChange"]>>, void>(
    (_pagination, _filters, sorter, { action }) => {
      if (action !== "sort") return;
      setSorters(sortersOf(sorter));
      setCurrentPage(1);
    },
  );
  const locale = useMemo(() => (emptyText === undefined ? rest.locale : { ...rest.locale, emptyText }), [emptyText, rest.locale]);
  const latest = dataSource ?? tableProps.dataSource;
  // Mounted with its rows (null first, so they come in a render of their own) or getting its first
  // ones, a table draws a screenful of them at once and the rest at a deferred value's priority: the
  // screen shows its first rows sooner, and the others arrive below the fold. Later pages replace
  // the rows whole, at that priority.
  const deferred = useDeferredValue<readonly TData[] | null | undefined>(latest, __BENCH_PLAIN_FIRST_ROWS__ ? undefined : null);
  const firstRows = LIST_FIRST_DRAW_ROWS[Grid.useBreakpoint().sm === false ? "phone" : "wide"];
  const screenful = useMemo(
    () => (!__BENCH_PLAIN_FIRST_ROWS__ && latest && latest.length > firstRows ? latest.slice(0, firstRows) : latest),
    [latest, firstRows],
  );
  const rows = deferred ?? screenful;
  const drawing = rows !== latest;
  const drawingTheRest = drawing && rows === screenful;
  // The pager comes with the rows, so it does not show above the empty table (or the first
  // screenful) first and then move.
  const deferredPageCount = useDeferredValue(pageCount);
  const shownPageCount = drawingTheRest ? 0 : deferredPageCount;
  // A first load shows its spinner at once; a reload over rows, after LIST_RELOAD_SPINNER_DELAY_MS.
  const reloading = Boolean(rows?.length);
  // The first screenful is there to read and use: no spinner over it while the rest comes.
  const spinning = Boolean(tableProps.loading) || (drawing && !drawingTheRest);
  const loading = useMemo(() => ({ spinning, delay: reloading ? LIST_RELOAD_SPINNER_DELAY_MS : 0 }), [spinning, reloading]);

  if (tableQuery.isError) {
    return <QueryError query={tableQuery} />;
  }

  return (
    <>
      <div
        ref={box}
        className={classNames("kit-list-table", {
          "kit-list-table--fixed-end": shown !== columns,
          "kit-list-table--scrolled": edges.left,
          "kit-list-table--more": edges.right,
        })}
        style={{ "--kit-table-shadow": token.colorSplit } as CSSProperties}
        // Until every row of the page is drawn (and while it reloads): what a test or a screen reader waits out.
        aria-busy={Boolean(tableProps.loading) || drawing || undefined}
      >
        <MemoTable<TData>
          tableLayout="auto"
          // rc-table's flag for a table that sizes itself, which skips its scrollbar measure on mount:
          // a probe element, a forced layout of the page and every row rendered again, for a width
          // only a vertically scrolling or sticky-header table uses. These tables are neither.
          tailor={!__BENCH_PLAIN_TABLE__ && !__BENCH_PLAIN_SCROLL__}
          // The bench's plain way (src/bench/plain.d.ts): antd's horizontal scroll, its fixed column its own.
          scroll={__BENCH_PLAIN_SCROLL__ ? { x: "max-content" } : undefined}
          {...rest}
          columns={shown}
          rowKey={rowKey}
          dataSource={rows}
          loading={loading}
          pagination={false}
          onChange={onChange}
          locale={locale}
        />
      </div>
      <Pager currentPage={currentPage} pageCount={shownPageCount} onChange={setCurrentPage} />
    </>
  );
}
