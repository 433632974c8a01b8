// Sending a bulk action's calls: a few at a time, each row's outcome as it settles, and no new call
// once cancelled (the calls in flight are let finish: the server may already have done them).
import { errorMessage } from "@/components/list/list-error";

export type BulkOutcome<Row> =
  | { row: Row; status: "done" }
  | { row: Row; status: "failed"; message: string }
  /** Never sent: the run was cancelled first. */
  | { row: Row; status: "unsent" };

export interface RunOptions<Row> {
  /** How many calls may be in flight at once. */
  concurrency: number;
  cancelled: () => boolean;
  onSettled: (outcome: BulkOutcome<Row>) => void;
}

/** Sends `send(row)` for every row (until cancelled); the outcomes come back in the rows' order. */
export async function runBulk<Row>(
  rows: readonly Row[],
  send: (row: Row) => Promise<unknown>,
  options: RunOptions<Row>,
): Promise<BulkOutcome<Row>[]> {
  const outcomes: (BulkOutcome<Row> | undefined)[] = rows.map(() => undefined);
  let next = 0;
  async function worker() {
    while (next < rows.length && !options.cancelled()) {
      const index = next++;
      const row = rows[index];
      let outcome: BulkOutcome<Row>;
      try {
        await send(row);
        outcome = { row, status: "done" };
      } catch (error) {
        outcome = { row, status: "failed", message: errorMessage(error) };
      }
      outcomes[index] = outcome;
      options.onSettled(outcome);
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, rows.length)) }, worker));
  return rows.map((row, index) => outcomes[index] ?? { row, status: "unsent" });
}
