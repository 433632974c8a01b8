// The dialogs of a running bulk action: its progress with Cancel, then the outcome summary that
// names every failed row with the server's words.
import { Button, Modal, Progress } from "antd";
import type { BulkRunState } from "./use-bulk-run";
import type { BulkOutcome } from "./run";
import type { BulkNouns } from "./types";
import "./bulk.css";

/** '10 done, 2 failed', then the skipped and the unsent when there are any. */
export function summaryLine<Row>(outcomes: readonly BulkOutcome<Row>[], skipped: number): string {
  const of = (status: BulkOutcome<Row>["status"]) => outcomes.filter((outcome) => outcome.status === status).length;
  const parts = [`${of("done")} done`, `${of("failed")} failed`];
  if (skipped > 0) parts.push(`${skipped} skipped (no change needed)`);
  const unsent = of("unsent");
  if (unsent > 0) parts.push(`${unsent} not sent (cancelled)`);
  return parts.join(", ");
}

export interface BulkDialogsProps<Row> {
  state: BulkRunState<Row>;
  nouns: BulkNouns;
  name: (row: Row) => string;
  onCancel: () => void;
  onDismiss: () => void;
}

export function BulkDialogs<Row>({ state, nouns, name, onCancel, onDismiss }: BulkDialogsProps<Row>) {
  const title = state.phase === "idle" ? "" : `${state.action.label} ${nouns.plural}`;
  const failures = state.phase === "finished" ? state.outcomes.filter((outcome) => outcome.status === "failed") : [];
  return (
    <>
      <Modal
        open={state.phase === "running"}
        title={title}
        onCancel={onCancel}
        maskClosable={false}
        destroyOnHidden
        footer={[
          <Button key="cancel" onClick={onCancel} disabled={state.phase === "running" && state.cancelling}>
            Cancel
          </Button>,
        ]}
      >
        {state.phase === "running" ? (
          <>
            <Progress percent={Math.floor((state.settled / state.total) * 100)} status="active" aria-label={`${title}: progress`} />
            <p className="list-bulk__count" aria-live="polite">
              {state.cancelling
                ? `Cancelling: waiting for the calls already sent (${state.settled} of ${state.total})`
                : `${state.settled} of ${state.total} sent`}
            </p>
          </>
        ) : null}
      </Modal>
      <Modal
        open={state.phase === "finished"}
        title={`${title}: outcome`}
        onCancel={onDismiss}
        destroyOnHidden
        footer={[
          <Button key="ok" type="primary" onClick={onDismiss}>
            OK
          </Button>,
        ]}
      >
        {state.phase === "finished" ? (
          <>
            <p className="list-bulk__summary">{summaryLine(state.outcomes, state.skipped)}</p>
            {failures.length > 0 ? (
              <>
                <p className="list-bulk__failed-title">Failed (still selected, to try again):</p>
                <ul className="list-bulk__failures">
                  {failures.map((outcome, index) => (
                    <li key={index}>
                      <strong>{name(outcome.row)}</strong>: {outcome.status === "failed" ? outcome.message : null}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </>
        ) : null}
      </Modal>
    </>
  );
}
