import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { fileURLToPath, URL } from "node:url";
import { scaled, SETTLE_MS, STARTUP_MS } from "./tests/support/wait.ts";

/** A test's deadline, fixed when the run starts; the contexts' own waits stay below it (tests/e2e/support/browser.ts). */
const TEST_TIMEOUT_MS = scaled(2 * STARTUP_MS);

/**
 * The dark-mode sweeps are the longest files, yet two of the shortest to read (their tests are made
 * from the registry): with no timings of an earlier run (a clean clone), Vitest starts the largest
 * files first and left the sweeps for last, so the run ended on them alone (a clean clone's browser
 * phase: 263 s, its last 22 s on one file).
 */
const LONGEST_FILES = ["tests/e2e/theme.e2e.test.ts", "tests/e2e/theme-phone.e2e.test.ts"];

class SweepsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const longest = (spec: TestSpecification) => LONGEST_FILES.some((file) => spec.moduleId.endsWith(file));
    return [...sorted.filter(longest), ...sorted.filter((spec) => !longest(spec))];
  }
}

// Browser tests: the built console served by the real reference server, driven in headless Chromium.
export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./src", import.meta.url)),
      "@contract": fileURLToPath(new URL("./contract/index.ts", import.meta.url)),
    },
  },
  test: {
    environment: "node",
    include: ["tests/e2e/**/*.e2e.test.ts"],
    // Each file has its own server, database and browser; they mostly wait on the browser, so several
    // run side by side even on two cores.
    maxWorkers: 3,
    // A worker imports the server, Playwright and the helpers once for all the files it runs, rather
    // than once per file (Vitest's default): the files keep nothing in modules beyond what each sets up
    // in its own hooks (support/session.ts), and the server none at all (the Node project runs its
    // files the same way). Measured on the 2-core machine, quiet: 249 s against 282 s, imports 11 s
    // against 54 s.
    isolate: false,
    sequence: { sequencer: SweepsFirst },
    // Deadlines tell a hang from a loaded machine: given for an idle one, stretched by the load when
    // the run starts (tests/support/wait.ts). Playwright's own waits get theirs from the contexts
    // (tests/e2e/support/browser.ts); expect.poll's default (1 s) is far too short for a page.
    testTimeout: TEST_TIMEOUT_MS,
    provide: { e2eTestTimeoutMs: TEST_TIMEOUT_MS },
    hookTimeout: scaled(3 * STARTUP_MS),
    expect: { poll: { timeout: scaled(2 * SETTLE_MS), interval: 50 } },
  },
});
