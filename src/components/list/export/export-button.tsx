// A list's "Export CSV" button and the dialog that follows an export: a progress bar over the
// pages read, with Cancel; if a page fails, the server's words with Retry. The file is saved only
// once every row is in.
import { Alert, Button, Modal, Progress } from "antd";
import { DownloadOutlined } from "@ant-design/icons";
import type { BaseRecord, CrudFilter, CrudSort } from "@refinedev/core";
import { errorMessage } from "@/components/list/list-error";
import type { ExportColumn } from "./columns";
import { useListExport, type ExportState } from "./use-list-export";
import "./export.css";

export type { ExportColumn, ExportValue } from "./columns";

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

function counted({ loaded, total }: { loaded: number; total?: number }) {
  return total === undefined ? "Reading the first page..." : `Read ${Math.min(loaded, total)} of ${total} rows`;
}

function percentOf({ loaded, total }: { loaded: number; total?: number }) {
  if (!total) return 0;
  return Math.min(100, Math.floor((loaded / total) * 100));
}

function ExportProgress({ resource, state }: { resource: string; state: Exclude<ExportState, { phase: "idle" }> }) {
  return (
    <>
      <Progress
        percent={percentOf(state)}
        status={state.phase === "failed" ? "exception" : "active"}
        aria-label={`Export of ${resource}`}
      />
      <p className="list-export__count" aria-live="polite">
        {counted(state)}
      </p>
      {state.phase === "failed" ? (
        <Alert type="error" showIcon message="A page could not be read" description={errorMessage(state.error)} />
      ) : null}
    </>
  );
}

export function ExportButton<Row extends BaseRecord>({ resource, table, columns, visibleKeys, keep }: ExportButtonProps<Row>) {
  const { state, start, retry, cancel } = useListExport<Row>({ resource, filters: table.filters, sorters: table.sorters, columns, visibleKeys, keep });
  const failed = state.phase === "failed";

  return (
    <>
      <Button icon={<DownloadOutlined aria-hidden />} onClick={start} loading={state.phase === "reading"}>
        Export CSV
      </Button>
      <Modal
        open={state.phase !== "idle"}
        title={`Exporting ${resource}`}
        onCancel={cancel}
        maskClosable={false}
        destroyOnHidden
        footer={[
          <Button key="cancel" onClick={cancel}>
            Cancel
          </Button>,
          ...(failed
            ? [
                <Button key="retry" type="primary" onClick={retry}>
                  Retry
                </Button>,
              ]
            : []),
        ]}
      >
        {state.phase === "idle" ? null : <ExportProgress resource={resource} state={state} />}
      </Modal>
    </>
  );
}
