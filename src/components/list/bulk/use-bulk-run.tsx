// One bulk action from the click to its summary: the rows it would change (the others are skipped),
// the reason once when the single action asks for one, a confirmation naming the count, the calls
// (a few at a time, Cancel stops further ones), then the list refreshed and the outcome kept for the
// summary, with the failed and unsent rows left selected for a retry.
import { useEffect, useRef, useState } from "react";
import { useInvalidate } from "@refinedev/core";
import { BULK_CONCURRENCY } from "@/config";
import { useConfirm } from "@/components/prompts/confirm";
import { useReasonPrompt } from "@/components/prompts/reason-prompt";
import { runBulk, type BulkOutcome } from "./run";
import { counted, type BulkAction, type BulkNouns } from "./types";

export type BulkRunState<Row> =
  | { phase: "idle" }
  | { phase: "running"; action: BulkAction<Row>; total: number; settled: number; cancelling: boolean }
  | { phase: "finished"; action: BulkAction<Row>; outcomes: BulkOutcome<Row>[]; skipped: number };

export interface BulkRunOptions<Row> {
  resource: string;
  nouns: BulkNouns;
  /** After a run: what refreshes the rows and whatever else shows them; by default, the resource's list. */
  refresh?: () => unknown;
  /** The rows to keep selected once a run is over (its failed and unsent rows). */
  keepSelected: (rows: Row[]) => void;
}

/** 'Deactivate 12 users?', and how many of the selected are left out as needing no change. */
export function question(label: string, sending: number, skipped: number, nouns: BulkNouns): string {
  const ask = `${label} ${counted(sending, nouns)}?`;
  if (skipped === 0) return ask;
  return `${ask} ${counted(skipped, nouns)} of the selection ${skipped === 1 ? "needs" : "need"} no change and ${skipped === 1 ? "is" : "are"} skipped.`;
}

export function useBulkRun<Row>({ resource, nouns, refresh, keepSelected }: BulkRunOptions<Row>) {
  const invalidate = useInvalidate();
  const { ask, holder: reasonHolder } = useReasonPrompt();
  const { confirm, holder: confirmHolder } = useConfirm();
  const [state, setState] = useState<BulkRunState<Row>>({ phase: "idle" });
  const cancelled = useRef(false);
  const mounted = useRef(true);

  // Leaving the screen stops sending further rows.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      cancelled.current = true;
    };
  }, []);

  async function start(action: BulkAction<Row>, rows: readonly Row[]) {
    if (state.phase === "running") return;
    const sending = rows.filter(action.applies);
    const skipped = rows.length - sending.length;
    if (sending.length === 0) {
      setState({ phase: "finished", action, outcomes: [], skipped });
      return;
    }
    const text = question(action.label, sending.length, skipped, nouns);
    let reason: string | undefined;
    if (action.reasonLabel) {
      const answer = await ask({ confirmText: text, reasonLabel: action.reasonLabel, okText: action.label, danger: action.danger });
      if (answer === null) return;
      reason = answer;
    } else if (!(await confirm({ content: text, okText: action.label, danger: action.danger }))) {
      return;
    }

    cancelled.current = false;
    setState({ phase: "running", action, total: sending.length, settled: 0, cancelling: false });
    const outcomes = await runBulk(sending, (row) => action.send(row, reason), {
      concurrency: BULK_CONCURRENCY,
      cancelled: () => cancelled.current,
      onSettled: () => {
        if (mounted.current) setState((current) => (current.phase === "running" ? { ...current, settled: current.settled + 1 } : current));
      },
    });
    if (!mounted.current) return;
    keepSelected(outcomes.filter((outcome) => outcome.status !== "done").map((outcome) => outcome.row));
    setState({ phase: "finished", action, outcomes, skipped });
    await (refresh ? refresh() : invalidate({ resource, invalidates: ["list", "many", "detail"] }));
  }

  const cancel = () => {
    cancelled.current = true;
    setState((current) => (current.phase === "running" ? { ...current, cancelling: true } : current));
  };

  const dismiss = () => setState({ phase: "idle" });

  return {
    state,
    start,
    cancel,
    dismiss,
    holders: (
      <>
        {reasonHolder}
        {confirmHolder}
      </>
    ),
  };
}
