// One call per list screen for the admin's own arrangement of it: the columns to render, the
// density, the header's tools (the CSV export of the columns shown, and the settings button) and
// the saved views.
import type { ReactNode } from "react";
import type { TableColumnsType } from "antd";
import type { BaseRecord, CrudFilter, CrudSort } from "@refinedev/core";
import { ExportButton, type ExportColumn } from "@/components/list/export/export-button";
import { SavedViews, TableSettingsButton, type SettingsTable } from "./settings-panel";
import type { Density } from "./store";
import { useTableView } from "./use-table-settings";

export interface ListView<T> {
  columns: TableColumnsType<T>;
  /** The admin's density, when they chose one (else the screen's own). */
  size?: Density;
  /** For the page header: Export CSV, then Table settings. */
  tools: ReactNode;
  savedViews: ReactNode;
}

/** What the list's export writes (its export.ts), and the screen's filters over loaded rows, if any. */
export interface ListExport<T> {
  columns: readonly ExportColumn<T>[];
  keep?: (row: T) => boolean;
}

type ViewTable = SettingsTable & {
  setFilters: (filters: CrudFilter[], behavior?: "replace") => void;
  setSorters: (sorters: CrudSort[]) => void;
};

export function useListView<T extends BaseRecord>(
  resource: string,
  table: ViewTable,
  columns: TableColumnsType<T>,
  exported: ListExport<T>,
): ListView<T> {
  const view = useTableView(resource, columns);
  return {
    columns: view.columns,
    size: view.density,
    tools: (
      <>
        <ExportButton resource={resource} table={table} columns={exported.columns} keep={exported.keep} visibleKeys={view.visibleKeys} />
        <TableSettingsButton resource={resource} view={view} table={table} />
      </>
    ),
    savedViews: <SavedViews view={view} table={table} />,
  };
}
