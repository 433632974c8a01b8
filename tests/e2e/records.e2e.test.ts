// Records with a URL and each admin's table settings, in the built console against the reference
// server: /orders/:id and /users/:id show their record after a reload and close back to the list
// as it was; a hidden column stays hidden across a reload for this wallet and comes back with
// Reset; at desktop and phone sizes, with axe.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { browser, consoleServer, db, page, signedInForThisFile } from "./support/session.ts";
import { openDialog, openWithWallet, screenshot, signIn, PHONE, waitForRows } from "./support/screens.ts";
import { expectAccessible } from "./support/axe.ts";
import { createTestWallet } from "./support/test-wallet.ts";

const admin = createTestWallet("E2E Records Admin");
signedInForThisFile(admin);

const FILTER = "currentPage=1&pageSize=20&filters[0][field]=filter&filters[0][operator]=eq&filters[0][value]=in_dispute";

async function disputedOrder() {
  return db().selectFrom("orders").select(["id"]).where("status", "=", "DISPUTED").limit(1).executeTakeFirstOrThrow();
}

async function namedUser() {
  return db().selectFrom("users").select(["id", "displayName"]).where("displayName", "is not", null).limit(1).executeTakeFirstOrThrow();
}

const headers = (target: Page) =>
  target.locator(".ant-table-thead th").evaluateAll((cells) => cells.map((cell) => cell.textContent?.trim()).filter(Boolean));

describe("record URLs and table settings", () => {
  it("/orders/:id shows the order after a reload, over the filtered list, and closes back to it", async () => {
    const order = await disputedOrder();
    await page.goto(`${consoleServer.origin}/orders/${order.id}?${FILTER}`);
    let dialog = await openDialog(page, `Order Details · ${order.id.slice(0, 8)}`);
    await page.reload();
    dialog = await openDialog(page, `Order Details · ${order.id.slice(0, 8)}`);
    await dialog.getByText("Dispute Details").waitFor();
    await expectAccessible(page, "order record");
    await screenshot(page, "record-order");

    await dialog.getByRole("link", { name: "Orders" }).click();
    await page.waitForURL((url) => url.pathname === "/orders");
    expect(new URL(page.url()).searchParams.get("filters[0][value]")).toBe("in_dispute");
    await expect.poll(() => page.locator(".ant-modal:visible").count()).toBe(0);
  });

  it("follows an order to its buyer, and the buyer to their orders as buyer, shown as a removable filter", async () => {
    const order = await disputedOrder();
    const { buyerWalletAddress } = await db()
      .selectFrom("orders")
      .select("buyerWalletAddress")
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    const buyer = await db()
      .selectFrom("users")
      .select(["id", "displayName"])
      .where("publicKey", "=", buyerWalletAddress)
      .executeTakeFirstOrThrow();
    const bought = await db().selectFrom("orders").select("id").where("buyerWalletAddress", "=", buyerWalletAddress).execute();
    const name = buyer.displayName?.trim() || `${buyerWalletAddress.slice(0, 4)}..${buyerWalletAddress.slice(-4)}`;

    await page.goto(`${consoleServer.origin}/orders/${order.id}`);
    const dialog = await openDialog(page, `Order Details · ${order.id.slice(0, 8)}`);
    await dialog.getByRole("region", { name: "Buyer" }).getByRole("link", { name }).click();
    await page.waitForURL((url) => url.pathname === `/users/${buyer.id}`);
    const record = await openDialog(page, "Edit User");
    const orders = `${bought.length.toLocaleString("en-US")} ${bought.length === 1 ? "order" : "orders"}`;
    await record.getByRole("link", { name: `${orders} as buyer` }).click();

    await page.waitForURL((url) => url.pathname === "/orders" && url.search.includes(buyer.id));
    await page.getByRole("group", { name: `Buyer: ${name}` }).waitFor();
    await expect.poll(() => page.locator(".ant-table-tbody tr[data-row-key]").count()).toBe(Math.min(bought.length, 20));
    const shown = await page
      .locator(".ant-table-tbody tr[data-row-key]")
      .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-row-key")));
    expect(bought.map((row) => row.id)).toEqual(expect.arrayContaining(shown));
    // The filter survives a reload (it is in the URL) and is removed by its button.
    await page.reload();
    const tag = page.getByRole("group", { name: `Buyer: ${name}` });
    await tag.getByRole("button", { name: "Remove the Buyer filter" }).click();
    await page.waitForURL((url) => url.pathname === "/orders" && !url.search.includes(buyer.id));
  });

  it("/users/:id shows the user's Edit User dialog after a reload", async () => {
    const user = await namedUser();
    await page.goto(`${consoleServer.origin}/users/${user.id}`);
    await openDialog(page, "Edit User");
    await page.reload();
    const dialog = await openDialog(page, "Edit User");
    await expect.poll(() => dialog.getByLabel("Display Name").inputValue()).toBe(user.displayName);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL((url) => url.pathname === "/users");
  });

  it("keeps this admin's hidden column across a reload, and Reset brings it back", async () => {
    await page.goto(`${consoleServer.origin}/users`);
    await waitForRows(page);
    expect(await headers(page)).toContain("Verified");
    await page.getByRole("button", { name: "Table settings" }).click();
    await page.getByRole("checkbox", { name: "Verified" }).click();
    await expect.poll(() => headers(page)).not.toContain("Verified");
    await expectAccessible(page, "table settings");

    await page.reload();
    await waitForRows(page);
    expect(await headers(page)).not.toContain("Verified");
    await page.getByRole("button", { name: "Table settings" }).click();
    await page.getByRole("button", { name: "Reset to defaults" }).click();
    await expect.poll(() => headers(page)).toContain("Verified");
  });

  it("opens a record's URL on a phone, with the settings button in reach", async () => {
    const phone = await openWithWallet(browser, admin, PHONE);
    await signIn(phone, consoleServer.origin, admin);
    const order = await disputedOrder();
    await phone.goto(`${consoleServer.origin}/orders/${order.id}`);
    await openDialog(phone, `Order Details · ${order.id.slice(0, 8)}`);
    await expectAccessible(phone, "order record phone");
    await screenshot(phone, "record-order-phone");
    await phone.goto(`${consoleServer.origin}/users`);
    await waitForRows(phone);
    await phone.getByRole("button", { name: "Table settings" }).click();
    await phone.getByRole("button", { name: "Reset to defaults" }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(phone, "table settings phone");
    await phone.context().close();
  });
});
