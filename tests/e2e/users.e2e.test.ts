// User Management in the built console against the reference server: the seeded users load and are
// searched by email and wallet, a
// role filter and page 2 chosen in the UI make a URL that reopens as the same view, a user is
// edited and another deactivated with a reason (both still there after a reload, the reason in the
// History), and the screen passes axe at desktop and phone sizes. Screenshots go to
// test-results/e2e/ to be looked at.
import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { UserRole } from "../../contract/index.ts";
import type { Page } from "playwright-core";
import { browser, consoleServer, db, openList, page, signedInForThisFile, storedRow } from "./support/session.ts";
import {
  chooseOption,
  openWithWallet,
  screenshot,
  signIn,
  PHONE,
  settled,
  row,
  rowButton,
  rowKeys,
  waitForRows,
} from "./support/screens.ts";
import { expectAccessible } from "./support/axe.ts";
import { createTestWallet } from "./support/test-wallet.ts";

const admin = createTestWallet("E2E Users Admin");
const PAGE_SIZE = 20;

signedInForThisFile(admin);

/** Users as GET /users pages them (newest first), optionally only one role. */
async function usersInOrder(role?: UserRole) {
  let query = db().selectFrom("users").selectAll();
  if (role) query = query.where("role", "=", role);
  return query.orderBy(sql`rowid`, "desc").execute();
}

const openUsers = (target: Page, path = "/users") => openList(target, path, "User Management");

async function selectedText(target: Page, selectName: string) {
  return target
    .locator(".ant-select", { has: target.getByRole("combobox", { name: selectName }) })
    .locator(".ant-select-selection-item")
    .innerText();
}

const nameOf = (user: { displayName: string | null; publicKey: string }) => user.displayName || user.publicKey;

describe("User Management in the browser", () => {
  it("loads the seeded users, page 1 of the API's pages", async () => {
    await openUsers(page);
    const all = await usersInOrder();
    const expected = all.slice(0, PAGE_SIZE);
    expect(await rowKeys(page)).toEqual(expected.map((user) => user.id));
    const first = expected[0];
    const firstRow = await row(page, first.id).innerText();
    expect(firstRow).toContain(first.displayName ?? "No Name");
    expect(firstRow).toContain(first.contactInfo ?? "No Email");
    expect(firstRow).toContain(`${first.publicKey.slice(0, 8)}...`);
    await page.getByText(`Page 1 of ${Math.ceil(all.length / PAGE_SIZE)}`).waitFor();

    await expectAccessible(page, "users desktop");
    await screenshot(page, "users-desktop");

    // The SPEC's search, by email and by part of a wallet; the other filters wait meanwhile.
    const search = page.getByRole("textbox", { name: "Search users" });
    const target = all.find((user) => user.contactInfo)!;
    await search.fill(target.contactInfo!);
    await expect.poll(() => rowKeys(page)).toContain(target.id);
    await expect.poll(() => page.getByRole("combobox", { name: "Role" }).isDisabled()).toBe(true);
    const part = target.publicKey.slice(4, 14);
    await search.fill(part);
    const byWallet = all.filter(
      (user) =>
        user.publicKey.toLowerCase().includes(part.toLowerCase()) ||
        user.displayName?.toLowerCase().includes(part.toLowerCase()) ||
        user.contactInfo?.toLowerCase().includes(part.toLowerCase()),
    );
    await expect.poll(() => rowKeys(page)).toEqual(byWallet.slice(0, PAGE_SIZE).map((user) => user.id));
    await screenshot(page, "users-searched");
  });

  it("filters by role, goes to page 2, and that URL opened fresh shows the same view", async () => {
    await openUsers(page);
    const members = await usersInOrder("USER");
    const pages = Math.ceil(members.length / PAGE_SIZE);
    expect(pages).toBeGreaterThan(1);

    await chooseOption(page, "Role", "User");
    await page.getByText(`Page 1 of ${pages}`).waitFor();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText(`Page 2 of ${pages}`).waitFor();
    const pageTwo = members.slice(PAGE_SIZE, 2 * PAGE_SIZE).map((user) => user.id);
    await expect.poll(() => rowKeys(page)).toEqual(pageTwo);
    const url = page.url();
    expect(new URL(url).search).toContain("currentPage=2");

    // Another tab of the same admin opens the shared link.
    const fresh = await page.context().newPage();
    await openUsers(fresh, url.slice(consoleServer.origin.length));
    await fresh.getByText(`Page 2 of ${pages}`).waitFor();
    expect(await rowKeys(fresh)).toEqual(pageTwo);
    expect(await selectedText(fresh, "Role")).toBe("User");
    expect(await selectedText(fresh, "Verified")).toBe("All");
    expect(await selectedText(fresh, "Status")).toBe("All");
    await screenshot(fresh, "users-filtered-page2");
    await fresh.close();
  });

  it("edits a user's display name, and it is still there after a reload", async () => {
    await openUsers(page);
    const target = (await usersInOrder()).slice(0, PAGE_SIZE).find((user) => user.role === "USER" && !user.disabled)!;
    await rowButton(page, target.id, `Edit ${nameOf(target)}`).click();
    const modal = page.getByRole("dialog", { name: "Edit User" });
    await expect.poll(() => modal.getByLabel("Public Key").inputValue()).toBe(target.publicKey);
    expect(await modal.getByLabel("Display Name").inputValue()).toBe(target.displayName ?? "");
    await modal.getByLabel("Display Name").fill("E2E Edited Name");
    await settled(page);
    await screenshot(page, "users-edit-desktop");
    await expectAccessible(page, "users edit modal desktop");
    await modal.getByRole("button", { name: "Save" }).click();
    await modal.waitFor({ state: "hidden" });

    await page.reload();
    await row(page, target.id).getByText("E2E Edited Name", { exact: true }).waitFor();
    const stored = await db().selectFrom("users").selectAll().where("id", "=", target.id).executeTakeFirstOrThrow();
    expect(stored.displayName).toBe("E2E Edited Name");
    // Nothing else changed.
    expect({ ...stored, displayName: target.displayName, updatedAt: target.updatedAt }).toEqual(target);
  });

  it("deactivates another user with a reason: Disabled after a reload, the reason in the History", async () => {
    // From the dashboard, so its counts are in the console's cache before the change.
    await page.goto(`${consoleServer.origin}/`);
    const disabledCard = page.getByRole("region", { name: "Disabled Users" }).locator(".stat-card__value");
    const before = await disabledCard.innerText();
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Users" }).click();
    await page.getByRole("heading", { name: "User Management", level: 1 }).waitFor();
    await waitForRows(page);

    const target = (await usersInOrder())
      .slice(0, PAGE_SIZE)
      .filter((user) => user.role === "USER" && !user.disabled && user.displayName !== "E2E Edited Name")[1];
    const name = nameOf(target);
    await rowButton(page, target.id, `Deactivate ${name}`).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText(`Are you sure you want to deactivate ${name}?`, { exact: true }).waitFor();
    await dialog.getByRole("button", { name: "OK" }).click();
    await dialog.getByLabel("Reason for deactivation (required):").fill("E2E: spam listings");
    await settled(page);
    await screenshot(page, "users-deactivate-reason-desktop");
    await dialog.getByRole("button", { name: "Deactivate" }).click();
    await row(page, target.id).getByText("Disabled", { exact: true }).waitFor();

    // Back (no sidebar hover, so no preloading): the dashboard reads its counts again.
    const disabled = await db()
      .selectFrom("users")
      .select(({ fn }) => fn.countAll<number>().as("n"))
      .where("disabled", "=", 1)
      .executeTakeFirstOrThrow();
    expect(Number(disabled.n).toLocaleString("en-US")).not.toBe(before);
    await page.goBack();
    await expect.poll(() => disabledCard.innerText()).toBe(Number(disabled.n).toLocaleString("en-US"));

    await openUsers(page);
    await row(page, target.id).getByText("Disabled", { exact: true }).waitFor();
    expect(await rowButton(page, target.id, `Deactivate ${name}`).count()).toBe(0);
    const stored = await storedRow("users", target.id, ["disabled", "deactivationReason"]);
    expect(stored).toEqual({ disabled: 1, deactivationReason: "E2E: spam listings" });

    await rowButton(page, target.id, `Edit ${name}`).click();
    const modal = page.getByRole("dialog", { name: "Edit User" });
    await modal.getByText("Reason: E2E: spam listings").waitFor();
    expect(await modal.getByRole("switch", { name: "Disabled" }).getAttribute("aria-checked")).toBe("true");
    await settled(page);
    await screenshot(page, "users-history-desktop");
    await modal.getByRole("button", { name: "Cancel" }).click();
    await modal.waitFor({ state: "hidden" });
  });

  it("fits a phone: secondary columns hidden, table scrolls, modal and prompt inside 390 px", async () => {
    const phone = await openWithWallet(browser, admin, PHONE);
    await signIn(phone, consoleServer.origin, admin);
    await openUsers(phone);
    const headers = await phone.locator(".ant-table-thead th").allInnerTexts();
    // First the bulk actions' selection column (a checkbox, no text).
    expect(headers.map((text) => text.trim())).toEqual(["", "User", "Public Key", "Active", "Actions"]);
    // Nothing pushes the page itself sideways: the table scrolls inside its own box.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(phone, "users phone");
    await screenshot(phone, "users-phone");

    const target = (await usersInOrder()).slice(0, PAGE_SIZE).find((user) => !user.disabled)!;
    await rowButton(phone, target.id, `Edit ${nameOf(target)}`).click();
    const modal = phone.getByRole("dialog", { name: "Edit User" });
    await expect.poll(() => modal.getByLabel("Public Key").inputValue()).toBe(target.publicKey);
    const box = (await modal.locator(".ant-modal-content").boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(phone, "users edit modal phone");
    await settled(phone);
    await screenshot(phone, "users-edit-phone");
    await modal.getByRole("button", { name: "Cancel" }).click();
    await modal.waitFor({ state: "hidden" });

    await rowButton(phone, target.id, `Deactivate ${nameOf(target)}`).click();
    const dialog = phone.getByRole("dialog");
    await dialog.getByText(`Are you sure you want to deactivate ${nameOf(target)}?`, { exact: true }).waitFor();
    await settled(phone);
    await screenshot(phone, "users-deactivate-confirm-phone");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await phone.context().close();
  });
});
