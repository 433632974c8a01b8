// Dark mode and the offline first run, in the built console against the reference server. With the
// OS in dark mode (the browser context's colorScheme), /login and every admin screen open dark (the
// content's background is dark) at desktop and phone sizes and pass axe, colour contrast included
// (every screen at the desktop size, /login and the phone's own chrome at the phone size too); the
// header's toggle switches to light, is remembered across a reload, and "system" follows the OS
// again; no screen trips the console's Content-Security-Policy. With every host but the server's
// blocked, the seeded product and shop pictures still load. Light mode's axe checks are in each
// screen's own file. Screenshots go to test-results/e2e/ when asked for (E2E_SCREENSHOTS=1).
// The same sweep is the visual regression guard: each screen's viewport, dark and then light (the OS
// turned light, which "system" follows without a reload), at 1440×900 and 390×844, is compared with
// its baseline in tests/e2e/baselines/ (support/visual.ts; the server's clock and the page's stand
// still, the wallets are derived from fixed texts, so the seeded data paint the same pixels each run).
// The phone's sweep is tests/e2e/theme-phone.e2e.test.ts, so the two sizes run side by side; the
// sweep itself is support/theme-sweep.ts.
import { describe, expect, it } from "vitest";
import { browser, consoleServer } from "./support/session.ts";
import { DESKTOP, openWithWallet, signIn, waitForRows } from "./support/screens.ts";
import { admin, darkSweep } from "./support/theme-sweep.ts";

darkSweep("desktop");

describe("the first run without a network", () => {
  it("shows the seeded product and shop pictures, all from the server itself", async () => {
    const page = await openWithWallet(browser, admin, DESKTOP);
    const origin = new URL(consoleServer.origin);
    const blocked: string[] = [];
    await page.route("**", (route) => {
      const url = new URL(route.request().url());
      if (url.host === origin.host) return route.continue();
      blocked.push(url.href);
      return route.abort("internetdisconnected");
    });
    await signIn(page, consoleServer.origin, admin);
    for (const [path, heading, selector] of [
      ["/products", "Product Management", "img.product-thumb"],
      ["/shops", "Shop Management", "img.shop-logo"],
    ] as const) {
      await page.goto(`${consoleServer.origin}${path}`);
      await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
      await waitForRows(page);
      const images = page.locator(selector);
      await images.first().waitFor();
      // Lazy pictures: each is scrolled to, then must have loaded.
      const count = await images.count();
      expect(count, path).toBeGreaterThan(5);
      for (let i = 0; i < count; i++) {
        const image = images.nth(i);
        await image.scrollIntoViewIfNeeded();
        await expect
          .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth), { timeout: 5_000 })
          .toBeGreaterThan(0);
      }
      expect(await page.getByTestId("picture-placeholder").count(), `${path}: pictures that did not load`).toBe(0);
    }
    // Nothing the seeded screens need was asked of another host (the RPC the wallet adapter may
    // try is the only outside call the console makes).
    expect(blocked.filter((url) => !url.includes("solana.com"))).toEqual([]);
    await page.context().close();
  });
});
