// The dashboard in the built console against the reference server: under the stat cards, the charts of
// GET /admin/orders/stats/daily are drawn (each a canvas with pixels on it, under its heading,
// described in words that match the seeded database), side by side on a desktop and stacked at 390 px,
// and the page passes axe at both sizes. Screenshots go to test-results/e2e/.
import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { browser, consoleServer, db, page, signedInForThisFile } from "./support/session.ts";
import { openWithWallet, screenshot, signIn, PHONE } from "./support/screens.ts";
import { expectAccessible } from "./support/axe.ts";
import { createTestWallet } from "./support/test-wallet.ts";

const admin = createTestWallet("E2E Dashboard Admin");
const TITLES = ["Orders per day", "Disputes per day", "Order volume by token", "Order status mix"];
const DAY = 86_400_000;

signedInForThisFile(admin);

/** The dashboard with its charts drawn: every chart's canvas has something painted on it. */
async function openDashboard(target: Page): Promise<Locator> {
  await target.goto(`${consoleServer.origin}/`);
  await target.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
  await target.getByRole("region", { name: "Total Users" }).waitFor();
  const section = target.getByRole("region", { name: "Orders, last 30 days" });
  await section.waitFor();
  // The charts are drawn once their section is in view: on a phone, below the cards, an admin scrolls.
  await section.scrollIntoViewIfNeeded();
  const canvases = section.locator('[role="img"] canvas');
  await expect.poll(() => canvases.count()).toBe(4);
  // Painted: some pixel of each canvas is not transparent (G2 draws after layout, so wait for it).
  await expect
    .poll(() =>
      canvases.evaluateAll((elements) =>
        (elements as HTMLCanvasElement[]).map((canvas) => {
          const context = canvas.getContext("2d");
          if (!context || canvas.width === 0 || canvas.height === 0) return false;
          const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
          for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) return true;
          return false;
        }),
      ),
    )
    .toEqual([true, true, true, true]);
  return section;
}

describe("the dashboard's charts in the browser", () => {
  it("draws the four charts under the stat cards on a desktop, described with the database's numbers", async () => {
    const section = await openDashboard(page);
    for (const title of TITLES) expect(await section.getByRole("heading", { name: title, level: 3 }).isVisible()).toBe(true);

    // The words that stand for the orders chart carry the window's order count, as the database has it.
    const today = Math.floor(Date.now() / DAY) * DAY;
    const from = new Date(today - 29 * DAY).toISOString();
    const { n } = await db()
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("createdAt", ">=", from)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBeGreaterThan(0);
    const label = await section.getByRole("img").first().getAttribute("aria-label");
    expect(label).toMatch(new RegExp(`^Orders per day, \\w+ \\d+ to \\w+ \\d+: ${Number(n).toLocaleString("en-US")} orders`));

    // Side by side: the first two charts share a row.
    const cards = section.locator(".chart-card");
    const [first, second] = [(await cards.nth(0).boundingBox())!, (await cards.nth(1).boundingBox())!];
    expect(second.y).toBe(first.y);
    expect(second.x).toBeGreaterThan(first.x);

    await expectAccessible(page, "dashboard desktop");
    await screenshot(page, "dashboard-desktop");
  });

  it("stacks the charts at 390 px, inside the screen", async () => {
    const phone = await openWithWallet(browser, admin, PHONE);
    await signIn(phone, consoleServer.origin, admin);
    const section = await openDashboard(phone);
    for (const title of TITLES) expect(await section.getByRole("heading", { name: title, level: 3 }).isVisible()).toBe(true);

    const boxes = await section
      .locator(".chart-card")
      .evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().toJSON() as DOMRect));
    expect(boxes).toHaveLength(4);
    for (const [i, box] of boxes.entries()) {
      expect(box.left).toBe(boxes[0].left);
      expect(box.right).toBeLessThanOrEqual(PHONE.width);
      if (i > 0) expect(box.top).toBeGreaterThan(boxes[i - 1].bottom - 1);
    }
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await expectAccessible(phone, "dashboard phone");
    await screenshot(phone, "dashboard-phone");
    await phone.context().close();
  });
});
