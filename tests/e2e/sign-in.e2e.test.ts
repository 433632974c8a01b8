import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser } from "./support/browser.ts";
import { startConsoleServer, type ConsoleServer } from "./support/server.ts";
import { chooseWallet, openWithWallet, screenshot, signIn } from "./support/screens.ts";
import { createTestWallet } from "./support/test-wallet.ts";

const admin = createTestWallet("E2E Admin Wallet");
const stranger = createTestWallet("E2E Stranger Wallet");

let browser: Browser;
let consoleServer: ConsoleServer;

beforeAll(async () => {
  consoleServer = await startConsoleServer({ adminWallets: [admin.address] });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await consoleServer?.close();
});

describe("wallet sign-in in the browser", () => {
  it("an admin wallet signs in and sees the dashboard with the seeded numbers", async () => {
    const page = await openWithWallet(browser, admin);
    await page.goto(`${consoleServer.origin}/login`);
    await page.getByText("Connect your authorized Solana wallet to access the admin dashboard").waitFor();
    await screenshot(page, "login-desktop");

    await signIn(page, consoleServer.origin, admin);
    await page.getByText("Total Users").waitFor();

    const { db } = consoleServer.server.ctx;
    const total = await db.selectFrom("users").select(({ fn }) => fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
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
    await screenshot(page, "dashboard-desktop");

    // The session survives a reload (cookie + restored store), and logout ends it on the server.
    await page.reload();
    await page.getByText("Total Users").waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    await page.context().close();
  });

  it("a wallet that is not on the whitelist gets the 403 text and is disconnected", async () => {
    const page = await openWithWallet(browser, stranger);
    await chooseWallet(page, consoleServer.origin, stranger);
    await page.getByText("Access denied. Your wallet is not authorized for admin access.").waitFor();
    await page.getByRole("button", { name: "Select Wallet" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
    await screenshot(page, "login-denied");
    await page.context().close();
  });
});
