// The browser tests' Chromium: Debian's, driven by playwright-core, launched as tests/support/chromium
// says.
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from "playwright-core";
import { chromiumLaunchOptions } from "../../support/chromium";
import { scaled, STARTUP_MS } from "../../support/wait";

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions());
}

/**
 * A browser context whose waits (locators, navigation) get a deadline for an idle machine stretched
 * by the load (tests/support/wait.ts) instead of Playwright's fixed 30 s.
 */
export async function newContext(browser: Browser, options: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  context.setDefaultTimeout(scaled(STARTUP_MS));
  return context;
}
