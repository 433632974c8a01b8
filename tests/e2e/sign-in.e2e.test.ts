import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { memoTransactionProblem } from "../../server/auth/memo-transaction.ts";
import { verifyAuditSignatures } from "../../server/services/audit-verify.ts";
import { auditEntryOf, browser, consoleForThisFile, consoleServer, db } from "./support/session.ts";
import { chooseOption, chooseWallet, openDialog, openWithWallet, PHONE, rowButton, screenshot, signIn } from "./support/screens.ts";
import { disputeQueue, IN_DISPUTE_URL } from "./support/orders.ts";
import { expectAccessible } from "./support/axe.ts";
import { createTestWallet, type TestWallet } from "./support/test-wallet.ts";

const admin = createTestWallet("E2E Admin Wallet");
const stranger = createTestWallet("E2E Stranger Wallet");
const oneStepAdmin = createTestWallet("E2E One-Step Admin Wallet", { signIn: true });
const oneStepStranger = createTestWallet("E2E One-Step Stranger Wallet", { signIn: true });
const hardwareAdmin = createTestWallet("E2E Hardware Admin Wallet", { transactionsOnly: true });
// Not in ADMIN_WALLETS: an owner adds it on the Team screen.
const supportAdmin = createTestWallet("E2E Support Wallet");

consoleForThisFile(admin, oneStepAdmin, hardwareAdmin);

/** How many times the page's test wallet signed a message, and signed in with solana:signIn. */
const walletPrompts = (page: Page) =>
  page
    .evaluate(() => (window as unknown as { __testWallet: { signed: number; signedIn: number } }).__testWallet)
    .then(({ signed, signedIn }) => ({ signed, signedIn }));

/** The login page for the admin's wallet at a desktop's or a phone's size, once `text` shows: checked with axe, and shot. */
async function openLogin(size: "desktop" | "phone", text: string): Promise<Page> {
  const page = await openWithWallet(browser, admin, size === "phone" ? PHONE : undefined);
  await page.goto(`${consoleServer.origin}/login`);
  await page.getByText(text).waitFor();
  await expectAccessible(page, `login ${size}`);
  await screenshot(page, `login-${size}`);
  return page;
}

/** Signs the wallet in from the login page and waits for the dashboard. */
async function signInToDashboard(page: Page, wallet: TestWallet): Promise<void> {
  await signIn(page, consoleServer.origin, wallet);
  await page.getByText("Total Users").waitFor();
}

describe("wallet sign-in in the browser", () => {
  it("an admin wallet signs in and sees the dashboard with the seeded numbers", async () => {
    const page = await openLogin("desktop", "Connect your authorized Solana wallet to access the admin dashboard");

    await signInToDashboard(page, admin);
    // A wallet without solana:signIn: connected first, then one message signed.
    await expect(walletPrompts(page)).resolves.toEqual({ signed: 1, signedIn: 0 });

    const { db } = consoleServer.server.ctx;
    const total = await db
      .selectFrom("users")
      .select(({ fn }) => fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const admins = await db
      .selectFrom("users")
      .where("role", "=", "ADMIN")
      .select(({ fn }) => fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(total.n)).toBeGreaterThan(1);
    const card = (title: string) => page.getByRole("region", { name: title }).locator(".stat-card__value");
    await expect(card("Total Users").innerText()).resolves.toBe(Number(total.n).toLocaleString("en-US"));
    await expect(card("Admin Users").innerText()).resolves.toBe(Number(admins.n).toLocaleString("en-US"));
    await page.getByText("Welcome to Marketplace Admin").waitFor();
    await expectAccessible(page, "dashboard desktop");
    await screenshot(page, "dashboard-desktop");

    // The session survives a reload (cookie + restored store), and logout ends it on the server.
    await page.reload();
    await page.getByText("Total Users").waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    await page.context().close();
  });

  it("a wallet offering solana:signIn connects and signs in in one step, on the server's input", async () => {
    const page = await openWithWallet(browser, oneStepAdmin);
    await signInToDashboard(page, oneStepAdmin);
    await expect(walletPrompts(page)).resolves.toEqual({ signed: 0, signedIn: 1 });
    await page.context().close();
  });

  it.each([
    ["a wallet", stranger, { signed: 1, signedIn: 0 }],
    ["a wallet offering solana:signIn", oneStepStranger, { signed: 0, signedIn: 1 }],
  ])("%s that is not on the whitelist gets the 403 text and is disconnected", async (_label, wallet, prompts) => {
    const page = await openWithWallet(browser, wallet);
    await chooseWallet(page, consoleServer.origin, wallet);
    await page.getByText("Access denied. Your wallet is not authorized for admin access.").waitFor();
    await page.getByRole("button", { name: "Select Wallet" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
    await expect(walletPrompts(page)).resolves.toEqual(prompts);
    await screenshot(page, `login-denied${prompts.signedIn ? "-one-step" : ""}`);
    await page.context().close();
  });

  it("a wallet that signs only transactions signs in and signs a dispute decision, each as a never-sent memo transaction", async () => {
    const page = await openWithWallet(browser, hardwareAdmin);
    try {
      await signInToDashboard(page, hardwareAdmin);
      const prompts = () =>
        page.evaluate(() => (window as unknown as { __testWallet: { signed: number; signedTransactions: number } }).__testWallet);
      await expect(prompts()).resolves.toMatchObject({ signed: 0, signedTransactions: 1 });

      const [order] = await disputeQueue();
      const short = order.id.slice(0, 8);
      await page.goto(`${consoleServer.origin}${IN_DISPUTE_URL}`);
      await rowButton(page, order.id, `View details of order ${short}`).click();
      const form = page.locator(".ant-modal.order-details").getByRole("region", { name: "Dispute Details" });
      await form.getByRole("textbox", { name: "Admin Notes" }).fill("Never delivered: signed on a hardware wallet.");
      await form.getByRole("button", { name: "Resolve Dispute" }).click();
      const confirm = await openDialog(page, "Confirm dispute resolution");
      await confirm.getByRole("button", { name: "Resolve Dispute" }).click();
      await form.getByText(/^Dispute resolved successfully! Transaction: .{8}\.\.\.$/).waitFor();
      // Counted since the In Dispute page loaded: the decision, as one transaction, no message.
      await expect(prompts()).resolves.toMatchObject({ signed: 0, signedTransactions: 1 });

      // The audit keeps the decision with the transaction it was signed as; audit:verify holds it up.
      const audit = await auditEntryOf("order.resolve_dispute", order.id);
      expect(audit).toMatchObject({ adminPublicKey: hardwareAdmin.address, decisionTransaction: expect.any(String) });
      expect(audit.decisionMessage).toContain(`Order: ${order.id}`);
      expect(memoTransactionProblem(hardwareAdmin.address, audit.decisionTransaction!, audit.decisionMessage!)).toBeNull();
      expect((await verifyAuditSignatures(db())).failures).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it("login and dashboard fit a 390 px phone and pass axe", async () => {
    const phone = await openLogin("phone", "Only authorized wallets can access this dashboard.");
    await signInToDashboard(phone, admin);
    await expectAccessible(phone, "dashboard phone");
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(phone, "dashboard-phone");
    await phone.context().close();
  });

  it("a session that expires on the server sends the admin back to /login", async () => {
    const page = await openWithWallet(browser, admin);
    await signInToDashboard(page, admin);

    // The server ends every session of this wallet (as its idle/absolute expiry would).
    const { db } = consoleServer.server.ctx;
    await db.updateTable("sessions").set({ expiresAt: 0 }).where("publicKey", "=", admin.address).execute();

    // The admin moves on to Users; on a loaded machine a call the dashboard makes by itself (its live
    // updates, a refetch) may meet the ended session first and sign out before the link is clicked,
    // which is as right: the link is followed only while it is still on the page. A sign-out is a
    // full page load, and one that lands while the click is being made ends the call with the page.
    await page
      .evaluate(() => document.querySelector<HTMLAnchorElement>('a[href="/users"]')?.click())
      .catch((error: Error) => {
        if (!/Execution context was destroyed/.test(error.message)) throw error;
      });
    await page.waitForURL((url) => url.pathname === "/login");
    await page.getByText("Connect your authorized Solana wallet to access the admin dashboard").waitFor();
    const stored = await page.evaluate(() => window.localStorage.getItem("admin-auth-storage"));
    expect(JSON.parse(stored ?? "{}")).toMatchObject({ user: null, isAuthenticated: false });
    await page.context().close();
  });

  it("an owner adds a support admin on the Team screen, who signs in without a restart to a console that allows reading only, and is signed out once removed", async () => {
    const owner = await openWithWallet(browser, admin);
    await signInToDashboard(owner, admin);
    await owner.getByRole("link", { name: "Team" }).first().click();
    await owner.getByRole("heading", { name: "Team", level: 1 }).waitFor();
    await owner.getByRole("button", { name: "Add Admin" }).click();
    const add = await openDialog(owner, "Add Admin");
    await add.getByLabel("Wallet").fill(supportAdmin.address);
    await chooseOption(owner, "Role", "Support", add);
    await add.getByLabel("Reason").fill("Joins the support desk");
    await add.getByRole("button", { name: "Add" }).click();
    await owner.locator(".ant-notification-notice", { hasText: "Admin added" }).waitFor();
    await owner.locator(`tr[data-row-key="${supportAdmin.address}"]`).waitFor();

    // The same server, no restart: the new wallet signs in with the support role's permissions.
    const support = await openWithWallet(browser, supportAdmin);
    await signInToDashboard(support, supportAdmin);
    const sections = support.locator('nav[aria-label="Sections"]');
    await sections.locator('a[href="/tokens"]').first().waitFor();
    expect(await sections.locator('a[href="/activity"], a[href="/team"]').count()).toBe(0);
    await sections.locator('a[href="/tokens"]').first().click();
    const addToken = support.getByRole("button", { name: "Add Token" });
    await expect.poll(() => addToken.isDisabled()).toBe(true);
    expect(await addToken.getAttribute("aria-description")).toBe("Your role (Support) does not include Manage tokens");
    await expectAccessible(support, "tokens as support");

    // Removed with a reason: the support admin's next request ends the session.
    await rowButton(owner, supportAdmin.address, /^Remove /).click();
    await owner.getByRole("dialog").getByRole("button", { name: "OK" }).click();
    await owner.getByRole("dialog").getByLabel("Reason for removal (required):").fill("Left the support desk");
    await owner.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
    await owner.locator(".ant-notification-notice", { hasText: "Admin removed" }).waitFor();
    await support.getByRole("link", { name: "Users" }).first().click();
    await support.waitForURL((url) => url.pathname === "/login");
    await owner.context().close();
    await support.context().close();
  });
});
