// Headless Debian Chromium, for the console tests (Vitest's browser mode) and the browser tests
// alike, with the flags this machine needs: no background networking (the sandbox has no route to
// the hosts Chromium would call). Playwright gives every launch a fresh, throw-away profile.
import { existsSync } from "node:fs";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export function chromiumLaunchOptions() {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install Debian's chromium (apt-get install chromium)`);
  }
  return { executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS };
}
