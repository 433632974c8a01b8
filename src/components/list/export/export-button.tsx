// A list's "Export CSV" button. The dialog that follows an export (export-dialog.tsx: progress,
// Cancel, a failed page with Retry) is loaded on the first export, or as the pointer or the focus
// reaches the button. The file is saved only once every row is in.
import { lazy, Suspense, useState } from "react";
import { DownloadOutlined } from "@ant-design/icons";
import type { BaseRecord, CrudFilter, CrudSort } from "@refinedev/core";
import { AccessButton } from "@/components/access/access-button";
import type { ExportColumn } from "./columns";
import { useListExport } from "./use-list-export";
import "./export.css";

export type { ExportColumn, ExportValue } from "./columns";

const loadDialog = () => import("./export-dialog");
const ExportDialog = lazy(loadDialog);

export interface ExportButtonProps<Row> {
  /** The Refine resource; it names the file (`users-2026-11-25.csv`) and the dialog. */
  resource: string;
  /** The list's table (useListTable's result fits): its filters and sort are what is exported. */
  table: { filters: CrudFilter[]; sorters: CrudSort[] };
  columns: readonly ExportColumn<Row>[];
  /** The keys of the columns shown, in the order shown; every column when left out. */
  visibleKeys?: readonly string[];
  /** The screen's filters over loaded rows (useFilterBar's `keep`). */
  keep?: (row: Row) => boolean;
}

export function ExportButton<Row extends BaseRecord>({ resource, table, columns, visibleKeys, keep }: ExportButtonProps<Row>) {
  const { state, start, retry, cancel } = useListExport<Row>({
    resource,
    filters: table.filters,
    sorters: table.sorters,
    columns,
    visibleKeys,
    keep,
  });
  // The dialog is mounted from the first export on, and stays mounted (closed) between exports.
  const [exported, setExported] = useState(false);
  const preload = () => void loadDialog().catch(() => undefined);

  return (
    <>
      <AccessButton
        access={{ resource, action: "export" }}
        icon={<DownloadOutlined aria-hidden />}
        onClick={() => {
          setExported(true);
          start();
        }}
        onPointerEnter={preload}
        onFocus={preload}
        loading={state.phase === "reading"}
      >
        Export CSV
      </AccessButton>
      {exported ? (
        <Suspense fallback={null}>
          <ExportDialog resource={resource} state={state} onCancel={cancel} onRetry={retry} />
        </Suspense>
      ) : null}
    </>
  );
}
