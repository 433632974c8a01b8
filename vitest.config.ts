import { availableParallelism } from "node:os";
import { fileURLToPath, URL } from "node:url";
import { playwright } from "@vitest/browser-playwright";
import { defineConfig } from "vitest/config";
import { chromiumLaunchOptions } from "./tests/support/chromium.ts";
import { postgresBin } from "./tests/support/postgres.ts";
import { scaled, STARTUP_MS } from "./tests/support/wait.ts";
import viteConfig from "./vite.config.ts";

// The console's build settings, without the dev server's proxy to the reference API: tests answer
// the API themselves.
const { server: _devServer, ...app } = viteConfig;

/**
 * A test's (and a hook's) deadline only tells a hang from a slow machine: three process start-ups'
 * worth on an idle machine, stretched by the load when the run starts (tests/support/wait.ts). The
 * waits inside a test have deadlines of their own, which name what they awaited; so have Testing
 * Library's in the console (ASYNC_UTIL_TIMEOUT_MS, set by tests/setup.ts).
 */
const TEST_TIMEOUT_MS = scaled(3 * STARTUP_MS);
const ASYNC_UTIL_TIMEOUT_MS = scaled(30_000);

declare module "vitest" {
  export interface ProvidedContext {
    asyncUtilTimeoutMs: number;
  }
}

/** Runs in Node: the server, the shared rules, and what needs Node's own crypto. */
const SERVER_FILES = ["tests/server/**/*.test.ts"];
const NODE_FILES = [...SERVER_FILES, "tests/unit/rules.test.ts", "tests/providers/demo-wallet.test.ts"];

/**
 * The server tests run on SQLite always and, where PostgreSQL is installed (Debian's postgresql
 * package; .ci/run installs it), again on a throw-away PostgreSQL cluster (tests/server/support/postgres-setup.ts).
 * TEST_POSTGRES=0 skips that second run; TEST_POSTGRES=1 (CI) requires it.
 */
const POSTGRES = process.env.TEST_POSTGRES !== "0" && postgresBin() !== null;
if (process.env.TEST_POSTGRES === "1" && !POSTGRES) throw new Error("TEST_POSTGRES=1 but no PostgreSQL is installed (initdb, pg_ctl)");

/**
 * Server files whose subject does not depend on the database engine (the chain, configuration and
 * start-up checks of the SQLite file, HTTP headers): the PostgreSQL run leaves them out.
 */
const ENGINE_INDEPENDENT = [
  "tests/server/chain/chain.test.ts",
  "tests/server/config.test.ts",
  "tests/server/db/sqlite-driver.test.ts",
  "tests/server/hardening-startup.test.ts",
  "tests/server/node-version.test.ts",
  "tests/server/plugins/hardening-http.test.ts",
  "tests/server/plugins/openapi-lint.test.ts",
  "tests/server/plugins/security.test.ts",
  "tests/server/settlement/hardening-chain-journal.test.ts",
  "tests/server/settlement/priority-fees.test.ts",
  "tests/server/settlement/rebroadcast.test.ts",
  "tests/server/settlement/settlement-gc.test.ts",
  "tests/server/settlement/settlement.test.ts",
];

/**
 * Run once, on PostgreSQL when the run has it: they start real server processes (the deploy guide
 * followed as written; three instances on one database and one local chain).
 */
const ONCE_ON_POSTGRES = ["tests/server/deploy-guide.test.ts", "tests/server/instances-acceptance.test.ts"];

/** Several instances share what they agree on through PostgreSQL only (docs/deploy.md): a run without it cannot test them. */
const POSTGRES_ONLY = ["tests/server/instances-acceptance.test.ts"];

/**
 * Console files that need a page of their own: they replace a module the others share (vi.mock), or
 * test what happens once per page load (the demo wallet's registration).
 */
const OWN_PAGE_FILES = [
  "tests/app/adding-a-resource.test.tsx",
  "tests/pages/login.test.tsx",
  "tests/providers/wallet-setup.test.tsx",
  "tests/providers/wallet-ready.test.tsx",
  "tests/providers/wallet-list-wait.test.tsx",
  "tests/resources/orders/hardware-wallet-decision.test.tsx",
];

/**
 * The console in the browser it is built for: Debian's Chromium, headless; the API is answered by
 * msw's service worker (tests/support/fake-api.ts). Files share their page and its modules unless
 * they need their own (isolate), as the Node files share their worker's: loading the app's modules
 * once per page instead of once per file is most of what a file used to cost.
 */
function consoleProject({
  name,
  include = ["tests/**/*.test.{ts,tsx}"],
  exclude = [],
  isolate,
}: {
  name: string;
  include?: string[];
  exclude?: string[];
  isolate: boolean;
}) {
  return {
    extends: true as const,
    publicDir: "tests/browser-public",
    // Every dependency the screens import, bundled before the first file runs: found later, Vite
    // would re-bundle mid-run and reload the pages under the tests.
    optimizeDeps: { entries: ["src/**/*.{ts,tsx}", "tests/**/*.{ts,tsx}", "!tests/server/**", "!tests/e2e/**"] },
    resolve: {
      alias: [
        { find: /^\.\/msw-runtime$/, replacement: fileURLToPath(new URL("./tests/support/msw-runtime.browser.ts", import.meta.url)) },
      ],
    },
    test: {
      name,
      include,
      exclude: [...NODE_FILES, ...exclude, "tests/e2e/**", "node_modules/**"],
      isolate,
      // Per file even where files share a page: the fake API's hooks and each test's clean-up.
      setupFiles: ["./tests/react-dev-setup.ts", "./tests/setup.ts"],
      // Undone after every test, whichever file made them.
      restoreMocks: true,
      unstubGlobals: true,
      browser: {
        enabled: true,
        headless: true,
        // The theme turns antd's motion off for people who ask for less of it, as tests do.
        provider: playwright({ launchOptions: chromiumLaunchOptions(), contextOptions: { reducedMotion: "reduce" } }),
        instances: [{ browser: "chromium" as const }],
        screenshotFailures: false,
      },
    },
  };
}

export default defineConfig({
  ...app,
  test: {
    globals: true,
    testTimeout: TEST_TIMEOUT_MS,
    hookTimeout: TEST_TIMEOUT_MS,
    provide: { asyncUtilTimeoutMs: ASYNC_UTIL_TIMEOUT_MS },
    // Vitest leaves one CPU free by default, which on a 2-core machine runs the files one by one.
    maxWorkers: availableParallelism(),
    // `npm run coverage` (scripts/coverage.mjs) turns this on and sums it per program.
    coverage: {
      provider: "v8",
      include: ["src/**", "server/**", "contract/**"],
      // src/bench/: only in `npm run bench:nav`'s own build (vite build --mode bench), never in dist/.
      exclude: ["**/*.d.ts", "**/*.css", "src/bench/**"],
      reporter: ["text-summary", "json-summary", "html"],
    },
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          environment: "node",
          include: NODE_FILES,
          exclude: POSTGRES ? ONCE_ON_POSTGRES : POSTGRES_ONLY,
          pool: "threads",
          // The files share their workers' modules: the server keeps no state in its modules (each
          // test builds its own app from the composition root), and importing it once per worker
          // instead of once per file halves this project's time (measured: 29 s against 49 s).
          isolate: false,
        },
      },
      ...(POSTGRES
        ? [
            {
              extends: true as const,
              test: {
                name: "node:postgres",
                environment: "node",
                include: SERVER_FILES,
                exclude: ENGINE_INDEPENDENT,
                pool: "threads" as const,
                isolate: false,
                globalSetup: ["./tests/server/support/postgres-setup.ts"],
              },
            },
          ]
        : []),
      consoleProject({ name: "console", exclude: OWN_PAGE_FILES, isolate: false }),
      consoleProject({ name: "console:own-page", include: OWN_PAGE_FILES, isolate: true }),
    ],
  },
});
