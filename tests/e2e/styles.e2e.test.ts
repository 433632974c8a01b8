// antd's styles made at build time (scripts/antd-styles.tsx, linked by vite.config.ts, kept or dropped by
// public/color-mode.js), in the built console against the reference server. With motion (the theme the
// files were made for), a first load of a list writes no antd style in the page, and every element of it
// looks exactly as when antd writes its styles itself (asking for less motion changes the theme's tokens,
// so antd does: the looks the console had before the files). A mode chosen against the OS's keeps only
// that mode's file, and looks the same too. And a first load leaves the wallet adapter's chunk alone
// until a screen that signs asks for it (src/providers/wallet.tsx).
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { consoleServer, page, signedInForThisFile } from "./support/session.ts";
import { settled, waitForRows } from "./support/screens.ts";
import { createTestWallet } from "./support/test-wallet.ts";

const admin = createTestWallet("E2E Styles Admin");

signedInForThisFile(admin);

interface Load {
  path: string;
  os: "light" | "dark";
  /** The colour mode the admin chose in the header, remembered across loads (none: the OS's). */
  chosen?: "light" | "dark";
}

/** The properties an admin sees: colours, type, boxes. */
const PROPERTIES = [
  "color",
  "background-color",
  "border-top-color",
  "border-bottom-width",
  "font-size",
  "font-weight",
  "line-height",
  "padding",
  "display",
  "width",
  "height",
  "border-radius",
  "box-shadow",
  "opacity",
];

async function open(target: Page, { path, os, chosen }: Load, motion: boolean) {
  await target.emulateMedia({ colorScheme: os, reducedMotion: motion ? "no-preference" : "reduce" });
  await target.goto(`${consoleServer.origin}/login`);
  await target.evaluate(
    (mode) => (mode ? localStorage.setItem("admin.colorMode", mode) : localStorage.removeItem("admin.colorMode")),
    chosen ?? null,
  );
  await target.goto(`${consoleServer.origin}${path}`);
  await waitForRows(target);
  await target.locator(".ant-table .ant-spin-blur").waitFor({ state: "detached" });
  await settled(target);
}

/** Each element of the layout, in document order, with what it looks like. */
const looks = (target: Page) =>
  target
    .locator(".ant-layout")
    .first()
    .evaluate(
      (layout, properties) =>
        [layout, ...layout.querySelectorAll("*")].map((element) => {
          const style = getComputedStyle(element);
          return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""} ${properties.map((name) => style.getPropertyValue(name)).join(" | ")}`;
        }),
      PROPERTIES,
    );

/** The components whose styles antd wrote in the page (the first class each `<style>` styles). */
const writtenByAntd = (target: Page) =>
  target.evaluate(() =>
    [...document.querySelectorAll("style[data-css-hash]")].flatMap((style) => style.textContent?.match(/\.ant-[a-z-]+/)?.[0] ?? []),
  );

/** The first element whose looks differ, with both, or null when every element looks the same. */
function firstDifference(expected: string[], actual: string[]): string | null {
  if (expected.length !== actual.length) return `${actual.length} elements against ${expected.length}`;
  const index = expected.findIndex((line, i) => line !== actual[i]);
  return index === -1 ? null : `element ${index}:\n  antd writing: ${expected[index]}\n  build's file: ${actual[index]}`;
}

describe("antd's styles made at build time", () => {
  for (const load of [
    { path: "/orders", os: "light" },
    { path: "/users", os: "dark" },
    { path: "/products", os: "light" },
    { path: "/shops", os: "dark" },
    { path: "/tokens", os: "light" },
  ] satisfies Load[]) {
    it(`${load.path} with the OS ${load.os}: writes no antd style, and looks as when antd writes them`, async () => {
      await open(page, load, false);
      const written = await looks(page);
      expect(await writtenByAntd(page), "antd writes its styles when the page asks for less motion").not.toEqual([]);

      await open(page, load, true);
      expect(await writtenByAntd(page), "styles antd wrote though the build's file should have them").toEqual([]);
      expect(firstDifference(written, await looks(page))).toBeNull();
    });
  }

  // Whether the chosen mode's file, asked for late, comes before antd looks for it depends on the
  // network; either way nothing may look different.
  it("a mode chosen against the OS's keeps only that mode's file, and looks as when antd writes its styles", async () => {
    const load: Load = { path: "/orders", os: "light", chosen: "dark" };
    await open(page, load, false);
    const written = await looks(page);

    await open(page, load, true);
    expect(
      await page.locator("link[data-antd-styles]").evaluateAll((links) => links.map((link) => link.getAttribute("data-antd-styles"))),
    ).toEqual(["dark"]);
    expect(firstDifference(written, await looks(page))).toBeNull();
    await page.evaluate(() => localStorage.removeItem("admin.colorMode"));
  });
});

describe("the wallet adapter on a first load", () => {
  it("is not fetched by a signed-in list, and is by the screen that signs with the wallet", async () => {
    const fetched: string[] = [];
    const listen = (request: { url(): string }) => void (request.url().includes("/wallet-engine-") && fetched.push(request.url()));
    // `open` passes by /login (to set the mode), which may still ask for the adapter as it is left:
    // the list is then loaded again, with only its own requests counted.
    await open(page, { path: "/orders", os: "light" }, true);
    page.on("request", listen);
    try {
      await page.goto(`${consoleServer.origin}/orders`);
      await waitForRows(page);
      await settled(page);
      expect(fetched, "the adapter's chunk fetched by a list").toEqual([]);

      await page.goto(`${consoleServer.origin}/login`);
      await expect.poll(() => fetched.length, { message: "the login page asks for the adapter" }).toBeGreaterThan(0);
    } finally {
      page.off("request", listen);
    }
  });
});
