// The command palette in the built console against the reference server: Ctrl+K, "Orders", Enter
// goes to /orders; a user found by name and an order by its short id open at their URLs (no lookup
// answering 404 on the way); a screen's own action runs from it; the
// sidebar's Search button opens it on a phone; keyboard only throughout, and axe while it is open,
// at desktop and 390 x 844.
import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { Page, Response } from "playwright-core";
import { browser, consoleServer, db, page, signedInForThisFile } from "./support/session.ts";
import { openWithWallet, PHONE, screenshot, settled, signIn } from "./support/screens.ts";
import { expectAccessible } from "./support/axe.ts";
import { createTestWallet } from "./support/test-wallet.ts";

const admin = createTestWallet("E2E Palette Admin");

signedInForThisFile(admin);

const palette = (target: Page) => target.getByRole("dialog", { name: "Command palette" });
const searchBox = (target: Page) => palette(target).getByRole("combobox", { name: "Search sections, records and actions" });
/** The option the keyboard is on. */
const active = (target: Page) => palette(target).locator('[role="option"][aria-selected="true"]');

async function openWithKeys(target: Page) {
  await target.keyboard.press("Control+k");
  await searchBox(target).waitFor();
  await expect.poll(() => searchBox(target).evaluate((input) => input === document.activeElement)).toBe(true);
}

describe("the command palette", () => {
  it("Ctrl+K, 'Orders', Enter goes to /orders; Escape closes it and gives the focus back", async () => {
    await page.goto(`${consoleServer.origin}/`);
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    await openWithKeys(page);
    await expectAccessible(page, "palette desktop");
    await screenshot(page, "palette-desktop");

    await page.keyboard.type("Orders");
    await expect.poll(() => active(page).innerText()).toBe("Orders");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/orders");
    await palette(page).waitFor({ state: "detached" });
    await page.getByRole("heading", { name: "Order Management" }).waitFor();

    // Closing without a choice puts the focus back where it was.
    const opener = page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Users" });
    await opener.focus();
    await openWithKeys(page);
    await page.keyboard.press("Escape");
    await palette(page).waitFor({ state: "detached" });
    await expect.poll(() => opener.evaluate((link) => link === document.activeElement)).toBe(true);
  });

  it("finds a user by name and opens it at its URL, with the keyboard only", async () => {
    // A name no other user's name contains: the seed's names may repeat ("Ana Lee", "Ana Leeds"), and
    // the palette lists every match under the same words.
    const users = await db().selectFrom("users").select(["id", "displayName", "role"]).where("displayName", "is not", null).execute();
    const names = users.map((u) => u.displayName!.toLowerCase());
    const user = users.find(
      (u) =>
        u.role === "USER" &&
        u.displayName!.includes(" ") &&
        names.filter((name) => name.includes(u.displayName!.toLowerCase())).length === 1,
    )!;
    expect(user).toBeDefined();
    await page.goto(`${consoleServer.origin}/`);
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    await openWithKeys(page);
    await page.keyboard.type(user.displayName!);
    const hit = palette(page).getByRole("option", { name: `Open user ${user.displayName}` });
    await hit.first().waitFor();
    // Down to the hit from wherever the list starts.
    for (let step = 0; step < 20 && (await active(page).innerText()) !== (await hit.first().innerText()); step++)
      await page.keyboard.press("ArrowDown");
    expect(await active(page).innerText()).toContain(`Open user ${user.displayName}`);
    await expectAccessible(page, "palette records desktop");
    await page.keyboard.press("Enter");
    // The record's own URL: its Edit User dialog over the list.
    await page.waitForURL((url) => url.pathname === `/users/${user.id}`);
    await page.locator(".ant-modal", { hasText: "Edit User" }).getByLabel("Display Name").waitFor();
  });

  it("finds an order by its short id, typed key by key with no call answering 404, and opens it at its URL", async () => {
    // An order far from the first page: found by the API's search, not by the page at hand.
    const order = await db()
      .selectFrom("orders")
      .select("id")
      .orderBy(sql`rowid`, "asc")
      .executeTakeFirstOrThrow();
    const short = order.id.slice(0, 8);
    await page.goto(`${consoleServer.origin}/`);
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    await openWithKeys(page);
    const refused: string[] = [];
    const watch = (response: Response) => {
      if (response.url().includes("/api/v1/") && response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
    };
    page.on("response", watch);
    await page.keyboard.type(short, { delay: 120 });
    const hit = palette(page).getByRole("option", { name: `Open order ${short}...` });
    await hit.waitFor();
    page.off("response", watch);
    expect(refused).toEqual([]);
    for (let step = 0; step < 20 && (await active(page).innerText()) !== (await hit.innerText()); step++)
      await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === `/orders/${order.id}`);
  });

  it("runs the current screen's action: Orders' 'Show disputed orders'", async () => {
    await page.goto(`${consoleServer.origin}/orders`);
    await page.getByRole("heading", { name: "Order Management" }).waitFor();
    await openWithKeys(page);
    await page.keyboard.type("disputed");
    await expect.poll(() => active(page).innerText()).toBe("Show disputed orders");
    await page.keyboard.press("Enter");
    await page.waitForURL(/filters.*in_dispute/);
  });

  it("opens from the sidebar's Search button on a phone, inside 390 px, and passes axe", async () => {
    const phone = await openWithWallet(browser, admin, PHONE);
    await signIn(phone, consoleServer.origin, admin);
    await phone.getByRole("button", { name: "Open navigation" }).click();
    await phone.getByRole("button", { name: /^Search/ }).click();
    await searchBox(phone).waitFor();
    await settled(phone);
    const box = (await palette(phone).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(phone, "palette phone");
    await screenshot(phone, "palette-phone");
    await searchBox(phone).fill("Tokens");
    await expect.poll(() => active(phone).innerText()).toBe("Tokens");
    await active(phone).click();
    // By its path: the list adds its page to the query, sometimes before this wait begins.
    await phone.waitForURL((url) => url.pathname === "/tokens");
    await phone.context().close();
  });
});
