#!/usr/bin/env node
// `npm test`: every check the project has, timed, with a per-suite summary at the end.
//   1. static checks, side by side (each is single-threaded): type check, lint, formatting, import rules, console build
//   2. the Vitest suite (`npm run test:unit`: console tests in Chromium, server tests over real HTTP),
//      and the first-load budgets checked on the build of step 1 (`npm run size` minus its own build)
//   3. the browser tests against the build of step 1 (`npm run test:e2e` minus its own build)
// Steps 2 and 3 do not share a phase: both are CPU-bound enough on two cores that side by side
// each slows the other more than it gains (measured: 356 s together against 340 s one after the
// other).
// A failing step stops the run after its phase (like the `&&` chain it replaces); the summary still
// prints. Each Vitest suite also writes a JSON report to test-results/, read back for the counts and
// the slowest files.
//   node scripts/test.mjs                 everything
//   node scripts/test.mjs unit e2e        only these stages (typecheck, lint, format, deps, build, size, unit, e2e)
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => join(root, "node_modules", ".bin", process.platform === "win32" ? `${name}.cmd` : name);
const reports = join(root, "test-results");

/** Stage name → command. Kept the same as package.json's scripts of the same name. */
const STAGES = {
  typecheck: { cmd: bin("tsc"), args: ["-p", "tsconfig.json", "--noEmit"], quiet: true },
  lint: { cmd: bin("eslint"), args: [".", "--max-warnings", "0"], quiet: true },
  // `npm run lint`'s second part: the formatting (.prettierrc.json; `npm run format` applies it).
  format: { cmd: bin("prettier"), args: ["--check", ".", "--log-level", "warn"], quiet: true },
  // `npm run lint`'s third part (lint:deps): import cycles and the layers of the console and the server (.dependency-cruiser.cjs).
  deps: { cmd: bin("depcruise"), args: ["src", "contract", "server"], quiet: true },
  build: { cmd: bin("vite"), args: ["build", "--logLevel", "warn"], quiet: true },
  size: { cmd: process.execPath, args: [join(root, "scripts", "size.mjs"), "--no-build"], quiet: true },
  unit: { cmd: bin("vitest"), args: ["run", ...jsonReport("unit")], report: "unit" },
  e2e: { cmd: bin("vitest"), args: ["run", "-c", "vitest.e2e.config.ts", ...jsonReport("e2e")], report: "e2e" },
};
const PHASES = [["typecheck", "lint", "format", "deps", "build"], ["size"], ["unit"], ["e2e"]];

function jsonReport(name) {
  return ["--reporter=default", "--reporter=json", `--outputFile.json=${join(reports, `${name}.json`)}`];
}

const wanted = process.argv.slice(2);
for (const name of wanted) {
  if (!(name in STAGES)) {
    console.error(`Unknown stage "${name}": choose from ${Object.keys(STAGES).join(", ")}`);
    process.exit(2);
  }
}
const selected = (name) => wanted.length === 0 || wanted.includes(name);

const load = () => loadavg()[0].toFixed(2);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Runs one stage. Alone in its phase it writes straight to the terminal; side by side with others
 * its output is held and printed in one piece when it ends (quiet stages print only on failure).
 */
function run(name, shared) {
  const stage = STAGES[name];
  const started = Date.now();
  const loadBefore = load();
  if (shared) console.log(`… ${name} started${stage.quiet ? " (its output is shown if it fails)" : ""}`);
  if (stage.report) rmSync(join(reports, `${stage.report}.json`), { force: true });
  return new Promise((resolve) => {
    const child = spawn(stage.cmd, stage.args, { cwd: root, stdio: shared ? ["ignore", "pipe", "pipe"] : "inherit" });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.on("error", (error) => (output += `${error.message}\n`));
    child.on("close", (code) => {
      const result = { name, ok: code === 0, ms: Date.now() - started, loadBefore, loadAfter: load() };
      if (shared && (!result.ok || !stage.quiet) && output.trim()) {
        console.log(`\n── ${name} ${"─".repeat(Math.max(0, 70 - name.length))}\n${output.trimEnd()}`);
      }
      console.log(`${result.ok ? "✓" : "✗"} ${name} ${result.ok ? "passed" : `failed (exit ${code})`} in ${seconds(result.ms)}`);
      resolve(result);
    });
  });
}

/** Counts and the slowest files from a Vitest JSON report, when there is one. */
function details(stage) {
  const file = stage.report && join(reports, `${stage.report}.json`);
  if (!file || !existsSync(file)) return null;
  try {
    const report = JSON.parse(readFileSync(file, "utf8"));
    const files = report.testResults.map((entry) => ({
      name: relative(root, entry.name),
      ms: entry.endTime - entry.startTime,
    }));
    files.sort((a, b) => b.ms - a.ms);
    return {
      counts: `${report.numPassedTests}/${report.numTotalTests} tests passed in ${files.length} files`,
      slowest: files.slice(0, 3),
    };
  } catch {
    return null;
  }
}

mkdirSync(reports, { recursive: true });
const started = Date.now();
const results = [];
const skipped = [];
let failed = false;
for (const phase of PHASES) {
  const names = phase.filter(selected);
  if (names.length === 0) continue;
  if (failed) {
    skipped.push(...names);
    continue;
  }
  const phaseResults = await Promise.all(names.map((name) => run(name, names.length > 1)));
  results.push(...phaseResults);
  failed = phaseResults.some((result) => !result.ok);
}
const total = Date.now() - started;

const width = Math.max(...[...results.map((r) => r.name), ...skipped, "total"].map((name) => name.length));
const lines = ["", `Test summary (${availableParallelism()} CPUs; load average shown at each stage's start → end)`];
for (const result of results) {
  const info = details(STAGES[result.name]);
  lines.push(
    `  ${result.name.padEnd(width)}  ${seconds(result.ms).padStart(8)}  ${result.ok ? "passed" : "FAILED"}  load ${result.loadBefore} → ${result.loadAfter}${info ? `  ${info.counts}` : ""}`,
  );
  for (const slow of info?.slowest ?? [])
    lines.push(`  ${"".padEnd(width)}            slowest: ${seconds(slow.ms).padStart(7)}  ${slow.name}`);
}
for (const name of skipped) lines.push(`  ${name.padEnd(width)}  ${"-".padStart(8)}  not run (an earlier stage failed)`);
lines.push(
  `  ${"total".padEnd(width)}  ${seconds(total).padStart(8)}  ${failed ? "FAILED" : "passed"} (wall clock; phase 1 runs its stages side by side)`,
);
console.log(lines.join("\n"));
process.exit(failed ? 1 : 0);
