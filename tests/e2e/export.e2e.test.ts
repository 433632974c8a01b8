// The CSV export in the built console against the reference server: the Users list saves every
// seeded user (one line each, as many as the API's total), a filtered list exactly its filtered
// rows, with the progress dialog checked by axe at desktop and phone sizes.
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import Papa from "papaparse";
import type { Page } from "playwright-core";
import { browser, consoleServer, db, openList, page, signedInForThisFile } from "./support/session.ts";
import { chooseOption, openWithWallet, screenshot, signIn, PHONE } from "./support/screens.ts";
import { expectAccessible } from "./support/axe.ts";
import { createTestWallet } from "./support/test-wallet.ts";

const admin = createTestWallet("E2E Export Admin");

signedInForThisFile(admin);

const openUsers = (target: Page) => openList(target, "/users", "User Management");

/** The API's total for GET /users with this query, asked from the page (its session cookie). */
async function apiTotal(target: Page, query = ""): Promise<number> {
  return target.evaluate(async (search) => {
    const response = await fetch(`/api/v1/users?page=1&limit=1${search}`, { credentials: "same-origin" });
    return ((await response.json()) as { data: { total: number } }).data.total;
  }, query);
}

/**
 * Holds the export's second page (GET /users?page=2&limit=100) until the returned function is
 * called, so the progress dialog can be looked at.
 */
async function holdSecondPage(target: Page): Promise<() => Promise<void>> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const matches = (url: URL) =>
    url.pathname === "/api/v1/users" && url.searchParams.get("page") === "2" && url.searchParams.get("limit") === "100";
  await target.route(
    matches,
    async (route) => {
      await gate;
      await route.continue();
    },
    { times: 1 },
  );
  return async () => release();
}

/** Clicks Export CSV and resolves the saved file's name and rows (header first). */
async function exportRows(target: Page, whileReading?: () => Promise<void>) {
  const downloaded = target.waitForEvent("download");
  await target.getByRole("button", { name: "Export CSV" }).click();
  await whileReading?.();
  const download = await downloaded;
  const bytes = await readFile((await download.path())!);
  // The byte order mark spreadsheet apps need, then RFC 4180 CSV.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = Papa.parse<string[]>(bytes.subarray(3).toString("utf8"), { skipEmptyLines: true }).data;
  return { fileName: download.suggestedFilename(), rows };
}

describe("CSV export in the browser", () => {
  it("saves every user: a header and one line per user, as many as the API's total", async () => {
    await openUsers(page);
    const release = await holdSecondPage(page);
    const total = await apiTotal(page);
    const { fileName, rows } = await exportRows(page, async () => {
      const dialog = page.getByRole("dialog", { name: "Exporting users" });
      await dialog.getByText(`Read 100 of ${total} rows`).waitFor();
      await expectAccessible(page, "export progress desktop");
      await screenshot(page, "export-progress-desktop");
      await release();
    });

    expect(fileName).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(rows[0]).toEqual(["User", "User ID", "Email", "Public Key", "Public Key (full)", "Status", "Verified", "Active"]);
    expect(total).toBeGreaterThan(100);
    expect(rows).toHaveLength(total + 1);
    const stored = await db().selectFrom("users").select(["id", "publicKey"]).execute();
    expect(new Set(rows.slice(1).map((row) => row[1]))).toEqual(new Set(stored.map((user) => user.id)));
    const keyOf = new Map(stored.map((user) => [user.id, user.publicKey]));
    expect(rows.slice(1).every((row) => row[4] === keyOf.get(row[1]) && row[3] === `${row[4].slice(0, 8)}...`)).toBe(true);
    await page.getByRole("dialog", { name: "Exporting users" }).waitFor({ state: "hidden" });
  });

  it("at 390 px, a list filtered by status saves exactly its filtered users", async () => {
    const phone = await openWithWallet(browser, admin, PHONE);
    await signIn(phone, consoleServer.origin, admin);
    await openUsers(phone);
    await chooseOption(phone, "Status", "Active");
    await phone.waitForURL(/filters/);

    const button = phone.getByRole("button", { name: "Export CSV" });
    const box = (await button.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    const release = await holdSecondPage(phone);
    const total = await apiTotal(phone, "&disabled=false");
    const { rows } = await exportRows(phone, async () => {
      const dialog = phone.getByRole("dialog", { name: "Exporting users" });
      await dialog.getByText(`Read 100 of ${total} rows`).waitFor();
      const modal = (await dialog.locator(".ant-modal-content").boundingBox())!;
      expect(modal.x).toBeGreaterThanOrEqual(0);
      expect(modal.x + modal.width).toBeLessThanOrEqual(PHONE.width);
      await expectAccessible(phone, "export progress phone");
      await screenshot(phone, "export-progress-phone");
      await release();
    });

    const active = await db().selectFrom("users").select("id").where("disabled", "=", 0).execute();
    const disabled = await db().selectFrom("users").select("id").where("disabled", "=", 1).execute();
    expect(disabled.length).toBeGreaterThan(0);
    expect(total).toBe(active.length);
    expect(rows).toHaveLength(active.length + 1);
    expect(new Set(rows.slice(1).map((row) => row[1]))).toEqual(new Set(active.map((user) => user.id)));
    expect(rows.slice(1).every((row) => row[7] === "Active")).toBe(true);
    await phone.context().close();
  });
});
