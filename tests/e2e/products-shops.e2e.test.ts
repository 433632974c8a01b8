// Product and Shop Management in the built console against the reference server: the seeded lists load,
// every core API product/shop change is made from the UI and is still there after a reload, a shared
// filtered and paged shops URL restores its view, and both screens pass axe at desktop and phone sizes.
// Screenshots go to test-results/e2e/ to be looked at.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { browser, consoleServer, db, openList, page, signedInForThisFile, storedRow } from "./support/session.ts";
import { openWithWallet, screenshot, signIn, PHONE, row, rowButton, rowKeys, waitForRows } from "./support/screens.ts";
import { expectAccessible } from "./support/axe.ts";
import { createTestWallet } from "./support/test-wallet.ts";

const admin = createTestWallet("E2E Products Admin");

signedInForThisFile(admin);

/** The page-1 products, newest first, exactly as GET /admin/products orders them. */
async function firstPageProducts() {
  return db()
    .selectFrom("products")
    .selectAll()
    .where("deletedAt", "is", null)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(20)
    .execute();
}

async function answerReasonPrompt(target: Page, confirmText: string, reasonLabel: string, okText: string, reason: string) {
  const dialog = target.getByRole("dialog");
  await dialog.getByText(confirmText, { exact: true }).waitFor();
  await dialog.getByRole("button", { name: "OK" }).click();
  await dialog.getByLabel(reasonLabel).fill(reason);
  await dialog.getByRole("button", { name: okText }).click();
}

describe("Product Management in the browser", () => {
  it("loads the seeded products and the category counts", async () => {
    await openList(page, "/products", "Product Management");
    const expected = await firstPageProducts();
    const keys = await rowKeys(page);
    expect(keys).toEqual(expected.map((product) => product.id));
    await expect(row(page, expected[0].id).innerText()).resolves.toContain(expected[0].title);

    const categories = await db()
      .selectFrom("products")
      .select(["category", ({ fn }) => fn.countAll<number>().as("n")])
      .where("deletedAt", "is", null)
      .where("category", "is not", null)
      .groupBy("category")
      .execute();
    // antd's combobox input is transparent; the select around it takes the click.
    await page.locator(".ant-select", { has: page.getByRole("combobox", { name: "Category" }) }).click();
    for (const { category, n } of categories) {
      await page.locator(`.ant-select-item-option[title="${category} (${n})"]`).waitFor({ state: "attached" });
    }
    await page.keyboard.press("Escape");

    await expectAccessible(page, "products desktop");
    await screenshot(page, "products-desktop");
  });

  it("features a product, and it is still featured after a reload", async () => {
    await openList(page, "/products", "Product Management");
    const target = (await firstPageProducts()).find((product) => !product.isFeatured && product.isActive)!;
    const star = rowButton(page, target.id, `Featured: ${target.title}`);
    expect(await star.getAttribute("aria-pressed")).toBe("false");
    await star.click();
    await page.getByText(`"${target.title}" is now featured`).waitFor();

    await page.reload();
    await row(page, target.id).waitFor();
    expect(await rowButton(page, target.id, `Featured: ${target.title}`).getAttribute("aria-pressed")).toBe("true");
    const stored = await db().selectFrom("products").select("isFeatured").where("id", "=", target.id).executeTakeFirstOrThrow();
    expect(stored.isFeatured).toBe(1);
  });

  it("disables a product with a reason, and it is still inactive after a reload", async () => {
    await openList(page, "/products", "Product Management");
    const target = (await firstPageProducts()).filter((product) => product.isActive)[1];
    await rowButton(page, target.id, `Disable "${target.title}"`).click();
    await screenshot(page, "products-disable-confirm");
    await answerReasonPrompt(
      page,
      `Are you sure you want to disable "${target.title}"?`,
      "Reason for disabling (required):",
      "Disable",
      "E2E: listing under review",
    );
    await page.getByText(`"${target.title}" is now inactive`).waitFor();

    await page.reload();
    await row(page, target.id).getByText("Inactive", { exact: true }).waitFor();
    await rowButton(page, target.id, `Enable "${target.title}"`).waitFor();
    const stored = await storedRow("products", target.id, ["isActive", "statusReason"]);
    expect(stored).toEqual({ isActive: 0, statusReason: "E2E: listing under review" });
  });

  it("deletes a product with a reason, it is gone after a reload, and is restored with a reason from Deleted", async () => {
    await openList(page, "/products", "Product Management");
    const target = (await firstPageProducts())[2];
    await rowButton(page, target.id, `Delete "${target.title}"`).click();
    await page
      .getByRole("dialog")
      .getByText(`Are you sure you want to delete "${target.title}"? This action can be reversed by an admin.`)
      .waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "OK" }).click();
    await page.getByRole("dialog").getByLabel("Reason for deletion (required):").fill("E2E: duplicate listing");
    await screenshot(page, "products-delete-reason");
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    const notice = page.locator(".ant-notification-notice").filter({ hasText: `"${target.title}" was deleted` });
    await notice.waitFor();
    await notice.getByRole("button", { name: "Undo" }).waitFor();
    await screenshot(page, "products-deleted-undo");
    await row(page, target.id).waitFor({ state: "detached" });

    await page.reload();
    await waitForRows(page);
    expect(await row(page, target.id).count()).toBe(0);
    const stored = await storedRow("products", target.id, ["deletedAt", "deleteReason"]);
    expect(stored.deletedAt).not.toBeNull();
    expect(stored.deleteReason).toBe("E2E: duplicate listing");

    // The trash (beyond the core API): the Deleted filter lists it with who, when and why; Restore asks for a reason.
    await page.locator(".ant-select", { has: page.getByRole("combobox", { name: "Show" }) }).click();
    await page.locator('.ant-select-item-option[title="Deleted"]').click();
    const trashed = row(page, target.id);
    await trashed.getByText("E2E: duplicate listing").waitFor();
    await screenshot(page, "products-deleted-filter");
    await rowButton(page, target.id, `Restore "${target.title}"`).click();
    await answerReasonPrompt(
      page,
      `Restore "${target.title}"? It is listed again as it was before its deletion.`,
      "Reason for restoring (required):",
      "Restore",
      "E2E: the duplicate was the other one",
    );
    await page.getByText(`"${target.title}" was restored`).waitFor();
    await trashed.waitFor({ state: "detached" });
    expect(await storedRow("products", target.id, ["deletedAt", "deleteReason"])).toEqual({ deletedAt: null, deleteReason: null });
    const audit = await db()
      .selectFrom("auditLog")
      .select(["reason"])
      .where("targetId", "=", target.id)
      .where("action", "=", "product.restore")
      .execute();
    expect(audit).toEqual([{ reason: "E2E: the duplicate was the other one" }]);
  });
});

/** Shops as GET /admin/shops orders them, optionally only the active ones. */
async function shopsInOrder(onlyActive = false) {
  let query = db().selectFrom("shops").selectAll();
  if (onlyActive) query = query.where("isActive", "=", 1);
  return query.orderBy("createdAt", "desc").orderBy("id", "desc").execute();
}

describe("Shop Management in the browser", () => {
  it("loads the seeded shops", async () => {
    await openList(page, "/shops", "Shop Management");
    const expected = (await shopsInOrder()).slice(0, 20);
    const keys = await rowKeys(page);
    expect(keys).toEqual(expected.map((shop) => shop.id));
    await expect(row(page, expected[0].id).innerText()).resolves.toContain(expected[0].name);
    await expectAccessible(page, "shops desktop");
    await screenshot(page, "shops-desktop");
  });

  it("edits a shop's flags, and they are kept after a reload", async () => {
    await openList(page, "/shops", "Shop Management");
    const target = (await shopsInOrder())[0];
    await rowButton(page, target.id, `Edit "${target.name}"`).click();
    const dialog = page.getByRole("dialog", { name: "Edit Shop" });
    await dialog.getByRole("switch", { name: "Verified Status" }).waitFor();
    await dialog.getByRole("heading", { name: "History" }).waitFor();
    await expectAccessible(page, "edit shop modal");
    await screenshot(page, "shops-edit-modal");

    await dialog.getByRole("switch", { name: "Verified Status" }).click();
    await dialog.getByRole("switch", { name: "Active Status" }).click();
    await dialog.getByRole("button", { name: "Update Shop" }).click();
    await dialog.waitFor({ state: "hidden" });

    await page.reload();
    await row(page, target.id).waitFor();
    const verified = target.isVerified ? "Not verified" : "Verified";
    await row(page, target.id).getByRole("img", { name: verified, exact: true }).waitFor();
    await row(page, target.id)
      .getByText(target.isActive ? "Inactive" : "Active", { exact: true })
      .waitFor();
    const stored = await db().selectFrom("shops").select(["isActive", "isVerified"]).where("id", "=", target.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ isActive: target.isActive ? 0 : 1, isVerified: target.isVerified ? 0 : 1 });

    // The edit is in the shop's history the next time it opens.
    await rowButton(page, target.id, `Edit "${target.name}"`).click();
    await dialog.locator(".kit-history__entry").first().waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
  });
});

describe("both screens on a phone (390×844)", () => {
  it("fit, hide the product count and pass axe", async () => {
    const phone = await openWithWallet(browser, admin, PHONE);
    await signIn(phone, consoleServer.origin, admin);

    await openList(phone, "/products", "Product Management");
    await expectAccessible(phone, "products phone");
    await screenshot(phone, "products-phone");

    await openList(phone, "/shops", "Shop Management");
    const headers = await phone.getByRole("columnheader").allInnerTexts();
    expect(headers).not.toContain("Products");
    await expectAccessible(phone, "shops phone");
    await screenshot(phone, "shops-phone");

    const first = (await shopsInOrder())[1];
    await rowButton(phone, first.id, `Edit "${first.name}"`).click();
    await phone.getByRole("dialog", { name: "Edit Shop" }).getByRole("switch", { name: "Active Status" }).waitFor();
    await expectAccessible(phone, "edit shop modal phone");
    await screenshot(phone, "shops-edit-modal-phone");
    await phone.context().close();
  });
});

// Last: it adds shops, and the screenshots above should show the seeded data only.
describe("a shared shops link", () => {
  it("restores a filtered, paged shops URL opened fresh", async () => {
    // The seed has a dozen shops; a second page of one filter needs more.
    const now = Date.now();
    await db()
      .insertInto("shops")
      .values(
        Array.from({ length: 27 }, (_, i) => ({
          id: `e2e-shop-${String(i).padStart(2, "0")}`,
          name: `E2E Sports Shop ${i}`,
          slug: `e2e-sports-shop-${i}`,
          logo: null,
          description: "Added by the browser test",
          category: "Sports",
          sellerId: null,
          viewCount: i,
          isActive: i % 9 === 0 ? 0 : 1,
          isVerified: i % 2,
          createdAt: new Date(now - i * 60_000).toISOString(),
          updatedAt: new Date(now - i * 60_000).toISOString(),
        })),
      )
      .execute();
    const active = (await shopsInOrder(true)).filter((shop) => shop.category === "Sports");
    expect(active.length).toBeGreaterThan(20);
    const pages = Math.ceil(active.length / 20);
    const url =
      "/shops?currentPage=2&pageSize=20" +
      "&filters[0][field]=category&filters[0][operator]=eq&filters[0][value]=Sports" +
      "&filters[1][field]=isActive&filters[1][operator]=eq&filters[1][value]=true";
    const fresh = await page.context().newPage();
    await openList(fresh, url, "Shop Management");
    await fresh.getByText(`Page 2 of ${pages}`).waitFor();
    const keys = await rowKeys(fresh);
    expect(keys).toEqual(active.slice(20, 40).map((shop) => shop.id));
    await fresh.getByRole("search").getByTitle("Sports", { exact: true }).waitFor();
    await fresh.getByRole("search").getByTitle("Active", { exact: true }).waitFor();
    await screenshot(fresh, "shops-filtered-page-2");
    await fresh.close();
  });
});
