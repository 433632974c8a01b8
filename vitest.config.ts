import { availableParallelism } from "node:os";
import { fileURLToPath, URL } from "node:url";
import { playwright } from "@vitest/browser-playwright";
import { defineConfig } from "vitest/config";
import { chromiumLaunchOptions } from "./tests/support/chromium.ts";
import viteConfig from "./vite.config.ts";

// The console's build settings, without the dev server's proxy to the reference API: tests answer
// the API themselves.
const { server: _devServer, ...app } = viteConfig;

/** Runs in Node: the server, the shared rules, and what needs Node's own crypto. */
const NODE_FILES = ["tests/server/**/*.test.ts", "tests/unit/rules.test.ts", "tests/providers/demo-wallet.test.ts"];

export default defineConfig({
  ...app,
  test: {
    globals: true,
    testTimeout: 20000,
    // Vitest leaves one CPU free by default, which on a 2-core machine runs the files one by one.
    maxWorkers: availableParallelism(),
    // `npm run coverage` (scripts/coverage.mjs) turns this on and sums it per program.
    coverage: {
      provider: "v8",
      include: ["src/**", "server/**", "contract/**"],
      exclude: ["**/*.d.ts", "**/*.css"],
      reporter: ["text-summary", "json-summary", "html"],
    },
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          environment: "node",
          include: NODE_FILES,
          pool: "threads",
          // The files share their workers' modules: the server keeps no state in its modules (each
          // test builds its own app from the composition root), and importing it once per worker
          // instead of once per file halves this project's time (measured: 29 s against 49 s).
          isolate: false,
        },
      },
      {
        // The console in the browser it is built for: Debian's Chromium, headless, each file in its
        // own page; the API is answered by msw's service worker (tests/support/fake-api.ts).
        extends: true,
        publicDir: "tests/browser-public",
        // Every dependency the screens import, bundled before the first file runs: found later, Vite
        // would re-bundle mid-run and reload the pages under the tests.
        optimizeDeps: { entries: ["src/**/*.{ts,tsx}", "tests/**/*.{ts,tsx}", "!tests/server/**", "!tests/e2e/**"] },
        resolve: {
          alias: [{ find: /^\.\/msw-runtime$/, replacement: fileURLToPath(new URL("./tests/support/msw-runtime.browser.ts", import.meta.url)) }],
        },
        test: {
          name: "console",
          include: ["tests/**/*.test.{ts,tsx}"],
          exclude: [...NODE_FILES, "tests/e2e/**", "node_modules/**"],
          setupFiles: ["./tests/setup.ts"],
          // Undone after every test, whichever file made them.
          restoreMocks: true,
          unstubGlobals: true,
          browser: {
            enabled: true,
            headless: true,
            // The theme turns antd's motion off for people who ask for less of it, as tests do.
            provider: playwright({ launchOptions: chromiumLaunchOptions(), contextOptions: { reducedMotion: "reduce" } }),
            instances: [{ browser: "chromium" }],
            screenshotFailures: false,
          },
        },
      },
    ],
  },
});
