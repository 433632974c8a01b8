// The browser tests' Chromium: Debian's, driven by playwright-core, launched as tests/support/chromium
// says.
import { chromium, type Browser } from "playwright-core";
import { chromiumLaunchOptions } from "../../support/chromium";

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions());
}
