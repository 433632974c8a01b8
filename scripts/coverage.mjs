#!/usr/bin/env node
// `npm run coverage`: the Vitest suite with V8 coverage of the console (src/) and the server
// (server/), then line and branch coverage for each. Reports land in coverage/ (index.html to browse,
// coverage-summary.json). Extra arguments go to Vitest (e.g. a file filter).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const vitest = join(root, "node_modules", ".bin", process.platform === "win32" ? "vitest.cmd" : "vitest");
const summaryPath = join(root, "coverage", "coverage-summary.json");

const result = spawnSync(vitest, ["run", "--coverage", ...process.argv.slice(2)], { cwd: root, stdio: "inherit" });
if (!existsSync(summaryPath)) {
  console.error(`No ${summaryPath}: the run wrote no coverage.`);
  process.exit(result.status || 1);
}

const summary = JSON.parse(readFileSync(summaryPath, "utf8"));
const scopes = { "src/": { lines: [0, 0], branches: [0, 0] }, "server/": { lines: [0, 0], branches: [0, 0] } };
for (const [file, figures] of Object.entries(summary)) {
  if (file === "total") continue;
  const path = relative(root, file).split(sep).join("/");
  const scope = Object.keys(scopes).find((prefix) => path.startsWith(prefix));
  if (!scope) continue;
  for (const metric of ["lines", "branches"]) {
    scopes[scope][metric][0] += figures[metric].covered;
    scopes[scope][metric][1] += figures[metric].total;
  }
}

const percent = ([covered, total]) => `${total ? ((100 * covered) / total).toFixed(2) : "100.00"}% (${covered}/${total})`;
console.log("\nCoverage (V8)      lines                  branches");
for (const [scope, figures] of Object.entries(scopes)) {
  console.log(`  ${scope.padEnd(9)}  ${percent(figures.lines).padEnd(22)} ${percent(figures.branches)}`);
}
process.exit(result.status ?? 1);
