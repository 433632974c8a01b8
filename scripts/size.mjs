#!/usr/bin/env node
// `npm run size`: builds the console, then checks how much JavaScript (gzip) each route downloads
// before it can render against its budget, by walking Vite's manifest: the entry and its static
// imports, plus the route's lazy chunks and their static imports. Exits 1 when a route is over.
//   node scripts/size.mjs              build, then check
//   node scripts/size.mjs --no-build   check the existing dist/
//   node scripts/size.mjs --files      also list each route's files
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

// The budgets, kB of gzip JavaScript (kB = 1000 bytes) loaded before a route can render. README.md
// ("Bundle budget") prints them with the current figures.
const BUDGET = {
  login: 250,
  // The dashboard, and any other signed-in screen that is not a list (the marketplace).
  signedIn: 380,
  // Every list screen: each src/resources/<name>/list.tsx.
  list: 460,
};

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");
const manifestPath = join(dist, ".vite", "manifest.json");
const showFiles = process.argv.includes("--files");

if (!process.argv.includes("--no-build")) {
  const vite = join(root, "node_modules", ".bin", process.platform === "win32" ? "vite.cmd" : "vite");
  const result = spawnSync(vite, ["build", "--logLevel", "warn"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: run a build first (build.manifest must be on).`);
  process.exit(1);
}

/** @type {Record<string, { file: string, imports?: string[], dynamicImports?: string[], css?: string[], isEntry?: boolean }>} */
const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);

const layout = "src/components/layout/admin-layout.tsx";
// The wallet adapter: loaded beside the first render of a screen that signs with the wallet (the login
// page, a dispute decision), so not counted in a route's first load but reported apart.
const walletEngine = "src/providers/wallet-engine.tsx";

// What each route renders first, besides the entry: its lazy modules, by source path. The list
// screens come from the manifest, so a new resource (src/resources/<name>/list.tsx) is covered as is.
const listRoutes = Object.keys(manifest)
  .map((key) => /^src\/resources\/([^/]+)\/list\.tsx$/.exec(key))
  .filter(Boolean)
  .sort((a, b) => a[1].localeCompare(b[1]))
  .map(([key, name]) => ({ name: `/${name}`, lazy: [layout, key], budget: BUDGET.list }));
const routes = [
  { name: "/login", lazy: ["src/pages/login/index.tsx"], budget: BUDGET.login },
  { name: "/ (dashboard)", lazy: [layout, "src/pages/dashboard/index.tsx"], budget: BUDGET.signedIn },
  { name: "/marketplace", lazy: [layout, "src/pages/marketplace/index.tsx"], budget: BUDGET.signedIn },
  ...listRoutes,
];
// Chunks that are the admin side of the app: /login must load none of them.
const adminKeys = [layout, ...Object.keys(manifest).filter((key) => /^src\/(pages\/(dashboard|marketplace)|resources)\//.test(key))];

const gzipCache = new Map();
function gzipBytes(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(join(dist, file))).length);
  return gzipCache.get(file);
}

/** A chunk and everything it imports statically (what the browser fetches before running it). */
function closure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
}
const jsBytes = (keys) => [...keys].reduce((sum, key) => sum + gzipBytes(manifest[key].file), 0);

const kB = (bytes) => (bytes / 1000).toFixed(1); // kB = 1000 bytes, as Vite prints
const pad = (text, width) => String(text).padEnd(width);
const padStart = (text, width) => String(text).padStart(width);

const failures = [];
const rows = [];
const details = [];
const walletAfter = [];
let loginAdmin = [];
for (const route of routes) {
  const missing = route.lazy.filter((key) => !manifest[key]);
  if (missing.length) {
    failures.push(`${route.name}: not in the manifest (${missing.join(", ")})`);
    continue;
  }
  const keys = closure([entryKey, ...route.lazy]);
  const bytes = jsBytes(keys);
  const over = bytes > route.budget * 1000;
  if (over) failures.push(`${route.name} loads ${kB(bytes)} kB first, over its budget of ${route.budget} kB`);
  rows.push([route.name, kB(bytes), String(route.budget), over ? "OVER" : "OK"]);
  if (manifest[walletEngine]) {
    walletAfter.push(jsBytes([...closure([walletEngine])].filter((key) => !keys.has(key))));
  }
  if (route.name === "/login") {
    loginAdmin = adminKeys.filter((key) => keys.has(key));
    if (loginAdmin.length) failures.push(`/login loads admin chunks: ${loginAdmin.join(", ")}`);
  }
  if (showFiles) {
    const css = [...new Set([...keys].flatMap((key) => manifest[key].css ?? []))];
    const cssBytes = css.reduce((sum, file) => sum + gzipBytes(file), 0);
    details.push(`${route.name}: ${kB(bytes)} kB JS in ${keys.size} files (+ CSS ${kB(cssBytes)} kB)`);
    const files = [...keys].map((key) => manifest[key].file).sort((a, b) => gzipBytes(b) - gzipBytes(a));
    for (const file of files) details.push(`    ${padStart(kB(gzipBytes(file)), 7)} kB  ${file}`);
    details.push("");
  }
}

console.log(`\nFirst-load JavaScript per route (kB gzip, level 6, from ${manifestPath.replace(root + "/", "")})\n`);
const header = ["Route", "kB", "Budget", ""];
const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => row[i].length)));
const line = (row) =>
  row
    .map((cell, i) => (i === 1 || i === 2 ? padStart(cell, widths[i]) : pad(cell, widths[i])))
    .join("  ")
    .trimEnd();
console.log(line(header));
for (const row of rows) console.log(line(row));
if (walletAfter.length) {
  const [min, max] = [Math.min(...walletAfter), Math.max(...walletAfter)];
  const range = min === max ? kB(min) : `${kB(min)}–${kB(max)}`;
  console.log(
    `\nLoaded where a screen signs, after its first render: the wallet adapter (${walletEngine}), ${range} kB beyond a route's first load.`,
  );
}
console.log(`Admin chunks loaded by /login: ${loginAdmin.length ? loginAdmin.join(", ") : "none"}.`);
if (showFiles) console.log(`\n${details.join("\n")}`);

if (failures.length) {
  console.error("");
  for (const failure of failures) console.error(`size: ${failure}`);
  process.exit(1);
}
console.log("\nEvery route is within its budget.");
