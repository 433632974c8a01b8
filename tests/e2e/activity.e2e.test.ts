// Activity (beyond the core API) in the built console against the reference server: audited changes
// made through the API show up behind the sidebar's "Activity" link with their reason; the action and
// date filters narrow the list and live in the URL; an entry's link opens its record; and the screen
// passes axe at desktop and phone sizes.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { browser, consoleServer, db, openList, page, signedInForThisFile } from "./support/session.ts";
import { chooseOption, DESKTOP, openWithWallet, PHONE, rowKeys, screenshot, settled, signIn } from "./support/screens.ts";
import { expectAccessible } from "./support/axe.ts";
import { createTestWallet } from "./support/test-wallet.ts";

const admin = createTestWallet("E2E Activity Admin");

signedInForThisFile(admin);

/** A call to the API as the signed-in console makes it (session cookie, XSRF header). */
async function callApi(target: Page, method: string, path: string, body?: unknown): Promise<number> {
  return target.evaluate(
    async ({ method, path, body }) => {
      const xsrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? "");
      const response = await fetch(`/api/v1${path}`, {
        method,
        headers: { "Content-Type": "application/json", "X-XSRF-TOKEN": xsrf },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return response.status;
    },
    { method, path, body },
  );
}

/** The trail's entries, newest first, as GET /admin/audit lists them. */
const entries = () => db().selectFrom("auditLog").selectAll().orderBy("id", "desc").execute();

const openActivity = (target: Page) => openList(target, "/activity", "Activity");

/** The signed-in admin's display name, as their user record has it. */
const adminName = async () =>
  (await db().selectFrom("users").select("displayName").where("publicKey", "=", admin.address).executeTakeFirst())?.displayName ?? null;

let deactivated: { id: string; displayName: string | null };

describe("Activity in the browser", () => {
  it("lists the audited changes behind the sidebar's Activity link, with the reason", async () => {
    await page.goto(`${consoleServer.origin}/`);
    const users = await db()
      .selectFrom("users")
      .select(["id", "displayName"])
      .where("role", "=", "USER")
      .where("disabled", "=", 0)
      .limit(2)
      .execute();
    deactivated = users[0];
    expect(await callApi(page, "PATCH", `/users/${users[0].id}/deactivate`, { reason: "E2E: activity check" })).toBe(200);
    expect(await callApi(page, "PATCH", `/users/${users[1].id}`, { verified: true })).toBe(200);
    const token = await db().selectFrom("tokens").select("id").limit(1).executeTakeFirstOrThrow();
    expect(await callApi(page, "PATCH", `/tokens/admin/${token.id}`, { isActive: false })).toBe(200);

    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Activity" }).click();
    await page.waitForURL(/\/activity(\?|$)/);
    await page.getByRole("heading", { name: "Activity", level: 1 }).waitFor();
    const trail = await entries();
    expect(trail.length).toBeGreaterThanOrEqual(3);
    await expect.poll(() => rowKeys(page)).toEqual(trail.slice(0, 20).map((entry) => String(entry.id)));
    const deactivation = trail.find((entry) => entry.action === "user.deactivate")!;
    const line = page.locator(`tr[data-row-key="${deactivation.id}"]`);
    expect(await line.innerText()).toContain("E2E: activity check");
    expect(await line.innerText()).toContain("Deactivated");
    // The admin by display name (their wallet in its hint), when their user record has one.
    expect(await line.innerText()).toContain((await adminName()) ?? admin.address.slice(0, 8));

    await expectAccessible(page, "activity desktop");
    await screenshot(page, "activity-desktop");
  });

  it("says what a change changed, field by field, names the admin and the record, and fits at 1440 px", async () => {
    const shop = await db().selectFrom("shops").select(["id", "name", "isActive", "isVerified"]).limit(1).executeTakeFirstOrThrow();
    expect(
      await callApi(page, "PATCH", `/admin/shops/${shop.id}`, { isActive: shop.isActive !== 1, isVerified: shop.isVerified !== 1 }),
    ).toBe(200);
    await page.setViewportSize({ width: 1440, height: 900 });
    try {
      await openActivity(page);
      const [update] = await entries();
      const row = page.locator(`tr[data-row-key="${update.id}"]`);
      const status = (active: boolean) => (active ? "Active" : "Inactive");
      const yesNo = (yes: boolean) => (yes ? "Yes" : "No");
      await expect
        .poll(() => row.getByRole("list", { name: "Changes" }).getByRole("listitem").allInnerTexts())
        .toEqual([
          `Status: ${status(shop.isActive === 1)} → ${status(shop.isActive !== 1)}`,
          `Verified: ${yesNo(shop.isVerified === 1)} → ${yesNo(shop.isVerified !== 1)}`,
        ]);
      expect(await row.getByRole("link", { name: `Shop ${shop.name}` }).getAttribute("title")).toBe(shop.id);
      const name = await adminName();
      expect(name).toBeTruthy();
      await row.getByText(name!, { exact: true }).hover();
      await expect.poll(() => page.getByRole("tooltip").innerText()).toContain(admin.address);
      // Every column, the signature's included, without scrolling sideways.
      const table = page.locator(".kit-list-table .ant-table-content");
      expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });

  it("narrows by action and by days, each filter in the URL", async () => {
    await openActivity(page);
    await chooseOption(page, "Action", "User deactivated");
    await page.waitForURL(/filters.*action.*user\.deactivate/);
    const deactivations = (await entries()).filter((entry) => entry.action === "user.deactivate");
    await expect.poll(() => rowKeys(page)).toEqual(deactivations.map((entry) => String(entry.id)));

    // A URL with days far in the past: nothing then; the range shows in the date picker.
    const before =
      "/activity?filters[0][field]=from&filters[0][operator]=eq&filters[0][value]=2001-01-01T00:00:00.000Z&filters[1][field]=to&filters[1][operator]=eq&filters[1][value]=2001-01-31T23:59:59.999Z";
    await page.goto(`${consoleServer.origin}${before}`);
    await page.getByText("No activity found").waitFor();
    expect(await page.getByPlaceholder("From date").inputValue()).toMatch(/^(2001-01-01|2000-12-31)$/);
    // Clearing the range brings every entry back.
    await page.getByPlaceholder("From date").hover();
    await page.locator(".list-filters__dates .ant-picker-clear").click();
    await expect.poll(() => rowKeys(page)).toEqual((await entries()).slice(0, 20).map((entry) => String(entry.id)));
    expect(page.url()).not.toContain("2001-01");
  });

  it("opens an entry's record from its link", async () => {
    await openActivity(page);
    const deactivation = (await entries()).find((entry) => entry.action === "user.deactivate")!;
    await page
      .locator(`tr[data-row-key="${deactivation.id}"]`)
      .getByRole("link", { name: /^User / })
      .click();
    // The record's own URL (the list under it adds its page to the query): its Edit User dialog over the list.
    await page.waitForURL((url) => url.pathname === `/users/${deactivated.id}`);
    await page.locator(".ant-modal", { hasText: "Edit User" }).getByLabel("Display Name").waitFor();
  });

  it("an owner adds a webhook endpoint on the Webhooks screen: its secret shown once, the addition in Activity", async () => {
    await page.goto(`${consoleServer.origin}/webhooks`);
    await page.getByRole("heading", { name: "Webhooks", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const form = page.getByRole("dialog", { name: "Add webhook endpoint" });
    await form.getByLabel("URL").fill("https://hooks.example.com/e2e");
    await form.getByLabel("Dispute opened").check();
    await form.getByRole("button", { name: "Add endpoint" }).click();
    const shown = page.getByRole("dialog", { name: "Endpoint added" });
    const secret = (await shown.locator("code").textContent()) ?? "";
    expect(secret).toMatch(/^whsec_/);
    const stored = await db().selectFrom("webhookEndpoints").select(["url", "secret"]).execute();
    expect(stored).toEqual([{ url: "https://hooks.example.com/e2e", secret }]);
    await shown.getByRole("button", { name: "Done" }).click();
    await page.locator("tr[data-row-key]", { hasText: "https://hooks.example.com/e2e" }).waitFor();
    expect(await page.getByText(secret).count()).toBe(0);
    await expectAccessible(page, "webhooks");

    await openActivity(page);
    await page.locator("tr[data-row-key]", { hasText: "Webhook endpoint" }).first().waitFor({ timeout: 20_000 });
  });

  it("fits a phone and passes axe there", async () => {
    const phone = await openWithWallet(browser, admin, PHONE);
    await signIn(phone, consoleServer.origin, admin);
    await openActivity(phone);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(phone, "activity phone");
    await settled(phone);
    await screenshot(phone, "activity-phone");
    await phone.context().close();
  });
});
