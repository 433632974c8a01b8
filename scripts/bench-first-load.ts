// npm run bench:first-load [-- --runs 7 --paths /,/orders,/users --build dist --against <dir>]
// The main thread's CPU time of a first load, signed in, on a phone-sized page: from a fresh page to the
// screen's first row (the dashboard's first card) and 1.5 s more, as Chromium counts it (ThreadTime of
// Performance.getMetrics). CPU time, not wall time: a busy machine stretches what a page waits for, not
// the work the page does, so the figure holds under load where Lighthouse's blocking time does not.
// With --against, a second build is served beside the first and the runs alternate between them.
// Prints the median and the range of each path per build, with the script, style and layout durations
// (wall time) beside. Reports, never judges.
import { parseArgs } from "node:util";
import { chromium, type Browser, type BrowserContextOptions } from "playwright-core";
import { chromiumLaunchOptions } from "../tests/support/chromium.ts";
import { assertBuilt, PAGE_BENCH_OPTIONS, pageBenchOptions, signInWithDemoWallet, startBenchServer } from "./support/bench-console.ts";
import { onCleanUp, runWithCleanUp } from "./support/clean-up.ts";

const PHONE = { viewport: { width: 412, height: 823 } } satisfies BrowserContextOptions;
/** What shows that each path's screen is there. */
const READY: Record<string, string> = { "/": "text=Total Users" };
const LIST_READY = ".ant-table-tbody tr[data-row-key]";
const METRICS = { cpu: "ThreadTime", script: "ScriptDuration", style: "RecalcStyleDuration", layout: "LayoutDuration" } as const;

type Sample = Record<keyof typeof METRICS, number>;

interface Target {
  name: string;
  origin: string;
  storageState: BrowserContextOptions["storageState"];
}

async function signedIn(browser: Browser, name: string, origin: string): Promise<Target> {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await signInWithDemoWallet(page, origin);
  const storageState = await context.storageState();
  await context.close();
  return { name, origin, storageState };
}

async function firstLoad(browser: Browser, target: Target, path: string): Promise<Sample> {
  const context = await browser.newContext({ ...PHONE, storageState: target.storageState });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    await page.goto(`${target.origin}${path}`);
    await page
      .locator(READY[path] ?? LIST_READY)
      .first()
      .waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1_500);
    const { metrics } = await cdp.send("Performance.getMetrics");
    const value = (name: string) => (metrics.find((metric) => metric.name === name)?.value ?? NaN) * 1000;
    return Object.fromEntries(Object.entries(METRICS).map(([key, name]) => [key, value(name)])) as Sample;
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function line(label: string, samples: Sample[]): string {
  const figure = (key: keyof Sample) => {
    const values = samples.map((sample) => sample[key]);
    return `${key} ${Math.round(median(values))} ms [${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}]`;
  };
  return `${label.padEnd(28)} ${(Object.keys(METRICS) as (keyof Sample)[]).map(figure).join(", ")}`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { ...PAGE_BENCH_OPTIONS, against: { type: "string" } } });
  const { runs, paths, build } = pageBenchOptions(values, { runs: 7, paths: "/,/orders,/users" });
  const builds = [build, ...(values.against ? [values.against] : [])];
  if (values.against) assertBuilt(values.against);

  const browser = await chromium.launch(chromiumLaunchOptions());
  onCleanUp(() => browser.close());
  const targets: Target[] = [];
  for (const dir of builds) targets.push(await signedIn(browser, dir, await startBenchServer(dir)));

  console.log(`First loads at 412 × 823, signed in; ${runs} run(s) per path and build, main-thread CPU and durations.`);
  for (const path of paths) {
    const samples = new Map<Target, Sample[]>(targets.map((target) => [target, []]));
    for (let n = 0; n < runs; n++) {
      // Alternated, so a change in the machine's load falls on both builds alike.
      for (const target of n % 2 ? [...targets].reverse() : targets) samples.get(target)!.push(await firstLoad(browser, target, path));
    }
    for (const target of targets) console.log(line(`${path} ${target.name}`, samples.get(target)!));
  }
}

runWithCleanUp(main, "the first-load bench");
