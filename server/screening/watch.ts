// Each instance reads its list files again every SCREENING_POLL_SECONDS: a change becomes the lists
// it screens with at once, and the new version is recorded in the database (syncScreening: once
// across instances, by whichever records it first, which audits the reload and re-screens). One run
// at a time; a run asked for while one is under way joins it.
import type { ServiceContext } from "../services/ports.ts";
import { syncScreening } from "../services/screening.ts";
import type { FileScreening } from "./file-lists.ts";

export interface ScreeningWatch {
  /** Reads the files now (or joins the run under way) and records a new version. */
  run(): Promise<void>;
  /** Stops the timer and waits for the run under way, if any. */
  stop(): Promise<void>;
}

export function startScreeningWatch(
  ctx: ServiceContext,
  lists: FileScreening,
  options: { intervalMs: number; onError: (error: unknown) => void },
): ScreeningWatch {
  // The version this instance last saw recorded as the latest: its own files changing is what makes
  // it record again (two instances given different files do not take turns recording theirs).
  let synced: string | null = null;
  let current: Promise<void> | null = null;
  const once = async () => {
    try {
      lists.reload();
    } catch (error) {
      // A file being rewritten, or a bad edit: the lists stay as they were, and the next run reads it again.
      options.onError(error);
    }
    const version = lists.current().version;
    if (version === synced) return;
    if (await syncScreening(ctx)) synced = version;
  };
  const run = () => {
    current ??= once().finally(() => {
      current = null;
    });
    return current;
  };
  const timer = setInterval(() => {
    if (!current) run().catch(options.onError);
  }, options.intervalMs);
  // Never what keeps the process (or a test run) alive.
  timer.unref();
  return {
    run,
    async stop() {
      clearInterval(timer);
      await current?.catch(() => undefined);
    },
  };
}
