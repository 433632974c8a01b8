// Settlement from the built console against `npm start`'s server (in-process chain, seeded escrows):
// a seeded dispute resolved from the Orders screen shows the SPEC's success text with the first 8
// characters of the real signature, and the list then shows the order's new status; the marketplace
// is initialized once from /marketplace and shows its Initialized view. In-process signatures belong
// to no public cluster, so nothing links to an explorer.
import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import { PublicKey } from "@solana/web3.js";
import { verifySolanaSignature } from "../../server/auth/signature.ts";
import { previewDisputeResolution } from "../../server/services/preview.ts";
import { configAddress } from "../../server/settlement/index.ts";
import { browser, consoleServer, db, page, signedInForThisFile } from "./support/session.ts";
import { openDialog, screenshot, row } from "./support/screens.ts";
import { createTestWallet } from "./support/test-wallet.ts";

const admin = createTestWallet("E2E Settlement Admin");
const PAGE_SIZE = 20;

signedInForThisFile(admin);

const chain = () => consoleServer.server.ctx.settlementBackend!;

async function openOrders(query: string) {
  await page.goto(`${consoleServer.origin}/orders?${query}`);
  await page.getByRole("heading", { name: "Order Management", level: 1 }).waitFor();
  await page.locator(".ant-table-tbody tr[data-row-key]").first().waitFor();
}

/** The All Orders query of the page the server's newest-first order puts `id` on. */
async function allOrdersPageOf(id: string): Promise<string> {
  const { newer } = await db()
    .selectFrom("orders")
    .select(sql<number>`COUNT(*)`.as("newer"))
    .where(sql<boolean>`rowid > (SELECT rowid FROM orders WHERE id = ${id})`)
    .executeTakeFirstOrThrow();
  return `currentPage=${Math.floor(newer / PAGE_SIZE) + 1}&pageSize=${PAGE_SIZE}`;
}

describe("settlement from the console", () => {
  it("resolves a seeded dispute from the Orders screen; the list then shows its new status", async () => {
    // The newest seeded dispute: the first row of In Dispute, its escrow funded at start.
    const order = await db()
      .selectFrom("orders")
      .selectAll()
      .where("status", "=", "DISPUTED")
      .orderBy(sql`rowid`, "desc")
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ cluster: "localnet-inprocess", escrowPDA: expect.any(String), settlementSignature: null });
    const short = order.id.slice(0, 8);

    await openOrders("currentPage=1&pageSize=20&filters[0][field]=filter&filters[0][operator]=eq&filters[0][value]=in_dispute");
    expect(await page.locator(".ant-table-tbody tr[data-row-key]").first().getAttribute("data-row-key")).toBe(order.id);
    await row(page, order.id).getByRole("button", { name: `View details of order ${short}` }).click();
    const dialog = page.locator(".ant-modal.order-details");
    await dialog.getByText(`Order Details · ${short}`).waitFor();
    // The escrow lives on the in-process chain: shown, but not linked to a public explorer.
    await dialog.getByRole("region", { name: "Blockchain Information" }).getByText(order.escrowPDA!).waitFor();
    expect(await dialog.getByRole("link", { name: "View on Solana Explorer" }).count()).toBe(0);

    const form = dialog.getByRole("region", { name: "Dispute Details" });
    await form.getByRole("radio", { name: /Refund Buyer/ }).check();
    await form.getByRole("textbox", { name: "Admin Notes" }).fill("Parcel never arrived: full refund.");
    await form.getByRole("button", { name: "Resolve Dispute" }).click();
    const confirm = await openDialog(page, "Confirm dispute resolution");
    await confirm.getByRole("button", { name: "Resolve Dispute" }).click();

    const success = form.getByText(/^Dispute resolved successfully! Transaction: .{8}\.\.\.$/);
    await success.waitFor({ timeout: 60_000 });
    // Read at once: DISPUTE_MODAL_CLOSE_MS later the modal closes, and a loaded machine gets there
    // before the checks below are done.
    const successText = await success.innerText();
    await screenshot(page, "settlement-resolved");
    const stored = await db().selectFrom("orders").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: "REFUNDED", resolution: "REFUND_BUYER", settlementStatus: "CONFIRMED" });
    expect(successText).toBe(`Dispute resolved successfully! Transaction: ${stored.settlementSignature!.slice(0, 8)}...`);
    // A real transaction: confirmed on the chain the server settles on, the escrow drained.
    expect(await chain().ledger.signatureStatus(stored.settlementSignature!)).toEqual({ state: "confirmed" });
    expect(await chain().ledger.getAccount(new PublicKey(order.escrowPDA!))).toBeNull();
    // The server offers signed decisions: the wallet signed this one, and its audit entry keeps it.
    const audit = await db().selectFrom("auditLog").selectAll().where("targetId", "=", order.id).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ adminPublicKey: admin.address, decisionSignature: expect.any(String) });
    expect(audit.decisionMessage).toContain(`Order: ${order.id}`);

    // 2 s later the modal closes and the refreshed In Dispute list no longer has the order...
    await dialog.waitFor({ state: "hidden" });
    await row(page, order.id).waitFor({ state: "detached" });
    // ...and All Orders shows it REFUNDED, on the page the server's newest-first order puts it.
    await openOrders(await allOrdersPageOf(order.id));
    await expect(row(page, order.id).innerText()).resolves.toContain("REFUNDED");
    await screenshot(page, "settlement-order-refunded");
  });

  it("initializes the marketplace once from /marketplace, then shows the Initialized view", async () => {
    const authority = consoleServer.server.ctx.demoWallet!.publicKey;
    await page.goto(`${consoleServer.origin}/marketplace`);
    await page.getByText("Not Initialized", { exact: true }).waitFor();
    await page.getByText("Marketplace must be initialized before use").waitFor();

    await page.getByRole("button", { name: "Initialize Marketplace" }).click();
    const confirm = await openDialog(page, "This action can only be done once.");
    await confirm.getByRole("button", { name: "Initialize" }).click();
    await page.getByText("Marketplace initialized successfully!").waitFor({ timeout: 60_000 });

    await page.getByText("Initialized", { exact: true }).waitFor();
    await page.getByText("Marketplace is ready for escrow transactions").waitFor();
    const field = (label: string) => page.locator(".marketplace-field", { has: page.locator("dt", { hasText: label }) }).locator("dd").innerText();
    const configPDA = configAddress(new PublicKey(authority)).toBase58();
    await expect(field("Config Address")).resolves.toMatch(new RegExp(`^${configPDA.slice(0, 8)}.*${configPDA.slice(-8)}`));
    await expect(field("Authority Wallet")).resolves.toMatch(new RegExp(`^${authority.slice(0, 8)}.*${authority.slice(-8)}`));
    await expect(field("Dispute Resolution Limit")).resolves.toBe("7 days\n604,800 seconds");
    await expect(field("Report Threshold")).resolves.toBe("5\nNumber of reports before action");
    expect(await page.getByRole("button", { name: "Initialize Marketplace" }).count()).toBe(0);
    await screenshot(page, "settlement-marketplace-initialized");

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
    await page.getByText("Marketplace is ready for escrow transactions").waitFor();
    expect(await page.getByRole("button", { name: "Initialize Marketplace" }).count()).toBe(0);
  });

  it("the demo wallet signs a 30% partial refund it previewed; the Timeline says so and the Settlements row is confirmed", async () => {
    const demo = consoleServer.server.ctx.demoWallet!.publicKey;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: "reduce" });
    const admin2 = await context.newPage();
    try {
      await admin2.goto(`${consoleServer.origin}/login`);
      await admin2.getByRole("button", { name: "Select Wallet" }).click();
      await admin2.getByRole("button", { name: /Local demo admin wallet/ }).click();
      await admin2.getByRole("button", { name: /Connect$/ }).click();
      await admin2.waitForURL(`${consoleServer.origin}/`);

      const order = await db().selectFrom("orders").selectAll().where("status", "=", "DISPUTED").orderBy(sql`rowid`, "desc").limit(1).executeTakeFirstOrThrow();
      const short = order.id.slice(0, 8);
      await admin2.goto(`${consoleServer.origin}/orders?currentPage=1&pageSize=20&filters[0][field]=filter&filters[0][operator]=eq&filters[0][value]=in_dispute`);
      await row(admin2, order.id).getByRole("button", { name: `View details of order ${short}` }).click();
      const dialog = admin2.locator(".ant-modal.order-details");
      const form = dialog.getByRole("region", { name: "Dispute Details" });
      await form.getByRole("radio", { name: /Partial Refund/ }).check();

      // The preview is the server's simulation of that very split, in the order's token.
      const preview = admin2.getByRole("region", { name: "Payout preview" });
      const expected = async (percent: number) => {
        const { payouts } = await previewDisputeResolution(consoleServer.server.ctx, order.id, { resolution: "PARTIAL_REFUND", refundPercentage: percent });
        return payouts.map((p) => `${p.party === "buyer" ? "Buyer" : "Seller"} receives\t${p.uiAmount} ${p.symbol}`);
      };
      const shown = async () => (await preview.locator(".ant-descriptions-row").allInnerTexts()).slice(0, 2);
      await form.getByRole("spinbutton", { name: "Refund percentage" }).fill("30");
      const at30 = await expected(30);
      await expect.poll(shown, { timeout: 15_000 }).toEqual(at30);
      await form.getByRole("spinbutton", { name: "Refund percentage" }).fill("40");
      await expect.poll(shown, { timeout: 15_000 }).toEqual(await expected(40));
      expect(at30).not.toEqual(await expected(40));
      await form.getByRole("spinbutton", { name: "Refund percentage" }).fill("30");
      await expect.poll(shown, { timeout: 15_000 }).toEqual(at30);

      await form.getByRole("textbox", { name: "Admin Notes" }).fill("Scratched on arrival: 30% back to the buyer.");
      await form.getByRole("button", { name: "Resolve Dispute" }).click();
      const confirm = await openDialog(admin2, "Confirm dispute resolution");
      await confirm.getByRole("button", { name: "Resolve Dispute" }).click();
      await form.getByText(/^Dispute resolved successfully! Transaction: .{8}\.\.\.$/).waitFor({ timeout: 60_000 });
      await dialog.waitFor({ state: "hidden" });

      const audit = await db().selectFrom("auditLog").selectAll().where("targetId", "=", order.id).executeTakeFirstOrThrow();
      expect(audit).toMatchObject({ adminPublicKey: demo, reason: "Scratched on arrival: 30% back to the buyer." });
      expect(audit.decisionMessage).toContain("Resolution: Partial refund: 30% to the buyer, 70% to the seller");
      expect(verifySolanaSignature(demo, audit.decisionSignature!, audit.decisionMessage!)).toBe(true);

      // The order's Timeline names the signer.
      await admin2.goto(`${consoleServer.origin}/orders?${await allOrdersPageOf(order.id)}`);
      await admin2.getByRole("button", { name: `View details of order ${short}` }).click();
      await dialog.getByText(`Signed by ${demo.slice(0, 8)}...`).first().waitFor();
      await screenshot(admin2, "settlement-signed-decision");

      // The Settlements screen shows its row confirmed.
      await admin2.goto(`${consoleServer.origin}/settlements`);
      const settlement = await db().selectFrom("settlements").selectAll().where("orderId", "=", order.id).executeTakeFirstOrThrow();
      expect(settlement).toMatchObject({ status: "confirmed", decisionSignature: audit.decisionSignature });
      await expect.poll(() => row(admin2, settlement.id).innerText(), { timeout: 15_000 }).toContain("Confirmed");
    } finally {
      await context.close();
    }
  });
});
