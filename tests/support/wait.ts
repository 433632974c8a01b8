// Waiting in Node tests: for a condition, never for a fixed time. A deadline here only tells a hang
// from slowness, so it is given for an idle machine and stretched by how loaded this one is while
// the test waits (a second `npm test` beside this one on two cores makes everything several times
// slower); when it passes, the error names what was awaited and what was last seen.
import { availableParallelism, loadavg } from "node:os";

/**
 * How many times slower than idle this machine runs now: processes ready to run per core over the
 * last minute, at least 1 and at most MAX_SLOWDOWN. Read again at every poll, so a deadline grows when load arrives mid-wait.
 */
export function slowdown(): number {
  return Math.min(MAX_SLOWDOWN, Math.max(1, loadavg()[0] / availableParallelism()));
}

/** Past this, a run is swamped rather than slow: a hang still fails within ten idle budgets. */
const MAX_SLOWDOWN = 10;

/** A budget meant for an idle machine, on this machine as loaded as it is now. */
export function scaled(idleMs: number): number {
  return Math.round(idleMs * slowdown());
}

/**
 * What an idle machine needs at most to start one of the project's Node processes (tsx compiling the
 * server, migrating and seeding a database, funding escrows): seconds when idle, so this is a hang.
 */
export const STARTUP_MS = 60_000;

/** The idle budget of a wait for something already under way (a row written, a stream event, a request answered). */
export const SETTLE_MS = 15_000;

/** Thrown by a check to stop waiting at once: what it saw can no longer turn into success. */
export class GiveUp extends Error {
  override name = "GiveUp";
}

export interface WaitOptions {
  /** The budget on an idle machine (default SETTLE_MS), stretched by `slowdown()`. */
  idleMs?: number;
  /** Between two checks (default 20 ms). */
  everyMs?: number;
  /** More to say when the deadline passes (a child's output, the requests seen). */
  detail?: () => string;
}

/**
 * Calls `check` until it returns a value other than undefined, null or false, and resolves with it.
 * A check that throws (an `expect` not met yet) counts as not yet, except a `GiveUp`, which fails the
 * wait at once. Past the deadline the wait fails, naming `what` and the check's last error.
 */
export async function waitFor<T>(
  what: string,
  check: () => T | Promise<T>,
  options: WaitOptions = {},
): Promise<Exclude<T, undefined | null | false>> {
  const { idleMs = SETTLE_MS, everyMs = 20, detail } = options;
  const started = performance.now();
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== null && value !== false) return value as Exclude<T, undefined | null | false>;
      last = undefined;
    } catch (error) {
      if (error instanceof GiveUp) throw error;
      last = error;
    }
    const elapsed = performance.now() - started;
    if (elapsed > scaled(idleMs)) throw new Error(timedOut(what, elapsed, idleMs, last, detail?.()));
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Waits until `assertion` (expect calls) passes; past the deadline, fails with its last error. */
export async function eventually(what: string, assertion: () => unknown, options: WaitOptions = {}): Promise<void> {
  await waitFor(
    what,
    async () => {
      await assertion();
      return true;
    },
    options,
  );
}

/** The message of a wait whose deadline passed: what, how long, the machine's load, the last check's error. */
export function timedOut(what: string, elapsedMs: number, idleMs: number, last?: unknown, detail?: string): string {
  const load = `load ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores`;
  const lines = [
    `Timed out after ${(elapsedMs / 1000).toFixed(1)} s waiting for ${what} (${idleMs / 1000} s when idle, ×${slowdown().toFixed(1)} for ${load})`,
  ];
  if (last instanceof Error) lines.push(`last check: ${last.message}`);
  if (detail?.trim()) lines.push(detail.trimEnd());
  return lines.join("\n");
}
