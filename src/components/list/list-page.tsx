// A list screen's frame, the same on every resource: its header (the view's tools, then the screen's
// own actions), a notice, the filter bar, the saved views, the bulk bar when the list has bulk
// actions, the table in the admin's columns and density, then the screen's dialogs (children).
import type { ReactNode } from "react";
import type { BaseRecord } from "@refinedev/core";
import { ListTable, type ListTableProps, type ListTableSource } from "@/components/list/list-table";
import type { ListView } from "@/components/list/settings/use-list-view";
import type { Density } from "@/components/list/settings/store";
import { LoadingStatus } from "@/components/loading-status";
import { PageHeader } from "@/components/page-header";

export interface ListPageProps<T extends BaseRecord> {
  title: string;
  subtitle: string;
  /** In the header, after the view's tools. */
  actions?: ReactNode;
  /** Between the header and the filters. */
  notice?: ReactNode;
  /** The filter bar (useFilterBar's `bar`). */
  filters: ReactNode;
  view: ListView<T>;
  table: ListTableSource<T>;
  bulk?: { bar: ReactNode; rowSelection: ListTableProps<T>["rowSelection"] };
  emptyText: ReactNode;
  /** The rows to show instead of the loaded page (a search over the loaded rows). */
  dataSource?: readonly T[];
  /**
   * The screen still learns which filters its bar has (the API's optional ones): the bar and the
   * table wait, a spinner in their place, so that the table never shows and then moves down.
   */
  settling?: boolean;
  /** The screen's density until the admin chooses one. */
  size?: Density;
  children?: ReactNode;
}

export function ListPage<T extends BaseRecord>({ view, bulk, actions, notice, children, ...page }: ListPageProps<T>) {
  return (
    <>
      <PageHeader
        title={page.title}
        subtitle={page.subtitle}
        extra={
          <>
            {view.tools}
            {actions}
          </>
        }
      />
      {notice}
      {page.settling ? (
        <LoadingStatus />
      ) : (
        <>
          {page.filters}
          {view.savedViews}
          {bulk?.bar}
          <ListTable<T>
            table={page.table}
            columns={view.columns}
            size={view.size ?? page.size}
            rowKey="id"
            rowSelection={bulk?.rowSelection}
            dataSource={page.dataSource}
            emptyText={page.emptyText}
          />
        </>
      )}
      {children}
    </>
  );
}
