import { defineConfig } from "vitest/config";
import { fileURLToPath, URL } from "node:url";
import { scaled, SETTLE_MS, STARTUP_MS } from "./tests/support/wait.ts";

/** A test's deadline, fixed when the run starts; the contexts' own waits stay below it (tests/e2e/support/browser.ts). */
const TEST_TIMEOUT_MS = scaled(2 * STARTUP_MS);

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
    // Deadlines tell a hang from a loaded machine: given for an idle one, stretched by the load when
    // the run starts (tests/support/wait.ts). Playwright's own waits get theirs from the contexts
    // (tests/e2e/support/browser.ts); expect.poll's default (1 s) is far too short for a page.
    testTimeout: TEST_TIMEOUT_MS,
    provide: { e2eTestTimeoutMs: TEST_TIMEOUT_MS },
    hookTimeout: scaled(3 * STARTUP_MS),
    expect: { poll: { timeout: scaled(2 * SETTLE_MS), interval: 50 } },
  },
});
