// Each instance reads its list files again every SCREENING_POLL_SECONDS: a change becomes the lists
// it screens with at once, and the new version is recorded in the database (syncScreening: once
// across instances, by whichever records it first, which audits the reload and re-screens). One run
// at a time; a run asked for while one is under way joins it.
import { periodic, type Periodic } from "../services/periodic.ts";
import type { ServiceContext } from "../services/ports.ts";
import { syncScreening } from "../services/screening.ts";
import type { FileScreening } from "./file-lists.ts";

/** run() reads the files now (or joins the run under way) and records a new version; stop() ends the watch. */
export type ScreeningWatch = Periodic<void>;

export function startScreeningWatch(
  ctx: ServiceContext,
  lists: FileScreening,
  options: { intervalMs: number; onError: (error: unknown) => void },
): ScreeningWatch {
  // The version this instance last saw recorded as the latest: its own files changing is what makes
  // it record again (two instances given different files do not take turns recording theirs).
  let synced: string | null = null;
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
  return periodic(once, options);
}
