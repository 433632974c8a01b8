// Bulk actions in the built console against the reference server: two users selected ("2 selected")
// and deactivated with one reason (both disabled in the database, one audit entry each, as if done
// one by one), two products featured, and the bar, the prompts and the summary at desktop and at
// 390×844, each passing axe.
import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { browser, consoleServer, db, openList, page, signedInForThisFile } from "./support/session.ts";
import { openWithWallet, screenshot, settled, signIn, PHONE, row, rowKeys } from "./support/screens.ts";
import { expectAccessible } from "./support/axe.ts";
import { createTestWallet } from "./support/test-wallet.ts";

const admin = createTestWallet("E2E Bulk Admin");

signedInForThisFile(admin);

/** Two active users of the page shown, neither the admin signed in. */
async function twoActiveUsersShown(target: Page) {
  const shown = (await rowKeys(target)) as string[];
  const users = await db().selectFrom("users").selectAll().where("id", "in", shown).execute();
  const picked = shown
    .map((id) => users.find((user) => user.id === id)!)
    .filter((user) => !user.disabled && user.publicKey !== admin.address)
    .slice(0, 2);
  expect(picked).toHaveLength(2);
  return picked;
}

/** The users list with two active users selected: them, and the bulk bar saying "2 selected". */
async function twoUsersSelected(target: Page) {
  await openList(target, "/users", "User Management");
  const picked = await twoActiveUsersShown(target);
  const bar = target.getByRole("region", { name: "Selected users" });
  for (const user of picked) await row(target, user.id).getByRole("checkbox").check();
  await expect.poll(() => bar.getByRole("status").innerText()).toBe("2 selected");
  return { picked, bar };
}

/** The bar's Deactivate: its confirmation, naming the count, passes axe at this size. */
async function askToDeactivate(target: Page, bar: Locator, size: "desktop" | "phone"): Promise<Locator> {
  await bar.getByRole("button", { name: "Deactivate" }).click();
  const dialog = target.getByRole("dialog");
  await dialog.getByText("Deactivate 2 users?", { exact: true }).waitFor();
  await expectAccessible(target, `bulk confirm ${size}`);
  return dialog;
}

describe("bulk actions in the browser", () => {
  it("deactivates two selected users with one reason: both disabled, one audit entry each", async () => {
    const { picked, bar } = await twoUsersSelected(page);
    await expectAccessible(page, "users bulk bar desktop");
    await screenshot(page, "bulk-users-bar-desktop");

    const dialog = await askToDeactivate(page, bar, "desktop");
    await dialog.getByRole("button", { name: "OK" }).click();
    await dialog.getByLabel("Reason for deactivation (required):").fill("E2E: bulk spam sweep");
    await dialog.getByRole("button", { name: "Deactivate" }).click();

    const summary = page.getByRole("dialog", { name: "Deactivate users: outcome" });
    await summary.getByText("2 done, 0 failed", { exact: true }).waitFor();
    await expectAccessible(page, "bulk summary desktop");
    await screenshot(page, "bulk-users-summary-desktop");
    await summary.getByRole("button", { name: "OK" }).click();
    await summary.waitFor({ state: "hidden" });
    await bar.waitFor({ state: "hidden" });

    const ids = picked.map((user) => user.id);
    const after = await db().selectFrom("users").select(["id", "disabled"]).where("id", "in", ids).execute();
    expect(after.map((user) => Boolean(user.disabled))).toEqual([true, true]);
    const audit = await db()
      .selectFrom("auditLog")
      .selectAll()
      .where("action", "=", "user.deactivate")
      .where("targetId", "in", ids)
      .execute();
    expect(audit.map((entry) => entry.targetId).sort()).toEqual([...ids].sort());
    expect(audit.every((entry) => entry.reason === "E2E: bulk spam sweep" && entry.adminPublicKey === admin.address)).toBe(true);
    // The table shows them disabled without a reload.
    for (const id of ids) await row(page, id).getByText("Disabled").waitFor();
  });

  it("features two selected products, each by the star's own call", async () => {
    await openList(page, "/products", "Product Management");
    const shown = (await rowKeys(page)) as string[];
    const products = await db().selectFrom("products").select(["id", "isFeatured"]).where("id", "in", shown).execute();
    const ids = shown.filter((id) => !products.find((product) => product.id === id)!.isFeatured).slice(0, 2);
    expect(ids).toHaveLength(2);

    for (const id of ids) await row(page, id).getByRole("checkbox").check();
    const bar = page.getByRole("region", { name: "Selected products" });
    await expect.poll(() => bar.getByRole("status").innerText()).toBe("2 selected");
    await bar.getByRole("button", { name: "Feature", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Feature 2 products?", { exact: true }).waitFor();
    await dialog.getByRole("button", { name: "Feature" }).click();
    const summary = page.getByRole("dialog", { name: "Feature products: outcome" });
    await summary.getByText("2 done, 0 failed", { exact: true }).waitFor();
    await summary.getByRole("button", { name: "OK" }).click();

    const after = await db().selectFrom("products").select(["id", "isFeatured"]).where("id", "in", ids).execute();
    expect(after.map((product) => Boolean(product.isFeatured))).toEqual([true, true]);
    const audit = await db()
      .selectFrom("auditLog")
      .select("targetId")
      .where("action", "=", "product.feature")
      .where("targetId", "in", ids)
      .execute();
    expect(audit.map((entry) => entry.targetId).sort()).toEqual([...ids].sort());
  });

  it("fits a phone: the bar wraps inside 390 px, the confirmation names the count, axe clean", async () => {
    const phone = await openWithWallet(browser, admin, PHONE);
    await signIn(phone, consoleServer.origin, admin);
    const { picked, bar } = await twoUsersSelected(phone);
    const box = (await bar.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(phone, "users bulk bar phone");
    await screenshot(phone, "bulk-users-bar-phone");

    const dialog = await askToDeactivate(phone, bar, "phone");
    await settled(phone);
    await screenshot(phone, "bulk-users-confirm-phone");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    // Cancelled: nothing sent, the selection kept.
    const still = await db()
      .selectFrom("users")
      .select("disabled")
      .where(
        "id",
        "in",
        picked.map((user) => user.id),
      )
      .execute();
    expect(still.map((user) => Boolean(user.disabled))).toEqual([false, false]);
    expect(await bar.getByRole("status").innerText()).toBe("2 selected");
    await phone.context().close();
  });
});
