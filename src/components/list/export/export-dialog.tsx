// The dialog that follows an export (see export-button.tsx): a progress bar over the pages read,
// with Cancel; if a page fails, the server's words with Retry. Its own chunk, loaded on the first
// export: a list's first load carries only the button.
import { Alert, Button, Modal, Progress } from "antd";
import { errorMessage } from "@/components/list/list-error";
import type { ExportState } from "./use-list-export";

export interface ExportDialogProps {
  resource: string;
  state: ExportState;
  onCancel: () => void;
  onRetry: () => void;
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

export default function ExportDialog({ resource, state, onCancel, onRetry }: ExportDialogProps) {
  const failed = state.phase === "failed";
  return (
    <Modal
      open={state.phase !== "idle"}
      title={`Exporting ${resource}`}
      onCancel={onCancel}
      maskClosable={false}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onCancel}>
          Cancel
        </Button>,
        ...(failed
          ? [
              <Button key="retry" type="primary" onClick={onRetry}>
                Retry
              </Button>,
            ]
          : []),
      ]}
    >
      {state.phase === "idle" ? null : <ExportProgress resource={resource} state={state} />}
    </Modal>
  );
}
