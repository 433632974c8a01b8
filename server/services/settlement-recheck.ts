// A settlement whose outcome was unknown (504: sent, not confirmed in time) stays submitted, and the
// order refuses every other resolution, until something finds the outcome out. This re-check does,
// while the server runs: every interval it resumes the submitted settlements of the queue
// (resumeSettlements: by signature status, sending again only once the first transaction can no
// longer land). One run at a time; a run asked for while one is under way joins it.
import { periodic, type Periodic } from "./periodic.ts";
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

/** run() now, or joined to the run under way. `minAgeMs: 0` at start: no request of this process is in flight yet. */
export type SettlementRecheck = Periodic<ResumeOutcome[], { minAgeMs?: number }>;

export function startSettlementRecheck(ctx: ServiceContext, options: SettlementRecheckOptions): SettlementRecheck {
  const minAge = options.minAgeMs ?? RECHECK_MIN_AGE_MS;
  return periodic((run) => resumeSettlements(ctx, { minAgeMs: run?.minAgeMs ?? minAge }), {
    intervalMs: options.intervalMs,
    onPass: options.onOutcomes,
    onError: options.onError,
  });
}
