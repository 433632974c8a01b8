// The browser tests' Chromium: Debian's, driven by playwright-core, launched as tests/support/chromium
// says.
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from "playwright-core";
import { inject } from "vitest";
import { chromiumLaunchOptions } from "../../support/chromium";
import { scaled, STARTUP_MS } from "../../support/wait";

declare module "vitest" {
  export interface ProvidedContext {
    /** The test deadline vitest.e2e.config.ts set. */
    e2eTestTimeoutMs: number;
  }
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions());
}

/**
 * A browser context whose waits (locators, navigation) get a deadline for an idle machine stretched
 * by the load (tests/support/wait.ts) instead of Playwright's fixed 30 s; never past half the test's
 * own deadline (fixed when the run started, maybe at a lower load), so a wait that hangs fails
 * naming what it awaited, rather than the test timing out around it.
 */
export async function newContext(browser: Browser, options: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  context.setDefaultTimeout(Math.min(scaled(STARTUP_MS), inject("e2eTestTimeoutMs") / 2));
  return context;
}
