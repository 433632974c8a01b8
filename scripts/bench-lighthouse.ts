// npm run bench:lighthouse [-- --runs 3 --presets mobile,desktop --paths /login,/,/orders --build <dir> --keep-reports]
// Lighthouse 12 (fetched by npx, pinned below) on the built console: the reference server in-process on
// a fresh seeded database serving dist/ (built first when missing, or --build), Debian's Chromium with
// a profile of its own. /login is audited signed out; then the bench signs in with the local demo
// wallet in that profile, and the other paths are audited signed in (Lighthouse keeps the profile's
// cookies and storage: --disable-storage-reset). Each path and preset runs --runs times; prints each
// run and the median of the scores and of LCP, TBT and CLS (--keep-reports keeps the JSON reports, to
// read what an audit found). Reports, never judges.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium.ts";
import { freePort } from "../tests/support/free-port.ts";
import { PAGE_BENCH_OPTIONS, pageBenchOptions, signInWithDemoWallet, startBenchServer } from "./support/bench-console.ts";
import { onCleanUp, runWithCleanUp, tempDir } from "./support/clean-up.ts";

const LIGHTHOUSE = "lighthouse@12.8.2";
const CATEGORIES = ["performance", "accessibility", "best-practices"] as const;

interface Run {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

function npx(args: string[]): Promise<void> {
  const child = spawn("npx", ["-y", ...args], { stdio: ["ignore", "ignore", "inherit"] });
  onCleanUp(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  });
  return new Promise((resolve, reject) =>
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`npx ${args.slice(0, 2).join(" ")} failed (exit ${code})`)))),
  );
}

async function audit(url: string, port: number, preset: string, outDir: string, n: number): Promise<Run> {
  const output = join(outDir, `${new URL(url).pathname.replace(/\W+/g, "_")}-${preset}-${n}.json`);
  const presetArgs = preset === "desktop" ? ["--preset=desktop"] : [];
  await npx([
    LIGHTHOUSE,
    url,
    `--port=${port}`,
    "--disable-storage-reset",
    "--quiet",
    `--only-categories=${CATEGORIES.join(",")}`,
    ...presetArgs,
    "--output=json",
    `--output-path=${output}`,
  ]);
  const report = JSON.parse(readFileSync(output, "utf8"));
  if (new URL(report.finalDisplayedUrl).pathname !== new URL(url).pathname) {
    throw new Error(`${url} ended at ${report.finalDisplayedUrl}: the audit did not see the screen it was meant to`);
  }
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round(report.categories[id].score * 100)])) as Run["scores"];
  return {
    scores,
    lcpMs: report.audits["largest-contentful-paint"].numericValue,
    tbtMs: report.audits["total-blocking-time"].numericValue,
    cls: report.audits["cumulative-layout-shift"].numericValue,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function line(label: string, run: Run): string {
  const scores = CATEGORIES.map((id) => `${id} ${run.scores[id]}`).join(", ");
  return `${label.padEnd(24)} ${scores}; LCP ${(run.lcpMs / 1000).toFixed(1)} s, TBT ${Math.round(run.tbtMs)} ms, CLS ${run.cls.toFixed(3)}`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { ...PAGE_BENCH_OPTIONS, presets: { type: "string" }, "keep-reports": { type: "boolean" } },
  });
  const { runs, paths, build: buildDir } = pageBenchOptions(values, { runs: 3, paths: "/login,/,/orders" });
  const presets = (values.presets ?? "mobile,desktop").split(",");
  if (presets.some((preset) => preset !== "mobile" && preset !== "desktop")) throw new Error("--presets takes mobile, desktop or both");

  const reports = tempDir("bench-lighthouse-reports-", values["keep-reports"]);
  if (values["keep-reports"]) console.log(`Reports kept in ${reports}`);
  const origin = await startBenchServer(buildDir);

  // A persistent context is the browser's default one, the one Lighthouse's tabs open in.
  const debuggingPort = await freePort();
  const context = await chromium.launchPersistentContext(tempDir("bench-lighthouse-profile-"), {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${debuggingPort}`],
  });
  onCleanUp(() => context.close());

  console.log(`${LIGHTHOUSE} on ${origin}, ${runs} run(s) per path and preset.`);
  let signedIn = false;
  for (const path of [...paths].sort((a, b) => Number(b === "/login") - Number(a === "/login"))) {
    if (path !== "/login" && !signedIn) {
      const page = await context.newPage();
      await signInWithDemoWallet(page, origin);
      await page.close();
      signedIn = true;
    }
    for (const preset of presets) {
      const results: Run[] = [];
      for (let n = 1; n <= runs; n++) {
        results.push(await audit(`${origin}${path}`, debuggingPort, preset, reports, n));
        console.log(line(`  ${path} ${preset} #${n}`, results.at(-1)!));
      }
      const summary: Run = {
        scores: Object.fromEntries(CATEGORIES.map((id) => [id, median(results.map((r) => r.scores[id]))])) as Run["scores"],
        lcpMs: median(results.map((r) => r.lcpMs)),
        tbtMs: median(results.map((r) => r.tbtMs)),
        cls: median(results.map((r) => r.cls)),
      };
      console.log(line(`${path} ${preset} median`, summary));
    }
  }
}

runWithCleanUp(main, "the Lighthouse bench");
