// A list's bulk actions: the checkbox column (rowSelection, for ListTable) and, once rows are
// selected, the bar above the table: "N selected", "Select all M matching", Clear, and the
// resource's actions, each run row by row with the row's own single call (use-bulk-run.tsx). Its
// progress and outcome dialogs are a lazy dialog, loaded on the first run at the latest.
import { Alert, Button } from "antd";
import { AccessButton } from "@/components/access/access-button";
import type { BaseRecord } from "@refinedev/core";
import { nounsOf } from "@contract/resources";
import { errorMessage } from "@/components/list/list-error";
import { lazyDialog } from "@/components/routing/lazy-dialog";
import type { BulkDialogsProps } from "./bulk-dialogs";
import { useBulkRun } from "./use-bulk-run";
import { useSelection, type SelectionOptions } from "./use-selection";
import type { BulkAction } from "./types";
import "@/styles/kit.css";
import "./bulk.css";

export type { BulkAction } from "./types";

const BulkDialogs = lazyDialog(() => import("./bulk-dialogs"), "BulkDialogs");

/** The resource's records are named as its declaration names them ("Deactivate 12 users?"). */
export interface BulkOptions<Row> extends SelectionOptions<Row> {
  actions: readonly BulkAction<Row>[];
  /** After a run: what refreshes the rows and whatever else shows them; by default, the resource's list. */
  refresh?: () => unknown;
}

export function useBulk<Row extends BaseRecord>(options: BulkOptions<Row>) {
  const { actions, refresh, resource, name } = options;
  const nouns = nounsOf(resource);
  const selection = useSelection<Row>(options);
  const run = useBulkRun<Row>({ resource, nouns, refresh, keepSelected: selection.select });
  const { count, total, matching } = selection;
  const running = run.state.phase === "running";

  const bar =
    count === 0 ? null : (
      <div className="list-bulk" role="region" aria-label={`Selected ${nouns.plural}`}>
        <div className="list-bulk__selection">
          <span className="list-bulk__selected" role="status">
            {count} selected
          </span>
          {total !== undefined && count < total ? (
            <Button type="link" onClick={() => void selection.selectAllMatching()} loading={matching.phase === "reading"}>
              Select all {total} matching
            </Button>
          ) : null}
          <Button type="link" onClick={selection.clear}>
            Clear
          </Button>
        </div>
        <div className="list-bulk__actions kit-row-actions">
          {actions.map((action) => (
            <AccessButton
              key={action.label}
              access={{ resource, action: action.access ?? "edit" }}
              danger={action.danger}
              disabled={running || matching.phase === "reading"}
              onClick={() => void run.start(action, selection.rows)}
            >
              {action.label}
            </AccessButton>
          ))}
        </div>
        {matching.phase === "failed" ? (
          <Alert
            className="list-bulk__error"
            type="error"
            showIcon
            message={`Could not select every matching ${nouns.singular}`}
            description={errorMessage(matching.error)}
          />
        ) : null}
      </div>
    );

  return {
    rowSelection: selection.rowSelection,
    bar,
    holders: (
      <>
        {run.holders}
        <BulkDialogs.Host
          active={run.state.phase !== "idle"}
          // One lazy component serves every list: typed for any row, handed this list's.
          {...({
            state: run.state,
            nouns,
            name,
            onCancel: run.cancel,
            onDismiss: run.dismiss,
          } satisfies BulkDialogsProps<Row> as BulkDialogsProps<unknown>)}
        />
      </>
    ),
  };
}
