// Order Management in the built console against the reference server: the seeded orders load in
// the server's order, the In Dispute filter makes a URL that reopens as the same view and is searched by
// short id and wallet, a disputed
// order's details open with the resolve form, and each of the three resolutions submitted from the
// UI settles: the success text names the stored signature, the transaction is confirmed on the
// in-process chain, the audit keeps the signed decision, and the order shows its new status. Checked
// with axe at desktop and phone sizes; screenshots go to test-results/e2e/ to be looked at.
import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { PublicKey } from "@solana/web3.js";
import type { Locator, Page } from "playwright-core";
import { auditEntryOf, browser, chain, consoleServer, db, openList, page, signedInForThisFile } from "./support/session.ts";
import {
  chooseOption,
  openDialog,
  openWithWallet,
  screenshot,
  SCREENSHOT_DIR,
  SCREENSHOTS,
  signIn,
  PHONE,
  row,
  rowButton,
  rowKeys,
  waitForRows,
} from "./support/screens.ts";
import { expectAccessible } from "./support/axe.ts";
import { createTestWallet } from "./support/test-wallet.ts";
import { allOrdersPageOf, disputeQueue, IN_DISPUTE_URL, ordersInOrder, PAGE_SIZE } from "./support/orders.ts";

const admin = createTestWallet("E2E Orders Admin");

signedInForThisFile(admin);

const openOrders = (target: Page, path = "/orders") => openList(target, path, "Order Management");

const detailsDialog = (target: Page) => target.locator(".ant-modal.order-details");

async function openDetails(target: Page, id: string): Promise<Locator> {
  await rowButton(target, id, `View details of order ${id.slice(0, 8)}`).click();
  const dialog = detailsDialog(target);
  await dialog.getByText(`Order Details · ${id.slice(0, 8)}`).waitFor();
  return dialog;
}

/**
 * The modal as first seen, then the whole (scrolling) modal: a viewport tall enough to hold it,
 * scrolled to its top, captured as the viewport (a full-page capture would show the page behind).
 */
async function screenshotModal(target: Page, name: string) {
  await screenshot(target, name);
  if (!SCREENSHOTS) return;
  const size = target.viewportSize()!;
  await target.setViewportSize({ width: size.width, height: 4000 });
  await target.locator(".ant-modal-wrap", { has: detailsDialog(target) }).evaluate((wrap) => wrap.scrollTo(0, 0));
  const bottom = await detailsDialog(target).evaluate((element) => Math.ceil(element.getBoundingClientRect().bottom));
  await target.setViewportSize({ width: size.width, height: Math.max(size.height, bottom + 40) });
  await target.screenshot({ path: join(SCREENSHOT_DIR, `${name}-whole.png`) });
  await target.setViewportSize(size);
}

async function resolveFromUi(dialog: Locator, option: string, notes: string, percent?: number) {
  const form = dialog.getByRole("region", { name: "Dispute Details" });
  await form.getByRole("radio", { name: new RegExp(option) }).check();
  if (percent !== undefined) {
    const box = form.getByRole("spinbutton", { name: "Refund percentage" });
    await box.fill(String(percent));
    await form.getByText(`Buyer receives ${percent}% · Seller receives ${100 - percent}%`).waitFor();
  }
  await form.getByRole("textbox", { name: "Admin Notes" }).fill(notes);
  await form.getByRole("button", { name: "Resolve Dispute" }).click();
  const confirm = await openDialog(page, "Confirm dispute resolution");
  await confirm.getByRole("button", { name: "Resolve Dispute" }).click();
  await confirm.waitFor({ state: "hidden" });
  return form;
}

type Outcome = { settled: true; text: string } | { settled: false; text: string };

/**
 * Whichever the server answers: the success text or the error alert, read in the step that finds it.
 * The success text goes with the dialog 2 s later; read in a second step, a loaded machine could miss
 * it and wait for the alert that never comes.
 */
async function outcomeOf(form: Locator): Promise<Outcome> {
  const success = form.getByText(/^Dispute resolved successfully! Transaction: .{8}\.\.\.$/);
  const failure = form.locator(".ant-alert-error");
  try {
    return await success
      .or(failure)
      .first()
      .evaluate((element: HTMLElement) => ({ settled: !element.classList.contains("ant-alert-error"), text: element.innerText.trim() }));
  } catch (error) {
    await screenshot(page, "orders-resolve-no-outcome");
    throw error;
  }
}

// ---- The success path: every resolution really settles on the in-process chain ----

const RESOLVED_STATUS = { REFUND_BUYER: "REFUNDED", RELEASE_TO_SELLER: "COMPLETED", PARTIAL_REFUND: "COMPLETED" } as const;

/**
 * Settled: the text shows the signature's first 8, the server recorded the decision, the transaction
 * is confirmed on the chain the server settles on and the escrow drained, the audit entry keeps the
 * wallet's signed decision, the modal closes and the refreshed In Dispute list no longer has the
 * order, and All Orders, loaded fresh, shows its new status.
 */
async function expectSettled(
  outcome: Outcome,
  order: { id: string; escrowPDA: string | null },
  resolution: keyof typeof RESOLVED_STATUS,
  notes: string,
  refundPercentage: number,
) {
  expect(outcome.settled).toBe(true);
  const stored = await db().selectFrom("orders").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow();
  expect(outcome.text).toBe(`Dispute resolved successfully! Transaction: ${stored.settlementSignature!.slice(0, 8)}...`);
  expect(stored).toMatchObject({
    status: RESOLVED_STATUS[resolution],
    resolution,
    adminNotes: notes,
    refundPercentage,
    settlementStatus: "CONFIRMED",
  });
  expect(await chain().ledger.signatureStatus(stored.settlementSignature!)).toEqual({ state: "confirmed" });
  expect(await chain().ledger.getAccount(new PublicKey(order.escrowPDA!))).toBeNull();
  const audit = await auditEntryOf("order.resolve_dispute", order.id);
  expect(audit).toMatchObject({ adminPublicKey: admin.address, decisionSignature: expect.any(String) });
  expect(audit.decisionMessage).toContain(`Order: ${order.id}`);

  // DISPUTE_MODAL_CLOSE_MS later the modal closes and the In Dispute list has been refreshed without it.
  await detailsDialog(page).waitFor({ state: "hidden" });
  await row(page, order.id).waitFor({ state: "detached" });
  // It was the server that changed, not just the page: All Orders, loaded fresh, shows the new status.
  await openOrders(page, await allOrdersPageOf(order.id));
  await expect(row(page, order.id).innerText()).resolves.toContain(RESOLVED_STATUS[resolution]);
}

describe("Order Management in the browser", () => {
  it("lists the seeded orders, newest first, with the lists' paging", async () => {
    const orders = await ordersInOrder();
    await openOrders(page);
    expect(await rowKeys(page)).toEqual(orders.slice(0, PAGE_SIZE).map((order) => order.id));
    await page.getByText(`Page 1 of ${Math.ceil(orders.length / PAGE_SIZE)}`).waitFor();

    const first = orders[0];
    const cells = row(page, first.id).getByRole("cell");
    await expect(cells.nth(0).innerText()).resolves.toContain(first.id.slice(0, 8));
    await expect(cells.nth(3).innerText()).resolves.toContain(first.buyerWalletAddress.slice(0, 6));
    await expect(cells.nth(4).innerText()).resolves.toContain(first.sellerWalletAddress.slice(0, 6));
    await expect(cells.nth(6).innerText()).resolves.toBe(first.status);

    // Every column fits a 1280 px screen: no sideways scrolling on a laptop.
    const table = page.locator(".ant-table-content");
    expect(await table.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, "orders-list-desktop");
    await expectAccessible(page, "orders list (desktop)");
  });

  it("while it asks the API which filters it has, shows one labelled status in their place, which passes axe", async () => {
    // The assignments call held, as a slow API's first answer: the bar and the table wait for it.
    let release!: () => void;
    const answered = new Promise<void>((done) => (release = done));
    const assignments = /\/api\/v1\/admin\/orders\/assignments/;
    await page.route(assignments, async (route) => {
      await answered;
      await route.continue().catch(() => undefined);
    });
    try {
      await page.goto(`${consoleServer.origin}/orders`);
      // Under the screen's heading: the app's own loading screen, before it, is a status of that name too.
      await page.getByRole("heading", { name: "Order Management", level: 1 }).waitFor();
      await page.getByRole("status", { name: "Loading" }).waitFor();
      await expectAccessible(page, "orders while its filters settle");
    } finally {
      release();
    }
    await waitForRows(page);
    expect(await page.getByRole("status", { name: "Loading" }).count()).toBe(0);
    await page.unroute(assignments);
  });

  it("filters In Dispute from page 2, back on page 1, and the URL reopens the same view", async () => {
    // In Dispute opens as the dispute queue: the oldest dispute (the nearest deadline) first.
    const disputed = await disputeQueue();
    await openOrders(page, "/orders?currentPage=2&pageSize=20");
    await page.getByText(/^Page 2 of/).waitFor();
    await chooseOption(page, "Filter orders by status", "In Dispute");
    await page.waitForURL(/filters\[0\]\[value\]=in_dispute/);
    expect(new URL(page.url()).searchParams.get("currentPage")).toBe("1");
    await row(page, disputed[0].id).waitFor();
    expect(await rowKeys(page)).toEqual(disputed.slice(0, PAGE_SIZE).map((order) => order.id));

    const shared = page.url();
    await page.reload();
    await row(page, disputed[0].id).waitFor();
    expect(page.url()).toBe(shared);
    expect(await rowKeys(page)).toEqual(disputed.slice(0, PAGE_SIZE).map((order) => order.id));
    await expect(
      page.locator(".ant-select", { has: page.getByRole("combobox", { name: "Filter orders by status" }) }).innerText(),
    ).resolves.toBe("In Dispute");

    // Searched within the filter: by the short id the list shows, then by part of a seller's wallet.
    const search = page.getByRole("textbox", { name: "Search orders" });
    const target = disputed[1];
    await search.fill(target.id.slice(0, 8));
    await page.waitForURL(/filters\[\d\]\[field\]=search/);
    await expect.poll(() => rowKeys(page)).toEqual([target.id]);
    const part = target.sellerWalletAddress.slice(2, 12);
    await search.fill(part);
    const bySeller = disputed.filter((order) =>
      [order.buyerWalletAddress, order.sellerWalletAddress].some((wallet) => wallet.includes(part)),
    );
    await expect.poll(() => rowKeys(page)).toEqual(bySeller.slice(0, PAGE_SIZE).map((order) => order.id));
    await screenshot(page, "orders-searched");
  });

  it("the dashboard's overdue count opens the dispute queue, most overdue first; a dispute taken there is under Assigned to me", async () => {
    // This server's marketplace has no dispute resolution limit: one for this step, so disputes are overdue.
    const limit = 7 * 86_400;
    const updated = await db()
      .updateTable("marketplaceConfig")
      .set({ disputeResolutionLimit: limit })
      .where("id", "=", 1)
      .executeTakeFirst();
    const inserted = updated.numUpdatedRows === 0n;
    if (inserted) await db().insertInto("marketplaceConfig").values({ id: 1, initialized: 0, disputeResolutionLimit: limit }).execute();
    try {
      const queue = await disputeQueue();
      await page.goto(`${consoleServer.origin}/`);
      const card = page.getByRole("region", { name: "Open Disputes" });
      await card.getByRole("link", { name: / overdue$/ }).click();
      await page.waitForURL(/sorters\[0\]\[field\]=deadline/);
      await row(page, queue[0].id).waitFor();
      expect(await rowKeys(page)).toEqual(queue.slice(0, PAGE_SIZE).map((order) => order.id));
      await screenshot(page, "orders-dispute-queue");

      const dialog = await openDetails(page, queue[0].id);
      const dispute = dialog.getByRole("region", { name: "Dispute Details" });
      await dispute.getByRole("button", { name: "Assign to me" }).click();
      await dispute.getByRole("button", { name: "Release" }).waitFor();
      const stored = await db().selectFrom("orders").select("assignedTo").where("id", "=", queue[0].id).executeTakeFirstOrThrow();
      expect(stored.assignedTo).toBe(admin.address);
      await dialog.getByRole("button", { name: "Close" }).click();
      await detailsDialog(page).waitFor({ state: "hidden" });

      await chooseOption(page, "Filter orders by assignee", "Assigned to me");
      await page.waitForURL(/assignee/);
      await expect.poll(() => rowKeys(page)).toEqual([queue[0].id]);
      await screenshot(page, "orders-assigned-to-me");
    } finally {
      if (inserted) await db().deleteFrom("marketplaceConfig").where("id", "=", 1).execute();
      else await db().updateTable("marketplaceConfig").set({ disputeResolutionLimit: null }).where("id", "=", 1).execute();
    }
  });

  it("opens a disputed order's details with its sections and the resolve form", async () => {
    const [order] = await disputeQueue();
    await openOrders(page, IN_DISPUTE_URL);
    const dialog = await openDetails(page, order.id);
    for (const name of [
      "Order Status",
      "Product Information",
      "Shop Information",
      "Buyer",
      "Seller",
      "Dispute Details",
      "Blockchain Information",
      "Order Notes",
    ]) {
      await dialog.getByRole("region", { name }).waitFor();
    }
    // The escrow lives on the in-process chain: shown, but not linked to a public explorer.
    expect(order).toMatchObject({ cluster: "localnet-inprocess", escrowPDA: expect.any(String), settlementSignature: null });
    await dialog.getByRole("region", { name: "Blockchain Information" }).getByText(order.escrowPDA!).waitFor();
    expect(await dialog.getByRole("link", { name: "View on Solana Explorer" }).count()).toBe(0);
    const dispute = dialog.getByRole("region", { name: "Dispute Details" });
    await dispute.getByText(order.disputeDescription!).waitFor();
    await expect(dispute.getByRole("radio", { name: /Release to Seller/ }).isChecked()).resolves.toBe(true);
    await expect(dispute.getByRole("button", { name: "Resolve Dispute" }).isDisabled()).resolves.toBe(true);
    await dialog.getByRole("region", { name: "Buyer" }).getByText(order.buyerWalletAddress).waitFor();
    await dispute.getByRole("radio", { name: /Partial Refund/ }).check();
    await dispute.getByText("Buyer receives 50% · Seller receives 50%").waitFor();

    await screenshotModal(page, "orders-details-desktop");
    await expectAccessible(page, "order details (desktop)");
    await dialog.getByRole("button", { name: "Close" }).click();
    await detailsDialog(page).waitFor({ state: "hidden" });
  });

  it.each([
    ["RELEASE_TO_SELLER", "Release to Seller", undefined, 0],
    ["REFUND_BUYER", "Refund Buyer", undefined, 100],
    ["PARTIAL_REFUND", "Partial Refund", 30, 30],
  ] as const)("resolves a dispute with %s from the UI", async (resolution, option, percent, storedPercent) => {
    const [order] = await disputeQueue();
    await openOrders(page, IN_DISPUTE_URL);
    const dialog = await openDetails(page, order.id);
    const notes = `E2E ${resolution}: checked the evidence`;
    const form = await resolveFromUi(dialog, option, notes, percent);
    const outcome = await outcomeOf(form);
    await expectSettled(outcome, order, resolution, notes, storedPercent);
  });

  it("fits a 390 px phone: list and details, with axe", async () => {
    const phone = await openWithWallet(browser, admin, PHONE);
    await signIn(phone, consoleServer.origin, admin);
    const [order] = await disputeQueue();
    await openOrders(phone, IN_DISPUTE_URL);
    await screenshot(phone, "orders-list-phone");
    await expectAccessible(phone, "orders list (phone)");
    // Nothing wider than the screen but the table's own scroller.
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // Nor does the table scroll sideways: each dispute's status and amount are in view (its deadline
    // too, where the marketplace has a limit: this server's has none; the console test checks it).
    const sideways = await phone.evaluate(() => {
      const scroller = document.querySelector(".ant-table-content");
      return scroller ? scroller.scrollWidth - scroller.clientWidth : 0;
    });
    expect(sideways).toBeLessThanOrEqual(0);
    for (const part of [row(phone, order.id).getByText("DISPUTED"), row(phone, order.id).locator(".orders-amount")]) {
      const place = (await part.boundingBox())!;
      expect(place.x + place.width).toBeLessThanOrEqual(PHONE.width);
    }

    await rowButton(phone, order.id, `View details of order ${order.id.slice(0, 8)}`).click();
    const dialog = detailsDialog(phone);
    await dialog.getByText(`Order Details · ${order.id.slice(0, 8)}`).waitFor();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await screenshotModal(phone, "orders-details-phone");
    await expectAccessible(phone, "order details (phone)");
    await phone.context().close();
  });
});
