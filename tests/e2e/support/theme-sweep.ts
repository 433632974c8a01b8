// The dark-mode sweep and visual regression guard, shared by tests/e2e/theme.e2e.test.ts (desktop)
// and tests/e2e/theme-phone.e2e.test.ts (phone): see the former's opening comment.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { RESOURCES } from "../../../contract/resources/index.ts";
import { browser, consoleServer, consoleWithOptionsForThisFile } from "./session.ts";
import { expectNoPolicyViolations, openDialog, openWithWallet, PHONE, screenshot, signIn, waitForRows } from "./screens.ts";
import { expectAccessible } from "./axe.ts";
import { createTestWallet } from "./test-wallet.ts";
import { BASELINE_DESKTOP, captureViewport, differenceFromBaseline, FIXED_NOW, type LookOptions } from "./visual.ts";

// Its address is on screen (the header, the users list): the same every run.
export const admin = createTestWallet("E2E Theme Admin", { seed: "e2e theme admin" });

interface Screen {
  name: string;
  path: string;
  /** The page's h1 once it is there (any h1 when left out). */
  heading?: string;
  /** What to wait for, or do (open a dialog), before checking. */
  then?: (page: Page) => Promise<void>;
}

/** What a section's screen shows once it is there, by resource name. */
const SECTION_SCREENS: Partial<Record<string, Pick<Screen, "heading" | "then">>> = {
  dashboard: {
    heading: "Dashboard",
    then: async (page) => {
      await page.getByText("Total Users").waitFor();
      // Drawn once in view: below the cards on a phone.
      await page.locator(".dashboard-charts").scrollIntoViewIfNeeded();
      await page.locator('.dashboard-charts__grid [role="img"] canvas').first().waitFor();
    },
  },
  tokens: { heading: "Token Management", then: waitForRows },
  users: { heading: "User Management", then: waitForRows },
  products: { heading: "Product Management", then: waitForRows },
  shops: { heading: "Shop Management", then: waitForRows },
  // A fresh database has no admin action yet: the empty table is what is checked.
  activity: { heading: "Activity", then: (page) => page.locator(".ant-table").first().waitFor() },
  orders: { heading: "Order Management", then: waitForRows },
  settlements: { heading: "Settlements" },
  marketplace: { heading: "Marketplace Configuration", then: (page) => page.locator(".marketplace-state").waitFor() },
};

/** States of the screens checked besides each section's first view, and a path no screen has. */
const MORE_SCREENS: Screen[] = [
  {
    name: "product record",
    path: "/products",
    heading: "Product Management",
    then: async (page) => {
      await waitForRows(page);
      await page.locator(".ant-table-tbody tr[data-row-key] a.record-link").first().click();
      await page.locator(".ant-drawer-open .record-frame__crumbs").waitFor();
    },
  },
  {
    name: "table settings",
    path: "/users",
    heading: "User Management",
    then: async (page) => {
      await waitForRows(page);
      await page.getByRole("button", { name: "Table settings" }).click();
      await page.getByRole("button", { name: "Reset to defaults" }).waitFor();
    },
  },
  {
    name: "order details",
    path: "/orders",
    heading: "Order Management",
    then: async (page) => {
      await waitForRows(page);
      await page
        .locator(".ant-table-tbody tr[data-row-key]")
        .first()
        .getByRole("button", { name: /^View details of order/ })
        .click();
      await openDialog(page, "Order Details");
    },
  },
  { name: "not found", path: "/no-such-screen", heading: "Not Found" },
];

/**
 * Every signed-in screen checked in the dark, at both sizes: each section of the registry
 * (contract/resources/) at its route, so a new resource is checked as soon as it is declared, then
 * the states above. /login is checked signed out, below.
 */
const SCREENS: Screen[] = [...RESOURCES.map(({ name, route }) => ({ name, path: route, ...SECTION_SCREENS[name] })), ...MORE_SCREENS];

/** The colour behind `selector`: its own, or the nearest ancestor's that is not transparent. */
async function backgroundBehind(page: Page, selector: string): Promise<string> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const color = getComputedStyle(node).backgroundColor;
        if (color !== "transparent" && color !== "rgba(0, 0, 0, 0)") return color;
      }
      return getComputedStyle(document.documentElement).backgroundColor;
    });
}

/** Relative luminance (WCAG) of an rgb()/rgba() colour: 0 is black, 1 white. */
function luminance(color: string): number {
  const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
    const c = Number(part) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The signed-in screens are in the admin layout; the not-found page and /login have their own. */
const CONTENT = ".admin-content, .app-message, .login-page";

/**
 * The mode in effect: an OS change reaches the page as an event, a moment after it is made. Waited
 * for within the test's own budget (a loaded machine is slow, not wrong), then read for the message.
 */
async function themeOf(page: Page, expected: "light" | "dark"): Promise<string | null> {
  await page
    .waitForFunction((mode) => document.documentElement.dataset.theme === mode, expected, { timeout: 60_000 })
    .catch(() => undefined);
  return page.locator("html").getAttribute("data-theme");
}

async function expectDark(page: Page, where: string) {
  expect(await themeOf(page, "dark"), where).toBe("dark");
  const background = await backgroundBehind(page, CONTENT);
  expect(luminance(background), `${where}: content background ${background}`).toBeLessThan(0.05);
}

async function expectLight(page: Page, where: string) {
  expect(await themeOf(page, "light"), where).toBe("light");
  const background = await backgroundBehind(page, CONTENT);
  expect(luminance(background), `${where}: content background ${background}`).toBeGreaterThan(0.8);
}

/**
 * Opens `screen` with the OS dark. The light pass leaves the OS light: it is turned dark again once
 * the next page has replaced the screen, so the screen left behind is not repainted dark for nothing
 * (the console follows the OS live, whenever the change lands).
 */
async function open(page: Page, screen: Screen) {
  await page.goto(`${consoleServer.origin}${screen.path}`, { waitUntil: "commit" });
  await page.emulateMedia({ colorScheme: "dark" });
  const heading = page.getByRole("heading", { name: screen.heading, level: 1 });
  await (screen.heading === undefined ? heading.first() : heading).waitFor();
  await screen.then?.(page);
}

/**
 * The screen against its baselines (support/visual.ts), dark as the sweep opened it, then light: the
 * OS turned light, which "system" follows without a reload, so the light pass costs a repaint and a
 * screenshot rather than another visit. Both are compared before either is reported. The OS is left
 * light: `open` (and the toggle's test) turn it dark again.
 */
async function differencesDarkAndLight(page: Page, name: string, look?: LookOptions): Promise<string[]> {
  const darkShot = await captureViewport(page, look);
  await page.emulateMedia({ colorScheme: "light" });
  // Compared while the browser repaints.
  const dark = differenceFromBaseline(`${name}-dark`, darkShot);
  await expectLight(page, `${name}, the OS turned light`);
  const light = differenceFromBaseline(`${name}-light`, await captureViewport(page, look));
  return [dark, light].filter((difference) => difference !== null);
}

const modeButton = (page: Page, name: string) => page.getByRole("group", { name: "Colour mode" }).getByRole("button", { name });

/** Waits until the colour mode button `name` shows as the chosen one (it renders a moment after the click). */
const chosen = (page: Page, name: string) =>
  page.getByRole("group", { name: "Colour mode" }).getByRole("button", { name, pressed: true }).waitFor();

/**
 * The phone's own chrome: what a phone draws that the desktop does not (the top bar with the header's
 * buttons and the account menu). Everything else a phone shows is the desktop's screen with fewer
 * columns and narrower boxes, in the same colours: axe is run once per screen in the dark, at the
 * size that shows the most (desktop), and at the phone size on the one screen below.
 */
const PHONE_AXE_SCREEN = "dashboard";

async function toggleSwitchesAndFollowsTheOs(page: Page) {
  await page.goto(`${consoleServer.origin}/`, { waitUntil: "commit" });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.getByText("Total Users").waitFor();
  await chosen(page, "Follow the system's mode");

  await modeButton(page, "Light mode").click();
  await expectLight(page, "after choosing light");
  await chosen(page, "Light mode");
  await expectAccessible(page, "dashboard, light chosen under a dark OS");

  await page.reload();
  await page.getByText("Total Users").waitFor();
  await expectLight(page, "light, after a reload");
  await chosen(page, "Light mode");

  // The choice holds even where the antd-free shell draws the page.
  await page.goto(`${consoleServer.origin}/no-such-screen`);
  await page.getByRole("heading", { name: "Not Found", level: 1 }).waitFor();
  await expectLight(page, "not found, light chosen");

  await page.goto(`${consoleServer.origin}/`);
  await page.getByText("Total Users").waitFor();
  await modeButton(page, "Follow the system's mode").click();
  await expectDark(page, "system, the OS dark");
  // Live: the OS changing its mind changes the page, without a reload.
  await page.emulateMedia({ colorScheme: "light" });
  await expectLight(page, "system, the OS turned light");
  await page.emulateMedia({ colorScheme: "dark" });
  await expectDark(page, "system, the OS turned dark again");
}

async function dialogsAndNotificationsAreDark(page: Page) {
  await open(
    page,
    SCREENS.find((screen) => screen.name === "products")!,
  );
  const firstRow = page.locator(".ant-table-tbody tr[data-row-key]").first();

  // An in-page confirmation.
  await firstRow.getByRole("button", { name: /^(Disable|Enable) "/ }).click();
  const dialog = await openDialog(page, "Are you sure");
  const dialogBackground = await backgroundBehind(page, ".ant-modal-content");
  expect(luminance(dialogBackground), `confirm dialog background ${dialogBackground}`).toBeLessThan(0.05);
  await expectAccessible(page, "confirm dialog dark");
  await screenshot(page, "dark-confirm-desktop");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await dialog.waitFor({ state: "hidden" });

  // A notification: rendered by antd's static API, in a root of its own.
  await firstRow.getByRole("button", { name: /^Featured: / }).click();
  const notice = page.locator(".ant-notification-notice").first();
  await notice.waitFor();
  const noticeBackground = await backgroundBehind(page, ".ant-notification-notice");
  expect(luminance(noticeBackground), `notification background ${noticeBackground}`).toBeLessThan(0.05);
  await expectAccessible(page, "notification dark");
  await screenshot(page, "dark-notification-desktop");
}

// One browser context per size for the whole sweep: its page shows /login signed out, then signs
// in once and visits every screen, then the toggle (which ends where it started: "system", the OS
// dark). Each check is a test of its own, so a busy machine slows the sweep down without running
// one test past its timeout. The page's clock stands where the server's does, from before its first load.
const VIEWPORTS = { desktop: BASELINE_DESKTOP, phone: PHONE } as const;

/**
 * The sweep at one size, in the calling file (a file per size, so that the two run side by side):
 * the file's server stands still at FIXED_NOW with the theme admin and a derived demo wallet.
 */
export function darkSweep(size: keyof typeof VIEWPORTS): void {
  consoleWithOptionsForThisFile({ adminWallets: [admin.address], now: FIXED_NOW, demoWalletSeed: "e2e theme demo wallet" });
  const viewport = VIEWPORTS[size];
  describe("with the OS in dark mode", () => {
    describe(size, () => {
      let page: Page;
      beforeAll(async () => {
        page = await openWithWallet(browser, admin, viewport, "dark");
        await page.clock.setFixedTime(FIXED_NOW);
      });
      afterAll(async () => {
        await page?.context().close();
      });

      it("the sign-in page is dark, passes axe, and looks as its baselines, dark and light", async () => {
        await page.goto(`${consoleServer.origin}/login`);
        await page.getByRole("button", { name: "Select Wallet" }).waitFor();
        await expectDark(page, `login ${size}`);
        await expectAccessible(page, `login dark ${size}`);
        await expectNoPolicyViolations(page, `login ${size}`);
        await screenshot(page, `dark-login-${size}`);
        // Its backdrop's soft gradients make a 1 MB PNG per mode: flattened, the card is what is compared.
        expect(await differencesDarkAndLight(page, `login-${size}`, { style: ".login-page { background: none !important; }" })).toEqual([]);
      });

      describe("signed in", () => {
        beforeAll(async () => {
          await signIn(page, consoleServer.origin, admin);
        });

        for (const screen of SCREENS) {
          const axe = size === "desktop" || screen.name === PHONE_AXE_SCREEN;
          it(`${screen.name} is dark${axe ? ", passes axe" : ""} and looks as its baselines, dark and light`, async () => {
            await open(page, screen);
            await screenshot(page, `dark-${screen.name.replace(/ /g, "-")}-${size}`);
            await expectDark(page, `${screen.name} ${size}`);
            if (axe) await expectAccessible(page, `${screen.name} dark ${size}`);
            await expectNoPolicyViolations(page, `${screen.name} ${size}`);
            expect(await differencesDarkAndLight(page, `${screen.name.replace(/ /g, "-")}-${size}`)).toEqual([]);
          });
        }

        if (size === "desktop") {
          it("dialogs and the notifications antd's static API renders outside the layout are dark too", async () => {
            await dialogsAndNotificationsAreDark(page);
          });
        }

        it("the header's toggle switches to light, is remembered across a reload, and 'system' follows the OS again", async () => {
          await toggleSwitchesAndFollowsTheOs(page);
        });
      });
    });
  });
}
