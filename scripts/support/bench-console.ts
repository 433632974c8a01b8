// What the browser benchmarks share: the reference server in-process on a free loopback port and a
// fresh seeded database, serving a built console; and the sign-in with the local demo wallet through
// the login screen, as an admin does it.
import { join } from "node:path";
import type { Page } from "playwright-core";
import { startServer } from "../../server/index.ts";
import { freePort } from "../../tests/support/free-port.ts";
import { onCleanUp, tempDir } from "./clean-up.ts";

/** Started now, closed (its data folder removed) at the end of the run; answers with its origin. */
export async function startBenchServer(staticDir: string, dataPrefix: string): Promise<string> {
  const dataDir = tempDir(dataPrefix);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await startServer({
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_ORIGIN: origin,
    DATABASE_PATH: join(dataDir, "marketplace.sqlite"),
    STATIC_DIR: staticDir,
    LOG_LEVEL: "warn",
  });
  onCleanUp(() => server.close());
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
