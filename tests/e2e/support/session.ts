// The set-up every screen's browser test starts from: the reference server with a fresh seeded
// database, a browser, and a desktop page already signed in as the given admin wallet.
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "./browser.ts";
import { startConsoleServer, type ConsoleServer } from "./server.ts";
import { openWithWallet, signIn } from "./screens.ts";
import type { TestWallet } from "./test-wallet.ts";

export interface SignedInConsole {
  consoleServer: ConsoleServer;
  browser: Browser;
  page: Page;
}

export async function openSignedInConsole(admin: TestWallet): Promise<SignedInConsole> {
  const consoleServer = await startConsoleServer({ adminWallets: [admin.address] });
  const browser = await launchBrowser();
  const page = await openWithWallet(browser, admin);
  await signIn(page, consoleServer.origin, admin);
  return { consoleServer, browser, page };
}

/** Safe after a set-up that failed half-way. */
export async function closeConsole({ browser, consoleServer }: Partial<SignedInConsole>): Promise<void> {
  await browser?.close();
  await consoleServer?.close();
}
