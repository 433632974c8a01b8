// The rows a list has selected for a bulk action, kept by id across pages (antd's rowSelection only
// knows the page it shows), cleared when the list's filters change (the selection was of another
// list). "Select all matching" reads every matching row with the CSV export's pager.
import { useEffect, useMemo, useRef, useState } from "react";
import type { TableProps } from "antd";
import { useDataProvider, type BaseRecord, type CrudFilter, type CrudSort } from "@refinedev/core";
import { ExportCancelled, fetchRemaining, startPaging } from "@/components/list/export/fetch-all";

export interface SelectableTable<Row> {
  filters: CrudFilter[];
  sorters: CrudSort[];
  tableQuery: { data?: { data: Row[]; total?: number } };
}

export interface SelectionOptions<Row> {
  resource: string;
  table: SelectableTable<Row>;
  /** The screen's filters over loaded rows (useFilterBar's `keep`): they narrow "all matching" too. */
  keep?: (row: Row) => boolean;
  /** Anything else whose change makes it another list (the page filters' values). */
  resetOn?: unknown;
  /** A row's name for its checkbox: 'Select Alice' (one function for the list's life, not one per render). */
  name: (row: Row) => string;
}

export type MatchingState = { phase: "idle" } | { phase: "reading" } | { phase: "failed"; error: unknown };

type Id = string | number;

export function useSelection<Row extends BaseRecord>({ resource, table, keep, resetOn, name }: SelectionOptions<Row>) {
  const dataProvider = useDataProvider();
  const [selected, setSelected] = useState<ReadonlyMap<Id, Row>>(new Map());
  const [matching, setMatching] = useState<MatchingState>({ phase: "idle" });
  const reading = useRef<AbortController | undefined>(undefined);

  const stopReading = () => {
    reading.current?.abort();
    reading.current = undefined;
    setMatching({ phase: "idle" });
  };
  const clear = () => {
    stopReading();
    setSelected(new Map());
  };
  /** Replaces the selection with these rows (a run's failures, kept for a retry). */
  const select = (rows: readonly Row[]) => setSelected(new Map(rows.map((row) => [row.id!, row])));

  // Another list: drop the selection (and any "select all" under way). Not on the first render.
  const listKey = JSON.stringify([table.filters, resetOn ?? null]);
  const shownKey = useRef(listKey);
  useEffect(() => {
    if (shownKey.current === listKey) return;
    shownKey.current = listKey;
    reading.current?.abort();
    reading.current = undefined;
    setMatching({ phase: "idle" });
    setSelected(new Map());
  }, [listKey]);
  useEffect(() => () => reading.current?.abort(), []);

  const selectAllMatching = async () => {
    if (reading.current) return;
    const controller = new AbortController();
    reading.current = controller;
    setMatching({ phase: "reading" });
    try {
      const rows = await fetchRemaining<Row>(
        dataProvider().getList,
        { resource, filters: table.filters, sorters: table.sorters },
        startPaging(),
        controller.signal,
        () => {},
      );
      if (reading.current !== controller) return;
      select(keep ? rows.filter(keep) : rows);
      reading.current = undefined;
      setMatching({ phase: "idle" });
    } catch (error) {
      if (reading.current !== controller || error instanceof ExportCancelled) return;
      reading.current = undefined;
      setMatching({ phase: "failed", error });
    }
  };

  // Kept while the selection stays the same: the table's rows render again only when it changes.
  const rowSelection = useMemo<NonNullable<TableProps<Row>["rowSelection"]>>(
    () => ({
      selectedRowKeys: [...selected.keys()],
      // antd hands back only the rows it has seen; the others are kept from the selection.
      preserveSelectedRowKeys: true,
      onChange: (keys, rows) => {
        setSelected((current) => {
          const next = new Map<Id, Row>();
          keys.forEach((antdKey, index) => {
            const key = antdKey as Id;
            const row = rows[index] ?? current.get(key);
            if (row) next.set(key, row);
          });
          return next;
        });
      },
      getCheckboxProps: (row) => ({ "aria-label": `Select ${name(row)}` }) as object,
    }),
    [selected, name],
  );

  return {
    rows: [...selected.values()],
    count: selected.size,
    /** The list's total as the API said (what "all matching" would select). */
    total: table.tableQuery.data?.total,
    matching,
    selectAllMatching,
    clear,
    select,
    rowSelection,
  };
}

export type Selection<Row> = ReturnType<typeof useSelection<Row & BaseRecord>>;
