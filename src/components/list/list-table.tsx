// Every list screen's table: Refine's useTable (useListTable: the URL keeps page and filters, 20 per
// page) rendered by antd without antd's own pagination (the SPEC has its own pager), scrolling
// sideways on small screens, and the load error with Retry in place of an empty table.
import type { ReactNode } from "react";
import { Table, type TableProps } from "antd";
import type { SorterResult } from "antd/es/table/interface";
import type { BaseRecord, CrudSort, HttpError } from "@refinedev/core";
import { useTable, type useTableReturnType } from "@refinedev/antd";
import { ListError } from "@/components/list/list-error";
import { Pager } from "@/components/list/pager";
import { readSettings } from "@/components/list/settings/store";
import "@/styles/kit.css";

export { ListError, type ListErrorProps } from "@/components/list/list-error";
export { Pager, type PagerProps } from "@/components/list/pager";

/**
 * The list of `resource`, page by page (PAGE_SIZE unless the admin chose another), with page and filters in the URL so a view is
 * a link. Its load error is shown in place by ListTable, with Retry: no toast says it a second time.
 */
export function useListTable<TData extends BaseRecord>(resource: string) {
  return useTable<TData, HttpError>({
    resource,
    syncWithLocation: true,
    // The admin's own page size for this list (table settings), SPEC's PAGE_SIZE by default.
    pagination: { pageSize: readSettings(resource).pageSize },
    // Refine adds the route's params to every query's meta (its key): without this, opening a
    // record over the list (/orders/:id) would read the list again. (Undefined leaves the key as is.)
    meta: { id: undefined },
    errorNotification: false,
  });
}

/** What ListTable reads from useTable; the full useTable result fits. */
export type ListTableSource<TData extends BaseRecord> = Pick<
  useTableReturnType<TData, HttpError>,
  "tableProps" | "tableQuery" | "currentPage" | "setCurrentPage" | "pageCount" | "setSorters"
>;

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
} & Omit<TableProps<TData>, "columns" | "rowKey" | "dataSource" | "pagination" | "loading" | "onChange">;

export function ListTable<TData extends BaseRecord>({
  table,
  columns,
  rowKey,
  emptyText,
  dataSource,
  ...rest
}: ListTableProps<TData>) {
  const { tableProps, tableQuery, currentPage, setCurrentPage, pageCount, setSorters } = table;

  if (tableQuery.isError) {
    return (
      <ListError error={tableQuery.error} onRetry={() => void tableQuery.refetch()} retrying={tableQuery.isFetching} />
    );
  }

  // tableProps.onChange is left out on purpose: with pagination off, antd hands it an empty
  // pagination state and Refine would reset the page size to 10. Only a sort is taken from antd
  // (columns with `sorter: true`, their `sortOrder` read from the table's sorters), back to page 1.
  return (
    <>
      <Table<TData>
        scroll={{ x: "max-content" }}
        {...rest}
        columns={columns}
        rowKey={rowKey}
        dataSource={dataSource ?? tableProps.dataSource}
        loading={tableProps.loading}
        pagination={false}
        onChange={(_pagination, _filters, sorter, { action }) => {
          if (action !== "sort") return;
          setSorters(sortersOf(sorter));
          setCurrentPage(1);
        }}
        locale={emptyText === undefined ? rest.locale : { ...rest.locale, emptyText }}
      />
      <Pager currentPage={currentPage} pageCount={pageCount} onChange={setCurrentPage} />
    </>
  );
}
