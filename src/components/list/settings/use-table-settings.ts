// A list's columns as this admin arranged them: hidden ones left out, the rest in their chosen
// order, the row actions always shown and always last (they are how a row is worked on).
import { useMemo, useSyncExternalStore } from "react";
import type { TableColumnsType } from "antd";
import type { CrudFilter, CrudSort } from "@refinedev/core";
import { readSettings, subscribeSettings, type Density, type TableSettings } from "./store";

/** The column every row is worked from: never hidden, never moved. */
export const ACTIONS_KEY = "actions";

export interface SettingsColumn {
  key: string;
  title: string;
}

export interface TableView<T> {
  settings: TableSettings;
  /** The columns to render. */
  columns: TableColumnsType<T>;
  /** The keys of the columns shown, in order (what an export writes). */
  visibleKeys: string[];
  /** Every column that can be arranged, in the current order (what the settings panel lists). */
  arrangeable: SettingsColumn[];
  density?: Density;
}

/** What the panel changes on the list itself (useListTable's result fits). */
export interface SettingsTable {
  filters: CrudFilter[];
  sorters: CrudSort[];
  setPageSize: (size: number) => void;
  setCurrentPage: (page: number) => void;
}

const keyOf = (column: { key?: unknown }) => String(column.key ?? "");
const titleOf = (column: { title?: unknown }) => (typeof column.title === "string" ? column.title : "");

export function useSettings(resource: string): TableSettings {
  return useSyncExternalStore(subscribeSettings, () => readSettings(resource));
}

/** `columns` arranged: in `order` first, then the others in their own order. */
export function arrange<C extends { key?: unknown }>(columns: readonly C[], order: readonly string[]): C[] {
  const rank = (column: C) => {
    const at = order.indexOf(keyOf(column));
    return at === -1 ? order.length : at;
  };
  return columns
    .map((column, index) => ({ column, index }))
    .sort((a, b) => rank(a.column) - rank(b.column) || a.index - b.index)
    .map(({ column }) => column);
}

export function useTableView<T>(resource: string, columns: TableColumnsType<T>): TableView<T> {
  const settings = useSettings(resource);
  return useMemo(() => {
    const movable = columns.filter((column) => keyOf(column) !== ACTIONS_KEY);
    const actions = columns.filter((column) => keyOf(column) === ACTIONS_KEY);
    const ordered = arrange(movable, settings.order);
    const shown = ordered.filter((column) => !settings.hidden.includes(keyOf(column)));
    const rendered = [...shown, ...actions];
    return {
      settings,
      columns: rendered,
      visibleKeys: shown.map(keyOf),
      arrangeable: ordered.map((column) => ({ key: keyOf(column), title: titleOf(column) || keyOf(column) })),
      density: settings.density,
    };
  }, [columns, settings]);
}
