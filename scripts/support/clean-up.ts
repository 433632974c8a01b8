// What a long-running script (a benchmark) starts and must undo: servers, browsers, temporary
// folders. Undone in reverse order at the end of the run, whether it succeeded, failed or was
// interrupted (Ctrl-C, SIGTERM).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const cleanups: (() => Promise<void> | void)[] = [];
let cleaning: Promise<void> | null = null;

/** Registers something to undo at the end of the run. */
export function onCleanUp(undo: () => Promise<void> | void): void {
  cleanups.push(undo);
}

function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    while (cleanups.length) {
      const undo = cleanups.pop()!;
      try {
        await undo();
      } catch (error) {
        console.error(`Clean-up: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  })();
  return cleaning;
}

/** A fresh temporary folder, removed at the end of the run unless `keep`. */
export function tempDir(prefix: string, keep = false): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (!keep) onCleanUp(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * Runs the script's `main`, then undoes everything registered; exits 1 (with the error's message) if
 * it failed, 130 when interrupted. `stopping` says what an interruption stops.
 */
export function runWithCleanUp(main: () => Promise<void>, stopping: string): void {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping ${stopping}…`);
      void cleanUp().finally(() => process.exit(130));
    });
  }
  main()
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    })
    .finally(() => cleanUp())
    .finally(() => process.exit());
}
