// The whole stack of adding a resource (docs/adding-a-resource.md), with the throwaway Payouts of
// tests/app/payouts/: its three lines added as a newcomer adds them (its declaration to the
// registry's list, its section to the sections list, its module to the server's modules list), then
// the real console in Chromium against the real server: the seeded payouts are listed and paged,
// filtered with the filter kept in the URL, and one is marked paid, which Activity then shows.
//
// The console is Vite's development server over the source, as `npm run dev` serves it, not the
// build (dist/) the other browser tests load: its two lines are added to registry.ts and
// src/resources/index.ts as they are served (the plugin below), which a build made once for every
// file cannot take. The server is started in this process with its modules list plus the payouts'.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { createServer, type Plugin, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESOURCE_MODULES } from "../../server/resources/index.ts";
import { startServer, type RunningServer } from "../../server/index.ts";
import { payoutsModule } from "../app/payouts/server/index.ts";
import { freePort } from "../support/free-port.ts";
import { launchBrowser } from "./support/browser.ts";
import { chooseOption, openWithWallet, row, rowButton, rowKeys, signIn } from "./support/screens.ts";
import { auditEntryOf } from "./support/session.ts";
import { createTestWallet } from "./support/test-wallet.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const admin = createTestWallet("E2E Payouts Admin");

/** `code` with the newcomer's import on top and `list` (where the entry goes) written as `listed`. */
function withLine(code: string, id: string, importLine: string, list: string | RegExp, listed: string): string {
  if (!code.match(list)) throw new Error(`${id} no longer has "${String(list).trim()}": say where the newcomer's line goes`);
  return `${importLine}\n${code.replace(list, listed)}`;
}

/** The two console lines a newcomer adds, added to the source as Vite serves it. */
function newcomersLines(): Plugin {
  return {
    name: "adding-a-resource",
    enforce: "pre",
    transform(code, id) {
      if (id.endsWith("/contract/resources/registry.ts")) {
        return withLine(
          code,
          id,
          'import { payouts } from "../../tests/app/payouts/resource.ts";',
          /,?\s*\] as const;/,
          ", payouts] as const;",
        );
      }
      if (id.endsWith("/src/resources/index.ts")) {
        return withLine(
          code,
          id,
          'import { payoutsSection } from "../../tests/app/payouts/section";',
          "  dashboardSection,\n",
          "  dashboardSection,\n  payoutsSection,\n",
        );
      }
      return undefined;
    },
  };
}

let dataDir: string;
let server: RunningServer;
let vite: ViteDevServer;
let browser: Browser;
let page: Page;
let origin: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "console-e2e-resource-"));
  const [apiPort, consolePort] = [await freePort(), await freePort()];
  origin = `http://127.0.0.1:${consolePort}`;
  // The browser talks to the development server, which forwards /api: that is the server's origin.
  server = await startServer(
    {
      HOST: "127.0.0.1",
      PORT: String(apiPort),
      PUBLIC_ORIGIN: origin,
      ADMIN_WALLETS: admin.address,
      DATABASE_PATH: join(dataDir, "marketplace.sqlite"),
      LOG_LEVEL: "warn",
    },
    { resourceModules: [...RESOURCE_MODULES, payoutsModule] },
  );
  vite = await createServer({
    configFile: join(ROOT, "vite.config.ts"),
    root: ROOT,
    // Its own: the dependencies are bundled for this run without touching the shared cache.
    cacheDir: join(dataDir, "vite"),
    logLevel: "warn",
    clearScreen: false,
    plugins: [newcomersLines()],
    // Every dependency the screens import, bundled before the page loads: found later, Vite would
    // bundle again and reload the page under the test.
    optimizeDeps: { entries: ["index.html", "src/**/*.{ts,tsx}", "tests/app/payouts/*.{ts,tsx}"] },
    server: {
      host: "127.0.0.1",
      port: consolePort,
      strictPort: true,
      hmr: false,
      watch: null,
      proxy: { "/api": { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
    },
  });
  await vite.listen();
  browser = await launchBrowser();
  page = await openWithWallet(browser, admin);
  await signIn(page, origin, admin);
});

afterAll(async () => {
  await browser?.close();
  await vite?.close();
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const db = () => server.ctx.db;

/** The payouts as GET /admin/payouts orders them: newest first. */
const payoutsInOrder = (status?: "PENDING" | "PAID") => {
  let query = db().selectFrom("payouts").selectAll();
  if (status) query = query.where("status", "=", status);
  return query.orderBy("createdAt", "desc").orderBy("id", "desc").execute();
};

describe("a resource added in three lines, in the real console against the real server", () => {
  it("gets a sidebar link, and lists the seeded payouts a page at a time", async () => {
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Payouts" }).click();
    await page.getByRole("heading", { name: "Payouts", level: 1 }).waitFor();
    const all = await payoutsInOrder();
    expect(all.length).toBeGreaterThan(20);
    await row(page, all[0].id).waitFor();
    expect(await rowKeys(page)).toEqual(all.slice(0, 20).map((payout) => payout.id));

    const pages = Math.ceil(all.length / 20);
    await page.getByText(`Page 1 of ${pages}`).waitFor();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText(`Page 2 of ${pages}`).waitFor();
    await expect.poll(() => rowKeys(page)).toEqual(all.slice(20, 40).map((payout) => payout.id));
    expect(new URL(page.url()).searchParams.get("currentPage")).toBe("2");
  });

  it("filters by status on the server, and keeps the filter in the URL across a reload", async () => {
    await page.goto(`${origin}/payouts`);
    await page.getByRole("heading", { name: "Payouts", level: 1 }).waitFor();
    // The first page drawn: the filter bar stays where it is from here on.
    await row(page, (await payoutsInOrder())[0].id).waitFor();
    await chooseOption(page, "Status", "Paid");
    const paid = await payoutsInOrder("PAID");
    await row(page, paid[0].id).waitFor();
    await expect.poll(() => rowKeys(page)).toEqual(paid.slice(0, 20).map((payout) => payout.id));
    expect(decodeURIComponent(page.url())).toContain("filters[0][field]=status");

    await page.reload();
    await row(page, paid[0].id).waitFor();
    expect(await rowKeys(page)).toEqual(paid.slice(0, 20).map((payout) => payout.id));
  });

  it("marks a pending payout paid, and Activity shows it against the payout", async () => {
    await page.goto(`${origin}/payouts`);
    const [pending] = await payoutsInOrder("PENDING");
    await rowButton(page, pending.id, `Mark the payout to ${pending.shopName} paid`).click();
    await row(page, pending.id).getByText("PAID", { exact: true }).waitFor();
    // Awaited, not read once: under load the row's text was seen before the stored status read PAID.
    await expect
      .poll(async () => (await db().selectFrom("payouts").select("status").where("id", "=", pending.id).executeTakeFirstOrThrow()).status)
      .toBe("PAID");

    const audited = await auditEntryOf("payout.mark_paid", pending.id, db());
    expect(audited).toMatchObject({ targetType: "payout", action: "payout.mark_paid", adminPublicKey: admin.address });
    await page.goto(`${origin}/activity`);
    const entry = row(page, String(audited.id));
    await entry.waitFor();
    expect(await entry.innerText()).toContain("Marked paid");
    // A record without a page of its own opens its section.
    expect(await entry.getByRole("link", { name: /^Payout / }).getAttribute("href")).toBe("/payouts");
  });
});
