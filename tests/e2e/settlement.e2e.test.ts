// Settlement and the marketplace's one-time initialization from the built console against `npm
// start`'s server (in-process chain, seeded escrows): the demo wallet signs a partial refund it
// previewed, and the Timeline and Settlements screens say so; the marketplace shows its
// not-initialized view, is initialized once from /marketplace (a confirmed transaction) and shows its
// Initialized view, at desktop and phone sizes with axe. In-process signatures belong to no public
// cluster, so nothing links to an explorer. A screening list reloaded with a disputed order's seller
// shows the hit on the Screening screen, where the admin acknowledges it. (Each resolution from the
// Orders screen: orders.e2e.)
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { PublicKey } from "@solana/web3.js";
import type { Locator, Page } from "playwright-core";
import { verifySolanaSignature } from "../../server/auth/signature.ts";
import { previewDisputeResolution } from "../../server/services/preview.ts";
import { settlementTotals } from "../../server/services/settlement-totals.ts";
import { configAddress } from "../../server/settlement/index.ts";
import { auditEntryOf, browser, chain, consoleServer, db, page, signedInForThisFile } from "./support/session.ts";
import { openDialog, openWithWallet, screenshot, signIn, PHONE, row, rowButton } from "./support/screens.ts";
import { expectAccessible } from "./support/axe.ts";
import { allOrdersPageOf, disputeQueue, IN_DISPUTE_URL } from "./support/orders.ts";
import { createTestWallet } from "./support/test-wallet.ts";
import { newContext } from "./support/browser.ts";
import { decimalUnits, formatAmount } from "../../src/utils/format.ts";
import { scaled, STARTUP_MS } from "../support/wait.ts";
import { listFile } from "../server/support/screening-support.ts";

const admin = createTestWallet("E2E Settlement Admin");
const CONFIRM_TEXT = "Are you sure you want to initialize the marketplace? This action can only be done once.";

// Screened against a list file the screening step rewrites (empty until then: nothing is listed).
const screeningList = listFile();
afterAll(() => screeningList.remove());

signedInForThisFile(admin, { screeningLists: screeningList.path });

describe("settlement from the console", () => {
  it("the demo wallet signs a 30% partial refund it previewed; the Timeline says so and the Settlements row is confirmed", async () => {
    const demo = consoleServer.server.ctx.demoWallet!.publicKey;
    const context = await newContext(browser, { viewport: { width: 1280, height: 900 }, reducedMotion: "reduce" });
    const admin2 = await context.newPage();
    try {
      await admin2.goto(`${consoleServer.origin}/login`);
      await admin2.getByRole("button", { name: "Select Wallet" }).click();
      await admin2.getByRole("button", { name: /Local demo admin wallet/ }).click();
      await admin2.getByRole("button", { name: /Connect$/ }).click();
      await admin2.waitForURL(`${consoleServer.origin}/`);

      // The first of the dispute queue, as In Dispute opens (the nearest deadline first).
      const [order] = await disputeQueue();
      const short = order.id.slice(0, 8);
      await admin2.goto(`${consoleServer.origin}${IN_DISPUTE_URL}`);
      await rowButton(admin2, order.id, `View details of order ${short}`).click();
      const dialog = admin2.locator(".ant-modal.order-details");
      const form = dialog.getByRole("region", { name: "Dispute Details" });
      await form.getByRole("radio", { name: /Partial Refund/ }).check();

      // The preview is the server's simulation of that very split, in the order's token.
      const preview = admin2.getByRole("region", { name: "Payout preview" });
      const expected = async (percent: number) => {
        const { payouts } = await previewDisputeResolution(consoleServer.server.ctx, order.id, {
          resolution: "PARTIAL_REFUND",
          refundPercentage: percent,
        });
        // As the console writes an amount (formatAmount's display precision).
        return payouts.map((p) => {
          const { units, decimals } = decimalUnits(p.uiAmount, 2)!;
          return `${p.party === "buyer" ? "Buyer" : "Seller"} receives\t${formatAmount(units, { symbol: p.symbol, decimals })}`;
        });
      };
      const shown = async () => (await preview.locator(".ant-descriptions-row").allInnerTexts()).slice(0, 2);
      await form.getByRole("spinbutton", { name: "Refund percentage" }).fill("30");
      const at30 = await expected(30);
      await expect.poll(shown).toEqual(at30);
      await form.getByRole("spinbutton", { name: "Refund percentage" }).fill("40");
      await expect.poll(shown).toEqual(await expected(40));
      expect(at30).not.toEqual(await expected(40));
      await form.getByRole("spinbutton", { name: "Refund percentage" }).fill("30");
      await expect.poll(shown).toEqual(at30);

      await form.getByRole("textbox", { name: "Admin Notes" }).fill("Scratched on arrival: 30% back to the buyer.");
      await form.getByRole("button", { name: "Resolve Dispute" }).click();
      const confirm = await openDialog(admin2, "Confirm dispute resolution");
      await confirm.getByRole("button", { name: "Resolve Dispute" }).click();
      await form.getByText(/^Dispute resolved successfully! Transaction: .{8}\.\.\.$/).waitFor();
      await dialog.waitFor({ state: "hidden" });
      // The outcome stays once the details have closed: a notification with the transaction, closed by hand.
      const notice = admin2.locator(".ant-notification-notice").filter({ hasText: `Order ${short}: dispute resolved` });
      await notice.getByText(/^Dispute resolved successfully! Transaction: .{8}\.\.\./).waitFor();
      await notice.locator(".ant-notification-notice-close").click();
      await notice.waitFor({ state: "detached" });

      const audit = await db().selectFrom("auditLog").selectAll().where("targetId", "=", order.id).executeTakeFirstOrThrow();
      expect(audit).toMatchObject({ adminPublicKey: demo, reason: "Scratched on arrival: 30% back to the buyer." });
      expect(audit.decisionMessage).toContain("Resolution: Partial refund: 30% to the buyer, 70% to the seller");
      expect(verifySolanaSignature(demo, audit.decisionSignature!, audit.decisionMessage!)).toBe(true);

      // The order's Timeline names the signer.
      await admin2.goto(`${consoleServer.origin}${await allOrdersPageOf(order.id)}`);
      await admin2.getByRole("button", { name: `View details of order ${short}` }).click();
      await dialog
        .getByText(`Signed by ${demo.slice(0, 8)}...`)
        .first()
        .waitFor();
      await screenshot(admin2, "settlement-signed-decision");

      // The Settlements screen shows its row confirmed.
      await admin2.goto(`${consoleServer.origin}/settlements`);
      const settlement = await db().selectFrom("settlements").selectAll().where("orderId", "=", order.id).executeTakeFirstOrThrow();
      expect(settlement).toMatchObject({ status: "confirmed", decisionSignature: audit.decisionSignature });
      await expect.poll(() => row(admin2, settlement.id).innerText()).toContain("Confirmed");

      // What each party received as the chain paid it, in the order's token; the totals paid over the
      // last 30 days count it with the rest of that token's payouts; the order id opens the order.
      const currency = { symbol: order.currencySymbol, decimals: order.currencyDecimals };
      const words = async (locator: Locator) => (await locator.innerText()).replace(/\s+/g, " ").trim();
      expect(await words(row(admin2, settlement.id).locator(".settlements-amounts"))).toBe(
        `Buyer ${formatAmount(settlement.paidBuyer, currency)} Seller ${formatAmount(settlement.paidSeller, currency)}`,
      );
      const { tokens } = await settlementTotals(consoleServer.server.ctx, { from: undefined, to: undefined });
      const paid = tokens.find((token) => token.symbol === order.currencySymbol)!;
      const totals = admin2.getByRole("region", { name: "Paid out" });
      await expect
        .poll(() => words(totals))
        .toContain(`${formatAmount(paid.total, currency)} to buyers ${formatAmount(paid.buyer, currency)}`);
      await row(admin2, settlement.id)
        .getByRole("link", { name: `Open order ${short}...` })
        .click();
      // The record link keeps the list's query string (page, filters): the path is the order's.
      await admin2.waitForURL((url) => url.pathname === `/orders/${order.id}`);
      await dialog.waitFor();
    } finally {
      await context.close();
    }
  });
});

describe("a failed payout retried from the console", () => {
  it("the demo wallet signs the payout's decision again, the retry is sent with it and confirmed, and the retry is audited signed", async () => {
    const demo = consoleServer.server.ctx.demoWallet!;
    const context = await newContext(browser, { viewport: { width: 1280, height: 900 }, reducedMotion: "reduce" });
    const admin2 = await context.newPage();
    try {
      // A dispute whose first payout failed on chain: the row failed, the order's settlement FAILED.
      const order = await db()
        .selectFrom("orders")
        .selectAll()
        .where("status", "=", "DISPUTED")
        .where("settlementStatus", "is", null)
        .orderBy(sql`rowid`, "desc")
        .limit(1)
        .executeTakeFirstOrThrow();
      const user = await db().selectFrom("users").select("id").where("publicKey", "=", demo.publicKey).executeTakeFirstOrThrow();
      const now = new Date().toISOString();
      const id = randomUUID();
      await db().updateTable("orders").set({ settlementStatus: "FAILED" }).where("id", "=", order.id).execute();
      await db()
        .insertInto("settlements")
        .values({
          id,
          orderId: order.id,
          kind: "dispute_payout",
          status: "failed",
          attempts: 1,
          lastError: "Blockhash expired before it landed",
          requestedBy: demo.publicKey,
          requestedByUserId: user.id,
          resolution: "REFUND_BUYER",
          adminNotes: "Never delivered",
          createdAt: now,
          updatedAt: now,
        })
        .execute();

      await admin2.goto(`${consoleServer.origin}/login`);
      await admin2.getByRole("button", { name: "Select Wallet" }).click();
      await admin2.getByRole("button", { name: /Local demo admin wallet/ }).click();
      await admin2.getByRole("button", { name: /Connect$/ }).click();
      await admin2.waitForURL(`${consoleServer.origin}/`);
      await admin2.goto(`${consoleServer.origin}/settlements?status=failed`);
      await rowButton(admin2, id, /^Retry settlement/).click();
      await (await openDialog(admin2, "Retry the failed dispute payout")).getByRole("button", { name: "OK" }).click();
      const reason = await openDialog(admin2, "Reason for retrying (required):");
      await reason.getByLabel("Reason for retrying (required):").fill("The cluster is back");
      await reason.getByRole("button", { name: "Retry" }).click();
      await admin2.getByText("Settlement queued again").waitFor();

      await expect
        .poll(async () => (await db().selectFrom("settlements").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status, {
          timeout: scaled(STARTUP_MS),
        })
        .toBe("confirmed");
      const retry = await auditEntryOf("settlement.retry", order.id);
      expect(retry).toMatchObject({ adminPublicKey: demo.publicKey, reason: "The cluster is back" });
      expect(retry.decisionMessage).toContain("Resolution: Refund the buyer in full");
      expect(retry.decisionMessage).toContain("Reason, as the admin wrote it:\n> Never delivered");
      expect(verifySolanaSignature(demo.publicKey, retry.decisionSignature!, retry.decisionMessage!)).toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe("screening from the console", () => {
  it("a list reloaded with a disputed order's seller shows the hit on the Screening screen; an admin acknowledges it with a reason", async () => {
    const order = await db()
      .selectFrom("orders")
      .select(["id", "sellerWalletAddress"])
      .where("status", "=", "DISPUTED")
      .orderBy("id")
      .limit(1)
      .executeTakeFirstOrThrow();
    screeningList.write([{ address: order.sellerWalletAddress, list: "OFAC SDN", entryId: "SDN-E2E", reason: "Test listing" }]);
    // What the instance's poll does: read the file, record the version, re-screen.
    await consoleServer.server.ctx.screeningWatch!.run();
    // The seller may sell in other orders too: the newest hit, first on the screen's first page.
    const hit = await db()
      .selectFrom("screeningHits")
      .select("id")
      .where("address", "=", order.sellerWalletAddress)
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirstOrThrow();

    await page.goto(`${consoleServer.origin}/screening`);
    await page.getByRole("heading", { name: "Screening", level: 1 }).waitFor();
    await expect.poll(() => row(page, hit.id).textContent()).toContain("SDN-E2E: Test listing");
    await rowButton(page, hit.id, /^Acknowledge the hit/).click();
    await (await openDialog(page, "Acknowledge that the seller wallet")).getByRole("button", { name: "OK" }).click();
    const reason = await openDialog(page, "Reason for acknowledging (required):");
    await reason.getByLabel("Reason for acknowledging (required):").fill("A namesake, cleared by compliance");
    await reason.getByRole("button", { name: "Acknowledge" }).click();
    await page.getByText("Hit acknowledged").waitFor();
    await expect.poll(() => row(page, hit.id).textContent()).toContain("Acknowledged");
    const entry = await auditEntryOf("screening.acknowledge", hit.id);
    expect(entry).toMatchObject({ adminPublicKey: admin.address, reason: "A namesake, cleared by compliance" });
  });
});

describe("Marketplace Configuration in the browser", () => {
  async function openMarketplace(target: Page) {
    await target.goto(`${consoleServer.origin}/marketplace`);
    await target.getByRole("heading", { name: "Marketplace Configuration", level: 1 }).waitFor();
    await target.getByText(/^(Not )?Initialized$/).waitFor();
  }

  it("shows the not-initialized view with Action Required and passes axe", async () => {
    await openMarketplace(page);
    await page.getByText("Not Initialized", { exact: true }).waitFor();
    await page.getByText("Marketplace must be initialized before use").waitFor();
    await page.getByText("Action Required").waitFor();
    await page.getByText("Initialization is one-time only.").waitFor();
    await expectAccessible(page, "marketplace desktop");
    await screenshot(page, "marketplace-not-initialized-desktop");

    const phone = await openWithWallet(browser, admin, PHONE);
    await signIn(phone, consoleServer.origin, admin);
    await openMarketplace(phone);
    await expectAccessible(phone, "marketplace phone");
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(phone, "marketplace-not-initialized-phone");
    await phone.context().close();
  });

  it("Initialize asks first, then initializes once on the chain and shows the Initialized view", async () => {
    const authority = consoleServer.server.ctx.demoWallet!.publicKey;
    await openMarketplace(page);
    await page.getByRole("button", { name: /Initialize Marketplace/ }).click();
    const dialog = await openDialog(page, CONFIRM_TEXT);
    await screenshot(page, "marketplace-confirm-desktop");
    await dialog.getByRole("button", { name: "Initialize", exact: true }).click();

    const success = page.getByText("Marketplace initialized successfully!");
    const failure = page.locator(".marketplace-alert.ant-alert-error");
    await success.or(failure).first().waitFor();
    await screenshot(page, "marketplace-after-initialize-desktop");
    await expect(success.isVisible()).resolves.toBe(true);

    await page.getByText("Initialized", { exact: true }).waitFor();
    await page.getByText("Marketplace is ready for escrow transactions").waitFor();
    const field = (label: string) =>
      page
        .locator(".marketplace-field", { has: page.locator("dt", { hasText: label }) })
        .locator("dd")
        .innerText();
    const configPDA = configAddress(new PublicKey(authority)).toBase58();
    await expect(field("Config Address")).resolves.toMatch(new RegExp(`^${configPDA.slice(0, 8)}.*${configPDA.slice(-8)}`));
    await expect(field("Authority Wallet")).resolves.toMatch(new RegExp(`^${authority.slice(0, 8)}.*${authority.slice(-8)}`));
    await expect(field("Dispute Resolution Limit")).resolves.toBe("7 days\n604,800 seconds");
    await expect(field("Report Threshold")).resolves.toBe("5\nNumber of reports before action");
    expect(await page.getByRole("button", { name: "Initialize Marketplace" }).count()).toBe(0);

    // The server initialized it on the chain it settles on, once.
    const config = await db().selectFrom("marketplaceConfig").selectAll().executeTakeFirstOrThrow();
    expect(config).toMatchObject({
      initialized: 1,
      authority,
      configPDA,
      disputeResolutionLimit: 604_800,
      reportThreshold: 5,
      cluster: "localnet-inprocess",
    });
    expect(await chain().ledger.signatureStatus(config.transactionSignature!)).toEqual({ state: "confirmed" });
    // Addresses on the in-process chain: shown (with copy buttons), never linked to an explorer.
    expect(await page.getByRole("link", { name: "View on Solana Explorer" }).count()).toBe(0);

    // Still initialized after a reload: the server's record, not the page's memory.
    await page.reload();
    await page.getByText("Initialized", { exact: true }).waitFor();
    await page.getByText("Number of reports before action", { exact: true }).waitFor();
    expect(await page.getByRole("button", { name: "Initialize Marketplace" }).count()).toBe(0);
    await expectAccessible(page, "marketplace initialized desktop");
    await screenshot(page, "marketplace-initialized-desktop");

    const phone = await openWithWallet(browser, admin, PHONE);
    await signIn(phone, consoleServer.origin, admin);
    await openMarketplace(phone);
    await phone.getByText("Number of reports before action", { exact: true }).waitFor();
    await expectAccessible(phone, "marketplace initialized phone");
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(phone, "marketplace-initialized-phone");
    await phone.context().close();
  });
});
