// An export from start to download: every page read (with progress), the rows narrowed by the
// screen's own filters over loaded rows, the CSV written and saved. Cancel aborts the request in
// flight and saves nothing; a failure waits for Retry (which goes on from the failed page) or Cancel.
import { useEffect, useRef, useState } from "react";
import { useDataProvider, useNotification, type BaseRecord, type CrudFilter, type CrudSort } from "@refinedev/core";
import { exportTable, type ExportColumn } from "./columns";
import { downloadCsv, exportFileName, toCsv } from "./csv";
import { ExportCancelled, fetchRemaining, startPaging, type ListQuery, type Paging } from "./fetch-all";

export interface ListExportOptions<Row> {
  /** The Refine resource, also the file's name: `<resource>-YYYY-MM-DD.csv`. */
  resource: string;
  /** The table's current filters and sort (useListTable's), sent with every page. */
  filters: CrudFilter[];
  sorters: CrudSort[];
  columns: readonly ExportColumn<Row>[];
  /** The keys of the columns shown, in the order shown; every column when left out. */
  visibleKeys?: readonly string[];
  /** The screen's filters over loaded rows (useFilterBar's `keep`), applied to every row read. */
  keep?: (row: Row) => boolean;
}

export type ExportState =
  | { phase: "idle" }
  | { phase: "reading"; loaded: number; total?: number }
  | { phase: "failed"; error: unknown; loaded: number; total?: number };

/** One export, as it was asked: later changes to the screen do not change what it writes. */
interface Job<Row> {
  query: ListQuery;
  options: ListExportOptions<Row>;
  paging: Paging<Row>;
  controller: AbortController;
}

export function useListExport<Row extends BaseRecord>(options: ListExportOptions<Row>) {
  const dataProvider = useDataProvider();
  const { open: notify } = useNotification();
  const [state, setState] = useState<ExportState>({ phase: "idle" });
  const current = useRef<Job<Row> | undefined>(undefined);

  // Leaving the screen cancels an export under way.
  useEffect(() => () => current.current?.controller.abort(), []);

  const run = async (job: Job<Row>) => {
    const live = () => current.current === job;
    setState({ phase: "reading", loaded: job.paging.rows.length, total: job.paging.total });
    try {
      const rows = await fetchRemaining(dataProvider().getList, job.query, job.paging, job.controller.signal, (progress) => {
        if (live()) setState({ phase: "reading", ...progress });
      });
      const { columns, visibleKeys, keep, resource } = job.options;
      const kept = keep ? rows.filter(keep) : rows;
      const csv = await toCsv(exportTable(columns, kept, visibleKeys));
      if (!live()) return;
      const fileName = exportFileName(resource);
      downloadCsv(fileName, csv);
      current.current = undefined;
      setState({ phase: "idle" });
      notify?.({
        type: "success",
        description: "Export",
        message: `${kept.length} ${kept.length === 1 ? "row" : "rows"} saved to ${fileName}`,
      });
    } catch (error) {
      if (!live() || error instanceof ExportCancelled) return;
      setState({ phase: "failed", error, loaded: job.paging.rows.length, total: job.paging.total });
    }
  };

  const start = () => {
    if (current.current) return;
    const { resource, filters, sorters } = options;
    const job: Job<Row> = { query: { resource, filters, sorters }, options, paging: startPaging(), controller: new AbortController() };
    current.current = job;
    void run(job);
  };

  const retry = () => {
    if (current.current) void run(current.current);
  };

  const cancel = () => {
    current.current?.controller.abort();
    current.current = undefined;
    setState({ phase: "idle" });
  };

  return { state, start, retry, cancel };
}
