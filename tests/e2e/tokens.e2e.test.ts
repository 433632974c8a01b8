// Token Management in the built console against the reference server: the seeded whitelist loads;
// a token is added, edited and deactivated and native SOL is initialized from the UI, each still
// there after a reload. The screen passes axe at desktop and phone sizes. Screenshots go to
// test-results/e2e/ to be looked at. (Marketplace Configuration: settlement.e2e.)
import { describe, expect, it } from "vitest";
import bs58 from "bs58";
import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { browser, consoleServer, db, openList, page, signedInForThisFile } from "./support/session.ts";
import { openWithWallet, screenshot, signIn, PHONE, row, rowKeys, waitForRows } from "./support/screens.ts";
import { expectAccessible } from "./support/axe.ts";
import { createTestWallet } from "./support/test-wallet.ts";

const admin = createTestWallet("E2E Tokens Admin");
const SOL_MINT = "So11111111111111111111111111111111111111112";

signedInForThisFile(admin);

const openTokens = (target: Page) => openList(target, "/tokens", "Token Management");

/** Page 1 of GET /tokens/admin (newest first), as the server orders it. */
async function tokensInOrder() {
  return db().selectFrom("tokens").selectAll().orderBy("createdAt", "desc").orderBy("id", "desc").limit(20).execute();
}

const tokenByMint = (mint: string) => db().selectFrom("tokens").selectAll().where("mintAddress", "=", mint).executeTakeFirst();

/** The list, Add Token, and its form filled for NEW_MINT (the logo only when given): the dialog, not yet submitted. */
async function fillNewToken(target: Page, token: { symbol: string; name: string; decimals: string; logoUrl?: string }) {
  await openTokens(target);
  await target.getByRole("button", { name: "Add Token" }).click();
  const dialog = target.getByRole("dialog", { name: "Add New Token" });
  await dialog.getByLabel("Mint Address").fill(NEW_MINT);
  await dialog.getByLabel("Symbol").fill(token.symbol);
  await dialog.getByLabel("Name").fill(token.name);
  await dialog.getByLabel("Decimals").fill(token.decimals);
  if (token.logoUrl) await dialog.getByLabel("Logo URL (optional)").fill(token.logoUrl);
  // The in-process chain holds only the seed's mints: a fresh one is added on the admin's confirmation.
  await dialog.getByRole("checkbox", { name: "Add it although the chain could not confirm this mint" }).check();
  return dialog;
}

async function setShowInactive(target: Page, on: boolean) {
  const toggle = target.getByRole("switch", { name: /Show inactive/ });
  if ((await toggle.getAttribute("aria-checked")) !== String(on)) await toggle.click();
}

// A fresh mint: any 32 random bytes in base58 is a well-formed Solana address.
const NEW_MINT = bs58.encode(randomBytes(32));

describe("Token Management in the browser", () => {
  it("loads the seeded whitelist: active tokens first, inactive ones behind 'Show inactive'", async () => {
    await openTokens(page);
    const seeded = await tokensInOrder();
    expect(seeded.some((token) => !token.isActive)).toBe(true);
    expect(await rowKeys(page)).toEqual(seeded.filter((token) => token.isActive).map((token) => token.id));
    const usdc = seeded.find((token) => token.symbol === "USDC")!;
    const text = await row(page, usdc.id).innerText();
    expect(text).toContain("USD Coin");
    expect(text).toContain(`${usdc.mintAddress.slice(0, 8)}...${usdc.mintAddress.slice(-6)}`);

    // The rows the switch and the search filter in are drawn at a deferred priority: awaited.
    await setShowInactive(page, true);
    await expect.poll(() => rowKeys(page)).toEqual(seeded.map((token) => token.id));
    const inactive = seeded.find((token) => !token.isActive)!;
    await expect(row(page, inactive.id).innerText()).resolves.toContain("Inactive");

    // The search filters the loaded rows and sends nothing.
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    await page.getByPlaceholder("Search tokens...").fill("bonk");
    await expect.poll(() => rowKeys(page)).toEqual(seeded.filter((token) => token.symbol === "BONK").map((token) => token.id));
    await page.waitForTimeout(300);
    expect(requests.filter((url) => url.includes("/api/"))).toEqual([]);
    page.removeAllListeners("request");
    await page.getByPlaceholder("Search tokens...").fill("");

    await expectAccessible(page, "tokens desktop");
    await screenshot(page, "tokens-desktop");
  });

  it("adds a token, and it is listed after a reload", async () => {
    const dialog = await fillNewToken(page, {
      symbol: "E2E",
      name: "End To End Token",
      decimals: "7",
      logoUrl: "https://example.com/e2e.png",
    });
    await screenshot(page, "tokens-add-modal-desktop");
    await dialog.getByRole("button", { name: "Create" }).click();
    await dialog.waitFor({ state: "hidden" });

    const stored = await tokenByMint(NEW_MINT);
    expect(stored).toMatchObject({
      symbol: "E2E",
      name: "End To End Token",
      decimals: 7,
      logoUrl: "https://example.com/e2e.png",
      isActive: 1,
    });
    await page.reload();
    await row(page, stored!.id).waitFor();
    await expect(row(page, stored!.id).innerText()).resolves.toContain("End To End Token");
  });

  it("says a listed mint is listed while it is typed, refuses it with the server's message and keeps the input", async () => {
    const dialog = await fillNewToken(page, { symbol: "DUP", name: "Duplicate", decimals: "6" });
    // Said while typing; Create still asks the server, whose word is final.
    await dialog.getByText("Already listed as E2E").waitFor();
    await dialog.getByRole("button", { name: "Create" }).click();
    await dialog.getByText(`A token with mint address ${NEW_MINT} is already listed (E2E)`).waitFor();
    expect(await dialog.getByLabel("Name").inputValue()).toBe("Duplicate");
    await screenshot(page, "tokens-add-conflict-desktop");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
  });

  it("edits the token, and the change is there after a reload", async () => {
    await openTokens(page);
    const token = (await tokenByMint(NEW_MINT))!;
    await row(page, token.id).getByRole("button", { name: "Edit E2E" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Token" });
    expect(await dialog.getByLabel("Mint Address").inputValue()).toBe(NEW_MINT);
    await expect(dialog.getByLabel("Mint Address").isDisabled()).resolves.toBe(true);
    expect(await dialog.getByLabel("Name").inputValue()).toBe("End To End Token");
    await dialog.getByLabel("Name").fill("End To End Token v2");
    await dialog.getByLabel("Decimals").fill("8");
    await dialog.getByRole("button", { name: "Update" }).click();
    await dialog.waitFor({ state: "hidden" });

    await page.reload();
    await row(page, token.id).waitFor();
    await expect(row(page, token.id).innerText()).resolves.toContain("End To End Token v2");
    expect(await tokenByMint(NEW_MINT)).toMatchObject({ name: "End To End Token v2", decimals: 8 });
  });

  it("deactivates and reactivates the token; each state is there after a reload", async () => {
    await openTokens(page);
    const token = (await tokenByMint(NEW_MINT))!;
    await row(page, token.id).getByRole("button", { name: "Deactivate E2E" }).click();
    // Inactive rows are hidden until 'Show inactive' is on.
    await row(page, token.id).waitFor({ state: "detached" });
    expect((await tokenByMint(NEW_MINT))!.isActive).toBe(0);

    await page.reload();
    await waitForRows(page);
    expect(await rowKeys(page)).not.toContain(token.id);
    await setShowInactive(page, true);
    await expect(row(page, token.id).innerText()).resolves.toContain("Inactive");

    await row(page, token.id).getByRole("button", { name: "Activate E2E" }).click();
    await row(page, token.id).getByRole("button", { name: "Deactivate E2E" }).waitFor();
    await page.reload();
    await row(page, token.id).waitFor();
    await expect(row(page, token.id).innerText()).resolves.toContain("Active");
    expect((await tokenByMint(NEW_MINT))!.isActive).toBe(1);
  });

  it("Init SOL lists native SOL (still there after a reload); a second click shows the server's 409 message", async () => {
    await openTokens(page);
    expect(await tokenByMint(SOL_MINT)).toBeUndefined();
    await page.getByRole("button", { name: "Init SOL" }).click();
    await page.getByText("SOL added to the token whitelist").waitFor();
    const sol = (await tokenByMint(SOL_MINT))!;
    expect(sol).toMatchObject({ symbol: "SOL", decimals: 9, isActive: 1 });
    await row(page, sol.id).waitFor();

    await page.reload();
    await row(page, sol.id).waitFor();
    await expect(row(page, sol.id).innerText()).resolves.toContain("Solana");

    await page.getByRole("button", { name: "Init SOL" }).click();
    await page.getByText("Native SOL is already initialized").waitFor();
    await screenshot(page, "tokens-init-sol-409-desktop");
  });

  it("at 390×844: the table scrolls sideways, the modal fits, and axe passes", async () => {
    const phone = await openWithWallet(browser, admin, PHONE);
    await signIn(phone, consoleServer.origin, admin);
    await openTokens(phone);
    await expectAccessible(phone, "tokens phone");
    await screenshot(phone, "tokens-phone");
    // Nothing but the table's own scroller may be wider than the screen.
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    const token = (await tokenByMint(NEW_MINT))!;
    await row(phone, token.id).getByRole("button", { name: "Edit E2E" }).click();
    const dialog = phone.getByRole("dialog", { name: "Edit Token" });
    await dialog.getByRole("button", { name: "Update" }).waitFor();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(phone, "tokens edit modal phone");
    await screenshot(phone, "tokens-edit-modal-phone");
    await phone.context().close();
  });
});
