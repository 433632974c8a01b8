// Shared browser steps: sign in through the real wallet modal, save screenshots to look at.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import type { TestWallet } from "./test-wallet.ts";
import { newContext } from "./browser.ts";
import { DEMO_WALLET_LABEL } from "../../../server/demo-wallet.ts";

export const SCREENSHOT_DIR = join(process.cwd(), "test-results", "e2e");

/**
 * Screenshots are for people to look at, not assertions: PNG captures of whole pages are a good part
 * of the browser suite's CPU, so `npm test` takes them only when asked (E2E_SCREENSHOTS=1, which
 * `npm run test:e2e:screens` sets).
 */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS === "1";

/** The two sizes every screen is checked at. */
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/**
 * The open antd dialog holding `text`, once it has stopped moving: a click while it zooms in lands
 * where its button is scaled from (the pages ask for less motion; this holds either way).
 */
export async function openDialog(target: Page, text: string): Promise<Locator> {
  const dialog = target.locator(".ant-modal:not(.ant-zoom)", { hasText: text });
  await dialog.waitFor();
  return dialog;
}

/** A full-page PNG of the settled screen (no dialog half faded in), when screenshots are asked for. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  if (!SCREENSHOTS) return path;
  await settled(page);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * Waits for antd's open/close motions and any other finite animation to end, so a screenshot or an
 * axe check sees the settled screen, not a half-transparent fade-in. Spinners loop forever and are
 * ignored; a motion still running after 5 s is left to the caller's own assertions.
 */
export async function settled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        !document.querySelector(".ant-zoom-appear, .ant-zoom-enter, .ant-zoom-leave, .ant-fade-appear, .ant-fade-enter, .ant-fade-leave") &&
        document
          .getAnimations()
          .every((animation) => animation.playState !== "running" || animation.effect?.getComputedTiming().endTime === Infinity),
      null,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

export async function openWithWallet(
  browser: Browser,
  wallet: TestWallet,
  viewport = DESKTOP,
  /** The OS's light or dark preference the page sees (Chromium's own default: light). */
  colorScheme: "light" | "dark" = "light",
): Promise<Page> {
  // Less motion, as an admin can ask of their system: a click never lands on a dialog still zooming in.
  const context = await newContext(browser, { viewport, reducedMotion: "reduce", colorScheme });
  await context.addInitScript(wallet.initScript);
  await context.addInitScript(recordPolicyViolations);
  return context.newPage();
}

/** Keeps what the page's Content-Security-Policy blocked, as the browser reports it to the page. */
function recordPolicyViolations() {
  const seen: string[] = [];
  Object.defineProperty(window, "__policyViolations", { value: seen });
  document.addEventListener("securitypolicyviolation", (event) => {
    seen.push(`${event.effectiveDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`);
  });
}

/** Nothing the console ran since the page loaded was blocked by its CSP (Lighthouse counts each one). */
export async function expectNoPolicyViolations(page: Page, where: string): Promise<void> {
  const violations = await page.evaluate(() => (window as unknown as { __policyViolations?: string[] }).__policyViolations ?? []);
  expect(violations, where).toEqual([]);
}

/**
 * Login page → wallet modal → pick the wallet → Connect (auto-connect is off); once the
 * wallet is connected the console signs in by itself.
 */
export async function chooseWallet(page: Page, origin: string, wallet: TestWallet): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.getByRole("button", { name: "Select Wallet" }).click();
  await page.getByText("Connect a wallet on Solana to continue").waitFor();
  // Every test server is a local one, which offers its demo wallet. The list opens with it, unless
  // the machine is so busy that its registration takes longer than DEMO_WALLET_WAIT_MS: then it
  // joins the open list, moving the entries, and must be there before one is clicked.
  await page.getByRole("button", { name: new RegExp(DEMO_WALLET_LABEL) }).waitFor();
  await page.getByRole("button", { name: new RegExp(wallet.name) }).click();
  // The button's accessible name starts with the wallet icon's alt text.
  await page
    .getByRole("button", { name: /Connect$/ })
    .click()
    .catch(async (error: Error) => {
      throw new Error(`${error.message}\n${await walletState(page)}`, { cause: error });
    });
}

/**
 * What the page showed of the wallet when a sign-in step failed: its buttons, and the wallet modal
 * with the wallets it lists. It found why the Connect button once never came: the demo wallet was
 * listed under the open modal, whose entries moved, so the click meant for the test wallet landed
 * between two (the list now opens with the demo wallet in it: src/providers/wallet.tsx).
 */
async function walletState(page: Page): Promise<string> {
  const state = await page
    .evaluate(() => ({
      url: location.href,
      buttons: [...document.querySelectorAll("button")].map((button) => button.textContent?.trim()),
      modal: document.querySelector(".wallet-adapter-modal")?.className ?? "none",
      listed: [...document.querySelectorAll(".wallet-adapter-modal-list button")].map((button) => button.textContent?.trim()),
      remembered: Object.entries(localStorage).filter(([key]) => /wallet/i.test(key)),
    }))
    .catch((error: Error) => ({ unreadable: error.message }));
  return `The page's wallet state: ${JSON.stringify(state)}`;
}

export async function signIn(page: Page, origin: string, wallet: TestWallet): Promise<void> {
  await chooseWallet(page, origin, wallet);
  await page.waitForURL(`${origin}/`);
}

/**
 * Picks `optionText` in the antd select named `selectName` (inside `scope`, the page by default).
 * antd's combobox input is transparent: the select around it takes the click.
 */
export async function chooseOption(page: Page, selectName: string, optionText: string, scope: Page | Locator = page): Promise<void> {
  // `has` is matched inside each select: a locator from the page, not from `scope`.
  await scope.locator(".ant-select", { has: page.getByRole("combobox", { name: selectName }) }).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${optionText}"]`).click();
}

/** A table row by its record id (antd writes the row key as `data-row-key`). */
export const row = (page: Page, id: string): Locator => page.locator(`tr[data-row-key="${id}"]`);

/** A button in a record's row, by its accessible name (the row actions name their record). */
export const rowButton = (page: Page, id: string, name: string | RegExp): Locator => row(page, id).getByRole("button", { name });

/**
 * A list's rows once its table has drawn all of the page's: a list draws a screenful first and the
 * rest right after, and says it is busy until then (ListTable's aria-busy).
 */
const DRAWN_LIST = '.kit-list-table:not([aria-busy="true"])';

/** Waits for a list's rows, all of its page's. */
export const waitForRows = (page: Page): Promise<void> => page.locator(`${DRAWN_LIST} .ant-table-tbody tr[data-row-key]`).first().waitFor();

/** The record ids of the rows a list shows, top to bottom, once it has drawn them all. */
export async function rowKeys(page: Page): Promise<(string | null)[]> {
  await page.locator(DRAWN_LIST).first().waitFor();
  return page
    .locator(".ant-table-tbody tr[data-row-key]")
    .evaluateAll((rows) => rows.map((element) => element.getAttribute("data-row-key")));
}
