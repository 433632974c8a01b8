// npm run bench:nav [-- --rounds 10 --runs 1 --rates 1,4 --sections users,orders,marketplace,floor --warmup 1
//                      --modes hover,direct,preloaded --plain D,E --no-filters --build <dir> --keep-build --build-only
//                      --json <file>]
// Builds the console in bench mode (`vite build --mode bench`, into a temporary folder: dist/ is left
// alone), which adds one section, the Floor (src/bench/): a plain antd Table of the Users list's first
// page, same rows and columns as plain text, none of the console's extras. Starts the reference server
// in-process on a fresh seeded database serving that build, opens Debian's Chromium (1280×800), signs
// in with the local demo wallet through the login screen, and makes a few audited changes through the
// API (dispute resolutions, user updates) so that Settlements and Activity have rows.
// `--plain D,E` builds with those of the console's departures from antd/Refine turned off (src/bench/plain.d.ts,
// docs/performance.md); `--build-only` builds (and keeps) that console and stops, for a later `--build <dir>`.
// Navigation: for every sidebar section in a fixed cycle, follow its link in each click mode
// (scripts/support/nav-modes.ts: after a 150 ms hover, with no hover, after the preload finished) and
// time from the click event to the first animation frame after the new screen's first content is in
// the DOM (a list's first data row, the dashboard's first statistic, the marketplace's status), never
// counting what the previous screen left. One untimed cycle per mode first, then `--runs` runs of
// `--rounds` timed cycles per mode (modes interleaved within a run); a run's figure is its median, the
// result the median of the runs' and their spread (min–max); per CPU throttling rate (1 = none, 4 =
// Chromium 4× slower). The machine's load average is printed with each run. `--json` writes the figures.
// Filter change: on every list screen, from the end of the list response (resource timing) to the
// first frame after the table's rows changed; the query cache's inactive pages are dropped before each
// change (src/bench/probe.tsx) so that every change fetches, as the first use of a filter does.
// Prints medians (ms), min and max, each section's ratio to the Floor and to Marketplace. Reports,
// never judges: a crash or a screen whose content never shows is an error, no figure is.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Browser, type CDPSession, type Page } from "playwright-core";
import { chromiumLaunchOptions } from "../tests/support/chromium.ts";
import { signInWithDemoWallet, startBenchServer } from "./support/bench-console.ts";
import { onCleanUp, runWithCleanUp, tempDir } from "./support/clean-up.ts";
import { HOVER_MS, load, MODE_LABEL, parseModes, stats, summarize, type Mode, type RunSamples } from "./support/nav-modes.ts";
import { flagOptions, valueOptions } from "./support/options.ts";

const VIEWPORT = { width: 1280, height: 800 };
/** A list's real data row (not antd's placeholder or measure row). */
const ROW = ".ant-table-tbody tr.ant-table-row";
/** How long one screen may take to show its content, or a filter change its rows. */
const TIMEOUT_MS = 30_000;
/** After hovering a link: at least this long (the preload waits 50 ms), and no request in flight for QUIET_MS. */
const PRELOAD_MIN_MS = 400;
const QUIET_MS = 150;
/** How long a table's rows must stay the same before a filter change is timed. */
const SETTLED_MS = 300;
/** Audited changes made before timing, so that Settlements and Activity list a full page. */
const FIXTURE_CHANGES = 24;

interface Section {
  label: string;
  path: string;
  /** The screen's first content: only there once its data is. */
  first: string;
  /** A list screen's filter change: the select (its accessible name), the option timed and the one to go back to. */
  filter?: { select: string; option: string; back: string; listPath: string } | { toggle: string };
}

/** A list section timed with one of its selects: the option timed, the one to go back to, and the API path it reads. */
const list = (label: string, select: string, option: string, back: string, listPath: string): Section => ({
  label,
  path: `/${label.toLowerCase()}`,
  first: ROW,
  filter: { select, option, back, listPath: `/api/v1${listPath}` },
});

// The sidebar's sections, in its order; the bench checks the sidebar shows each (and names any it does not time).
const SECTIONS: Section[] = [
  { label: "Dashboard", path: "/", first: '[data-testid="stat-totalUsers"]' },
  { label: "Tokens", path: "/tokens", first: ROW, filter: { toggle: "Show inactive" } },
  list("Users", "Verified", "Not Verified", "All", "/users"),
  list("Products", "Featured", "Featured Only", "All Products", "/admin/products"),
  list("Shops", "Active status", "Active", "All", "/admin/shops"),
  list("Orders", "Filter orders by status", "Completed", "All Orders", "/admin/orders"),
  // Every settlement the fixture makes is confirmed: the one filter can only list the same rows or none.
  list("Settlements", "Filter settlements by status", "Pending", "All Settlements", "/admin/settlements"),
  list("Activity", "Action", "Dispute resolved", "All", "/admin/audit"),
  { label: "Marketplace", path: "/marketplace", first: ".marketplace-card .marketplace-state" },
  { label: "Floor", path: "/bench-floor", first: ROW },
];

// Runs in the page (a string, so that nothing the TypeScript compiler adds reaches the browser).
const PAGE_LIB = `(() => {
  performance.setResourceTimingBufferSize(10000);
  const apiCalls = (from, to) => performance.getEntriesByType("resource")
    .filter((e) => new URL(e.name, location.href).pathname.startsWith("/api/") && e.startTime >= from && e.startTime <= to).length;
  const signature = () => {
    const body = document.querySelector(".ant-table-tbody");
    if (!body) return "none";
    const rows = body.querySelectorAll("tr.ant-table-row");
    if (rows.length) return Array.from(rows, (row) => row.getAttribute("data-row-key")).join(",");
    return "empty:" + (body.querySelector("tr.ant-table-placeholder")?.textContent?.trim() ?? "");
  };
  // Resolves at the first animation frame after check() first holds, once a click has been seen.
  const watch = (state, check, timeoutMs) => new Promise((resolve, reject) => {
    const observer = new MutationObserver(() => {
      if (state.start === null) return;
      const found = check();
      if (found === undefined) return;
      observer.disconnect();
      clearTimeout(timer);
      const seen = performance.now();
      requestAnimationFrame(() => resolve({ start: state.start, seen, end: performance.now(), found }));
    });
    // Styles too: a screen rendered ahead is shown by lifting its display: none.
    observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ["style"] });
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error("nothing new within " + timeoutMs + " ms" + (state.start === null ? " (no click seen)" : "")));
    }, timeoutMs);
  });
  const clickOnce = () => {
    const state = { start: null };
    document.addEventListener("click", (event) => { if (state.start === null) state.start = event.timeStamp; }, { capture: true });
    return state;
  };
  window.__bench = {
    pending: null,
    signature,
    armNav(selector, timeoutMs) {
      performance.clearResourceTimings();
      // What shows now is the previous screen's; a screen rendered ahead out of sight is not (yet).
      document.querySelectorAll(selector).forEach((element) => { if (element.checkVisibility()) element.setAttribute("data-bench-old", ""); });
      const fresh = ":is(" + selector + "):not([data-bench-old])";
      const state = clickOnce();
      const old = document.querySelectorAll("[data-bench-old]").length;
      // Where the content showed (the new screen's route, or the bench found the wrong thing).
      // Out of sight is under React's display: none (a layout-free test: this runs on every mutation).
      const shown = (element) => !element.closest('[style*="display: none"]');
      const found = () => (Array.from(document.querySelectorAll(fresh)).some(shown) ? location.pathname : undefined);
      this.pending = watch(state, found, timeoutMs).then((r) => ({
        start: r.start, seen: r.seen, end: r.end, calls: apiCalls(r.start, r.seen), path: r.found, old,
      }));
      this.pending.catch(() => undefined);
      return true;
    },
    armFilter(listPath, timeoutMs) {
      performance.clearResourceTimings();
      const before = signature();
      const state = clickOnce();
      // The blank placeholder is a page still loading (antd shows no empty text while it spins).
      const changed = () => { const now = signature(); return now !== before && now !== "empty:" ? now : undefined; };
      this.pending = watch(state, changed, timeoutMs).then((r) => {
        const calls = performance.getEntriesByType("resource")
          .filter((e) => listPath && new URL(e.name, location.href).pathname === listPath && e.startTime >= r.start);
        const last = calls[calls.length - 1];
        const rows = r.found.startsWith("empty:") ? 0 : r.found.split(",").length;
        return { start: r.start, seen: r.seen, end: r.end, requested: calls.length > 0,
          responseEnd: last ? last.responseEnd : null, requestStart: last ? last.startTime : null, rows };
      });
      this.pending.catch(() => undefined);
      return before;
    },
    result() { return this.pending; },
    async api(method, path, body) {
      const xsrf = decodeURIComponent((/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie) || [])[1] || "");
      const response = await fetch("/api/v1" + path, {
        method,
        headers: { "Content-Type": "application/json", "X-XSRF-TOKEN": xsrf },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, json: text ? JSON.parse(text) : null };
    },
  };
})();`;

/** An error's message without Playwright's "page.evaluate: Error: " prefix. */
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).replace(/^page\.evaluate: (Error: )?/, "");

/** Calls window.__bench[name](...args) in the page. */
function call<T>(page: Page, name: string, ...args: unknown[]): Promise<T> {
  return page.evaluate(`window.__bench.${name}(${args.map((arg) => JSON.stringify(arg)).join(", ")})`) as Promise<T>;
}

/** Where a bench build says which departures it was built without (--plain). */
const PLAIN_FILE = "bench-plain.txt";

async function buildConsole(outDir: string, plain: string): Promise<void> {
  const started = performance.now();
  const vite = join(process.cwd(), "node_modules", "vite", "bin", "vite.js");
  const child = spawn(process.execPath, [vite, "build", "--mode", "bench", "--outDir", outDir, "--emptyOutDir", "--logLevel", "error"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, VITE_BENCH_PLAIN: plain },
  });
  onCleanUp(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`vite build --mode bench failed (exit ${code})`);
  writeFileSync(join(outDir, PLAIN_FILE), plain);
  console.log(`Bench console built in ${((performance.now() - started) / 1000).toFixed(1)} s (${outDir}).`);
}

/** Same-origin requests in flight (the live-updates stream, which never ends, left out). */
class Traffic {
  private inFlight = new Set<unknown>();
  private lastChange = performance.now();

  constructor(page: Page, origin: string) {
    const counted = (url: string) => url.startsWith(origin) && !url.includes("/admin/events");
    page.on("request", (request) => {
      if (!counted(request.url())) return;
      this.inFlight.add(request);
      this.lastChange = performance.now();
    });
    const done = (request: unknown) => {
      if (this.inFlight.delete(request)) this.lastChange = performance.now();
    };
    page.on("requestfinished", done);
    page.on("requestfailed", done);
  }

  /** Waits until `minMs` have passed and nothing has been in flight for `quietMs` (at most 20 s). */
  async quiet(minMs: number, quietMs = QUIET_MS): Promise<void> {
    const started = performance.now();
    for (;;) {
      const now = performance.now();
      if (now - started >= minMs && this.inFlight.size === 0 && now - this.lastChange >= quietMs) return;
      if (now - started > 20_000) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

/** The page's main thread has had an idle moment (the preloaded chunk evaluated, the cache written). */
function idle(page: Page): Promise<unknown> {
  return page.evaluate("new Promise((resolve) => requestIdleCallback(() => resolve(true), { timeout: 2000 }))");
}

interface ApiAnswer {
  status: number;
  json: { data?: { items?: { id: string; verified?: boolean }[] } } | null;
}

/** Audited changes made the way the console makes them, so that Settlements and Activity have rows. */
async function makeHistory(page: Page): Promise<string> {
  const api = (method: string, path: string, body?: unknown) => call<ApiAnswer>(page, "api", method, path, body);
  const disputes = await api("GET", `/admin/orders?filter=in_dispute&limit=${FIXTURE_CHANGES}`);
  if (disputes.status !== 200) throw new Error(`Fixture: GET /admin/orders?filter=in_dispute answered ${disputes.status}`);
  let resolved = 0;
  for (const order of disputes.json?.data?.items ?? []) {
    const answer = await api("POST", `/admin/orders/${order.id}/resolve-dispute`, {
      resolution: "RELEASE_TO_SELLER",
      adminNotes: "bench:nav fixture",
    });
    if (answer.status !== 200)
      throw new Error(`Fixture: resolving dispute ${order.id} answered ${answer.status} ${JSON.stringify(answer.json).slice(0, 300)}`);
    resolved++;
  }
  const users = await api("GET", `/users?role=USER&limit=${FIXTURE_CHANGES}`);
  if (users.status !== 200) throw new Error(`Fixture: GET /users answered ${users.status}`);
  let updated = 0;
  for (const user of users.json?.data?.items ?? []) {
    const answer = await api("PATCH", `/users/${user.id}`, { verified: !user.verified });
    if (answer.status !== 200)
      throw new Error(`Fixture: updating user ${user.id} answered ${answer.status} ${JSON.stringify(answer.json).slice(0, 300)}`);
    updated++;
  }
  return `${resolved} disputes resolved (settled in-process), ${updated} users updated`;
}

const linkOf = (page: Page, section: Section) => page.locator(`nav[aria-label="Sections"] a[href="${section.path}"]`);

/** Follows the section's link in the mode's way (nav-modes.ts) and times the new screen's first content. */
async function navigate(page: Page, traffic: Traffic, section: Section, mode: Mode): Promise<{ ms: number; calls: number; old: number }> {
  const link = linkOf(page, section);
  // The previous screen done; its first page and the target's dropped from the cache unless shown.
  await traffic.quiet(0);
  await idle(page);
  await page.evaluate("window.__benchDropInactiveQueries?.()");
  if (mode === "preloaded") {
    await link.hover();
    await traffic.quiet(PRELOAD_MIN_MS);
    await idle(page);
  } else if (mode === "hover") {
    await link.hover();
    await new Promise((resolve) => setTimeout(resolve, HOVER_MS));
  }
  await call(page, "armNav", section.first, TIMEOUT_MS);
  if (mode === "direct") await link.evaluate((element: HTMLElement) => element.click());
  else await link.click();
  try {
    const r = await call<{ start: number; end: number; calls: number; path: string; old: number }>(page, "result");
    if (r.path !== section.path)
      throw new Error(`${section.label}: its first content (${section.first}) showed on ${r.path}, not ${section.path}`);
    return { ms: r.end - r.start, calls: r.calls, old: r.old };
  } catch (error) {
    if (error instanceof Error && error.message.startsWith(`${section.label}:`)) throw error;
    throw new Error(`${section.label}: ${messageOf(error)} after clicking its link (looked for ${section.first})`);
  }
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : "–");

function printTable(rows: string[][]): void {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  for (const row of rows)
    console.log(
      row
        .map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c])))
        .join("  ")
        .trimEnd(),
    );
}

/** One run: `rounds` cycles through the sections in each mode, the modes one after the other. */
async function navigationRun(page: Page, traffic: Traffic, sections: Section[], modes: Mode[], rounds: number): Promise<RunSamples> {
  const run: RunSamples = new Map();
  for (const mode of modes) {
    const bySection = new Map(sections.map((s) => [s.label, { ms: [] as number[], calls: 0, old: 0 }]));
    run.set(mode, bySection);
    for (let round = 0; round < rounds; round++) {
      for (const section of sections) {
        const r = await navigate(page, traffic, section, mode);
        const into = bySection.get(section.label)!;
        into.ms.push(r.ms);
        into.calls = Math.max(into.calls, r.calls);
        into.old = Math.max(into.old, r.old);
      }
    }
  }
  return run;
}

/** The untimed first cycle of each mode: every screen's code loaded, its paths warm. */
async function warmUp(page: Page, traffic: Traffic, sections: Section[], modes: Mode[], warmup: number): Promise<void> {
  for (let round = 0; round < warmup; round++)
    for (const mode of modes) for (const section of sections) await navigate(page, traffic, section, mode);
}

function printNavigation(runs: RunSamples[], mode: Mode, sections: Section[]): void {
  const rows = [["section", "median ms", "min", "max", "over Marketplace", "min", "max", "API calls", "left by prev."]];
  for (const s of summarize(
    runs,
    mode,
    sections.map((section) => section.label),
  )) {
    rows.push([
      s.section,
      ms(s.ms.median),
      ms(s.ms.min),
      ms(s.ms.max),
      ms(s.overMarketplace.median),
      ms(s.overMarketplace.min),
      ms(s.overMarketplace.max),
      String(s.calls),
      String(s.old),
    ]);
  }
  printTable(rows);
}

/** antd's select: its combobox input is transparent, the select around it takes the click. */
async function openSelect(page: Page, name: string): Promise<void> {
  await page.locator(".ant-select", { has: page.getByRole("combobox", { name, exact: true }) }).click();
}

const optionOf = (page: Page, title: string) => page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${title}"]`);

interface FilterSample {
  afterResponse: number | null;
  fromChange: number;
  rows: number;
  requested: boolean;
}

/** One timed filter change on the open list screen, then back to where it was (untimed). */
/**
 * Until the table shows the rows it had before (`signature`). A function, not an expression: the
 * console's CSP forbids eval, which Playwright's polling of an expression string needs.
 */
function rowsAgain(page: Page, signature: string): Promise<unknown> {
  return page.waitForFunction(
    (before) => (window as unknown as { __bench: { signature(): string } }).__bench.signature() === before,
    signature,
    {
      timeout: TIMEOUT_MS,
    },
  );
}

/** Until the table's rows have stayed the same for SETTLED_MS (a throttled screen may still be filtering its first page). */
async function rowsSettled(page: Page): Promise<void> {
  let last = await call<string>(page, "signature");
  for (const started = performance.now(); performance.now() - started < TIMEOUT_MS;) {
    await new Promise((resolve) => setTimeout(resolve, SETTLED_MS));
    const now = await call<string>(page, "signature");
    if (now === last) return;
    last = now;
  }
  throw new Error("the table's rows kept changing");
}

async function changeFilter(page: Page, traffic: Traffic, section: Section): Promise<FilterSample> {
  const filter = section.filter!;
  const what = `${section.label} filter`;
  await page.evaluate("window.__benchDropInactiveQueries?.()");
  await rowsSettled(page);
  let before: string;
  if ("toggle" in filter) {
    const toggle = page.locator("label.list-filters__toggle", { hasText: filter.toggle }).getByRole("switch");
    before = await call<string>(page, "armFilter", null, TIMEOUT_MS);
    await toggle.click();
    const r = await result(page, what);
    await toggle.click();
    await rowsAgain(page, before);
    return { afterResponse: null, fromChange: r.end - r.start, rows: r.rows, requested: r.requested };
  }
  await openSelect(page, filter.select);
  const option = optionOf(page, filter.option);
  await option.waitFor();
  before = await call<string>(page, "armFilter", filter.listPath, TIMEOUT_MS);
  await option.click();
  const r = await result(page, what);
  await traffic.quiet(0);
  await openSelect(page, filter.select);
  await optionOf(page, filter.back).click();
  await rowsAgain(page, before).catch(() => {
    throw new Error(`${what}: going back to "${filter.back}" did not show the first rows again`);
  });
  await traffic.quiet(200);
  // A render that came before the response ended did not wait for it: not a fetched change.
  const fetched = r.requested && r.responseEnd !== null && r.responseEnd <= r.seen;
  return { afterResponse: fetched ? r.end - r.responseEnd! : null, fromChange: r.end - r.start, rows: r.rows, requested: fetched };
}

interface FilterResult {
  start: number;
  seen: number;
  end: number;
  requested: boolean;
  responseEnd: number | null;
  rows: number;
}

async function result(page: Page, what: string): Promise<FilterResult> {
  try {
    return await call<FilterResult>(page, "result");
  } catch (error) {
    throw new Error(`${what}: ${messageOf(error)} after the change (the table's rows never changed)`);
  }
}

function filterLabel(section: Section): string {
  const filter = section.filter!;
  return "toggle" in filter ? `${filter.toggle} (page filter, nothing sent)` : `${filter.select}: ${filter.option}`;
}

async function filterRun(page: Page, traffic: Traffic, sections: Section[], rounds: number): Promise<string[][]> {
  const rows = [["screen", "filter", "response->rows median", "min", "max", "counted", "change->rows median", "rows"]];
  for (const section of sections.filter((s) => s.filter)) {
    const link = linkOf(page, section);
    if (new URL(page.url()).pathname !== section.path) {
      await link.hover();
      await link.click();
    }
    await page.locator(ROW).first().waitFor({ timeout: TIMEOUT_MS });
    await traffic.quiet(300);
    const samples: FilterSample[] = [];
    // One untimed change first (the select's dropdown and the screen's code paths warm).
    await changeFilter(page, traffic, section);
    for (let round = 0; round < rounds; round++) samples.push(await changeFilter(page, traffic, section));
    const counted = samples.filter((s) => s.afterResponse !== null);
    const after = stats(counted.map((s) => s.afterResponse!));
    const total = stats(samples.map((s) => s.fromChange));
    const isToggle = "toggle" in section.filter!;
    rows.push([
      section.label,
      filterLabel(section),
      isToggle ? "no request" : ms(after.median),
      isToggle ? "" : ms(after.min),
      isToggle ? "" : ms(after.max),
      isToggle ? "" : `${counted.length}/${samples.length}`,
      ms(total.median),
      [...new Set(samples.map((s) => s.rows))].join("/"),
    ]);
  }
  return rows;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      ...valueOptions("rounds", "rates", "sections", "warmup", "build", "runs", "modes", "plain", "json"),
      ...flagOptions("no-filters", "keep-build", "build-only"),
    },
  });
  const runStarted = performance.now();
  const rounds = Number(values.rounds ?? 10);
  const warmup = Number(values.warmup ?? 1);
  const runs = Number(values.runs ?? 1);
  if (!Number.isSafeInteger(runs) || runs < 1) throw new Error("--runs takes a count of at least 1");
  const modes = parseModes(values.modes);
  const plain = (values.plain ?? "").toUpperCase().replace(/\s/g, "");
  if (!/^([D-H](,[D-H])*)?$/.test(plain)) throw new Error("--plain takes departures D to H, e.g. D,E (docs/performance.md)");
  const rates = (values.rates ?? "1,4").split(",").map(Number);
  if (!Number.isSafeInteger(rounds) || rounds < 1 || !Number.isSafeInteger(warmup) || warmup < 0) {
    throw new Error("--rounds takes a count of at least 1, --warmup a count of at least 0");
  }
  if (rates.some((rate) => !Number.isFinite(rate) || rate < 1 || rate > 20))
    throw new Error("--rates takes CPU slow-down factors from 1 (none) to 20, e.g. 1,4");
  let sections = SECTIONS;
  if (values.sections !== undefined) {
    const names = values.sections
      .split(",")
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean);
    const unknown = names.filter((name) => !SECTIONS.some((s) => s.label.toLowerCase() === name));
    if (unknown.length) throw new Error(`--sections: unknown ${unknown.join(", ")} (known: ${SECTIONS.map((s) => s.label).join(", ")})`);
    sections = SECTIONS.filter((s) => names.includes(s.label.toLowerCase()));
  }
  if (sections.length < 2) throw new Error("--sections needs at least two sections (the cycle goes from one to the next)");

  let buildDir = values.build;
  if (buildDir) {
    if (!existsSync(join(buildDir, "index.html")))
      throw new Error(`--build ${buildDir}: no index.html there (build it with vite build --mode bench)`);
    const built = existsSync(join(buildDir, PLAIN_FILE)) ? readFileSync(join(buildDir, PLAIN_FILE), "utf8") : "";
    if (values.plain !== undefined && built !== plain)
      throw new Error(`--build ${buildDir} was built with --plain "${built}", not "${plain}"`);
  } else {
    const keep = values["keep-build"] || values["build-only"];
    buildDir = tempDir("bench-nav-console-", keep);
    await buildConsole(buildDir, plain);
    if (keep) console.log(`Kept: reuse it with --build ${buildDir}`);
    if (values["build-only"]) return;
  }
  const builtPlain = existsSync(join(buildDir, PLAIN_FILE)) ? readFileSync(join(buildDir, PLAIN_FILE), "utf8") : "";
  console.log(`Departures off (--plain): ${builtPlain || "none"}. Load average at the start: ${load()}.`);

  const origin = await startBenchServer(buildDir);

  const browser: Browser = await chromium.launch(chromiumLaunchOptions());
  onCleanUp(() => browser.close());
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript({ content: PAGE_LIB });
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT_MS);
  const traffic = new Traffic(page, origin);

  await signInWithDemoWallet(page, origin);
  console.log(`\nSigned in with the demo wallet. Fixture: ${await makeHistory(page)}.`);
  // A fresh load, so that the optional sections are asked for with the fixture's rows there.
  await page.reload();
  const shown = await page.locator('nav[aria-label="Sections"] a').evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  for (const section of sections) {
    await linkOf(page, section)
      .waitFor({ timeout: 10_000 })
      .catch(() => {
        throw new Error(`${section.label}: the sidebar shows no link to ${section.path} (is this the bench build?)`);
      });
  }
  const untimed = shown.filter((href) => !SECTIONS.some((s) => s.path === href));
  if (untimed.length) console.log(`Not timed (unknown to the bench): ${untimed.join(", ")}`);

  // The cycle starts from its last section, so its first click goes somewhere new.
  const last = sections[sections.length - 1];
  await linkOf(page, last).click();
  await page.locator(last.first).first().waitFor();

  const cdp: CDPSession = await context.newCDPSession(page);
  const throttle = (rate: number) => cdp.send("Emulation.setCPUThrottlingRate", { rate });
  const rateLabel = (rate: number) => (rate === 1 ? "no CPU throttling" : `CPU throttled ${rate}x`);

  console.log(
    `\nNavigation: click -> first frame with the new screen's first content, in each mode (${modes.join(", ")}); ` +
      `${runs} run(s) of ${rounds} timed round(s) after ${warmup} untimed, ms: the median of the runs' medians and their min-max; ` +
      `"over Marketplace": the same of each run's (section - Marketplace); ${VIEWPORT.width}x${VIEWPORT.height}; ` +
      `${availableParallelism()} CPU(s) here. "API calls": most requests sent between the click and the first content ` +
      `(0 = the preload answered); "left by prev.": most matches of the screen's content selector the previous screen had ` +
      `on the page at the click (never counted).`,
  );
  const report: Record<string, unknown> = { plain: builtPlain, runs, rounds, loads: [] as string[], rates: {} };
  for (const rate of rates) {
    await throttle(rate);
    const started = performance.now();
    await warmUp(page, traffic, sections, modes, warmup);
    const samples: RunSamples[] = [];
    for (let run = 0; run < runs; run++) {
      const at = load();
      (report.loads as string[]).push(at);
      const runStart = performance.now();
      samples.push(await navigationRun(page, traffic, sections, modes, rounds));
      console.log(`Run ${run + 1}/${runs}: load average ${at} at its start, ${((performance.now() - runStart) / 1000).toFixed(0)} s.`);
    }
    console.log(`\n${rateLabel(rate)} (${((performance.now() - started) / 1000).toFixed(0)} s):`);
    const byMode: Record<string, unknown> = {};
    for (const mode of modes) {
      console.log(`\n${MODE_LABEL[mode]}:`);
      printNavigation(samples, mode, sections);
      byMode[mode] = summarize(
        samples,
        mode,
        sections.map((section) => section.label),
      );
    }
    (report.rates as Record<string, unknown>)[String(rate)] = byMode;
  }
  await throttle(1);
  if (values.json) writeFileSync(values.json, JSON.stringify(report, null, 2));

  if (!values["no-filters"]) {
    console.log(
      `\nFilter change on each list screen: from the end of the list response (resource timing) to the first frame after the ` +
        `table's rows changed; ${rounds} changes after 1 untimed, each back to the first page in between (untimed); the cache's ` +
        `inactive queries are dropped first, so every change fetches ("counted": changes that did). "change->rows": from the click on the ` +
        `option to the same frame (the request included).`,
    );
    for (const rate of rates) {
      await throttle(rate);
      const started = performance.now();
      const rows = await filterRun(page, traffic, sections, rounds);
      console.log(`\n${rateLabel(rate)} (${((performance.now() - started) / 1000).toFixed(0)} s):`);
      printTable(rows);
    }
    await throttle(1);
  }
  console.log(`\nTotal: ${((performance.now() - runStarted) / 1000).toFixed(0)} s.`);
}

runWithCleanUp(main, "the browser and the server");
