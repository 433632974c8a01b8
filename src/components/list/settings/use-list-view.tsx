// One call per list screen for the admin's own arrangement of it: the columns to render, the
// density, the keys an export writes, and the two pieces of UI (settings button, saved views).
import type { ReactNode } from "react";
import type { TableColumnsType } from "antd";
import type { CrudFilter, CrudSort } from "@refinedev/core";
import { SavedViews, TableSettingsButton, type SettingsTable } from "./settings-panel";
import type { Density } from "./store";
import { useTableView } from "./use-table-settings";

export interface ListView<T> {
  columns: TableColumnsType<T>;
  /** The admin's density, when they chose one (else the screen's own). */
  size?: Density;
  visibleKeys: string[];
  settingsButton: ReactNode;
  savedViews: ReactNode;
}

type ViewTable = SettingsTable & {
  setFilters: (filters: CrudFilter[], behavior?: "replace") => void;
  setSorters: (sorters: CrudSort[]) => void;
};

export function useListView<T>(resource: string, table: ViewTable, columns: TableColumnsType<T>): ListView<T> {
  const view = useTableView(resource, columns);
  return {
    columns: view.columns,
    size: view.density,
    visibleKeys: view.visibleKeys,
    settingsButton: <TableSettingsButton resource={resource} view={view} table={table} />,
    savedViews: <SavedViews view={view} table={table} />,
  };
}
