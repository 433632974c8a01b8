// What the browser benchmarks share: the reference server in-process on a free loopback port and a
// fresh seeded database, serving a built console; and the sign-in with the local demo wallet through
// the login screen, as an admin does it.
import type { Page } from "playwright-core";
import { startConsoleServer } from "../../tests/e2e/support/server.ts";
import { onCleanUp } from "./clean-up.ts";

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
