// What the browser benchmarks share: the reference server in-process on a free loopback port and a
// fresh seeded database, serving a built console; the sign-in with the local demo wallet through
// the login screen, as an admin does it; and the page benches' own options (runs, paths, build).
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { startConsoleServer } from "../../tests/e2e/support/server.ts";
import { onCleanUp } from "./clean-up.ts";
import { valueOptions } from "./options.ts";

/** The options every page bench takes, for parseArgs: --runs per path, --paths (comma-separated), --build. */
export const PAGE_BENCH_OPTIONS = valueOptions("runs", "paths", "build");

/** Reads them: `runs` a count of at least 1, the paths, and the built console to serve (dist/ unless --build). */
export function pageBenchOptions(
  values: { runs?: string; paths?: string; build?: string },
  defaults: { runs: number; paths: string },
): { runs: number; paths: string[]; build: string } {
  const runs = Number(values.runs ?? defaults.runs);
  if (!Number.isSafeInteger(runs) || runs < 1) throw new Error("--runs takes a count of at least 1");
  const build = values.build ?? "dist";
  assertBuilt(build);
  return { runs, paths: (values.paths ?? defaults.paths).split(","), build };
}

/** Stops the bench unless `dir` holds a built console. */
export function assertBuilt(dir: string): void {
  if (!existsSync(join(dir, "index.html"))) throw new Error(`${dir}: no built console there (npm run build, or --build <dir>)`);
}

/** Started now, closed (its data folder removed) at the end of the run; answers with its origin. */
export async function startBenchServer(staticDir: string): Promise<string> {
  const { origin, close } = await startConsoleServer({ staticDir });
  onCleanUp(close);
  return origin;
}

export async function signInWithDemoWallet(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.getByRole("button", { name: "Select Wallet" }).click();
  await page.getByRole("button", { name: /Local demo admin wallet/ }).click();
  // The button's accessible name starts with the wallet icon's alt text.
  await page.getByRole("button", { name: /Connect$/ }).click();
  await page.waitForURL(`${origin}/`);
}
