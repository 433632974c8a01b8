// A settlement whose outcome was unknown (504: sent, not confirmed in time) stays submitted, and the
// order refuses every other resolution, until something finds the outcome out. This re-check does,
// while the server runs: every interval it resumes the submitted settlements of the queue
// (resumeSettlements: by signature status, sending again only once the first transaction can no
// longer land). One run at a time; a run asked for while one is under way joins it.
import type { ServiceContext } from "./ports.ts";
import type { ResumeOutcome } from "./dispute-settlement.ts";
import { resumeSettlements } from "./settlements.ts";

/** Settlements signed more recently are left to their own request, which may still be confirming them. */
export const RECHECK_MIN_AGE_MS = 5_000;

export interface SettlementRecheckOptions {
  intervalMs: number;
  minAgeMs?: number;
  /** Each run's outcomes (a timer run has nobody else to tell). */
  onOutcomes?: (outcomes: ResumeOutcome[]) => void;
  onError?: (error: unknown) => void;
}

export interface SettlementRecheck {
  /** Runs now, or joins the run under way. `minAgeMs: 0` at start: no request of this process is in flight yet. */
  run(options?: { minAgeMs?: number }): Promise<ResumeOutcome[]>;
  /** Stops the timer and waits for the run under way, if any. */
  stop(): Promise<void>;
}

export function startSettlementRecheck(ctx: ServiceContext, options: SettlementRecheckOptions): SettlementRecheck {
  let current: Promise<ResumeOutcome[]> | null = null;
  const run = (minAgeMs = options.minAgeMs ?? RECHECK_MIN_AGE_MS): Promise<ResumeOutcome[]> => {
    current ??= resumeSettlements(ctx, { minAgeMs }).finally(() => {
      current = null;
    });
    return current;
  };
  const timer = setInterval(() => {
    if (current) return;
    run()
      .then((outcomes) => options.onOutcomes?.(outcomes))
      .catch((error: unknown) => options.onError?.(error));
  }, options.intervalMs);
  // Never what keeps the process (or a test run) alive.
  timer.unref();
  return {
    run: (o) => run(o?.minAgeMs),
    async stop() {
      clearInterval(timer);
      await current?.catch(() => undefined);
    },
  };
}
