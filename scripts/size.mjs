#!/usr/bin/env node
// `npm run size`: builds the console, then prints how much JavaScript (gzip) each route downloads
// before it can render, by walking Vite's manifest: the entry and its static imports, plus the
// route's lazy chunks and their static imports. It reports numbers; the budget lives in README.md.
//   node scripts/size.mjs            build, then report
//   node scripts/size.mjs --no-build report on the existing dist/
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");
const manifestPath = join(dist, ".vite", "manifest.json");

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

// What each route renders first, besides the entry: its lazy modules, by source path.
const routes = [
  { name: "/login", lazy: ["src/pages/login/index.tsx"] },
  { name: "/ (dashboard, signed in)", lazy: ["src/components/layout/admin-layout.tsx", "src/pages/dashboard/index.tsx"] },
  { name: "/tokens (a list screen)", lazy: ["src/components/layout/admin-layout.tsx", "src/resources/tokens/list.tsx"] },
];
// Chunks that are the admin side of the app: /login must load none of them.
const adminKeys = [
  "src/components/layout/admin-layout.tsx",
  ...Object.keys(manifest).filter((key) => /^src\/(pages\/(dashboard|marketplace)|resources)\//.test(key)),
];

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

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`; // kB = 1000 bytes, as Vite prints
const pad = (text, width) => String(text).padEnd(width);

console.log(`\nFirst-load JavaScript per route (gzip level 6, from ${manifestPath.replace(root + "/", "")})\n`);
for (const route of routes) {
  const missing = route.lazy.filter((key) => !manifest[key]);
  if (missing.length) {
    console.log(`${route.name}: not in the manifest (${missing.join(", ")})`);
    continue;
  }
  const keys = closure([entryKey, ...route.lazy]);
  const js = [...keys].map((key) => manifest[key].file);
  const css = [...new Set([...keys].flatMap((key) => manifest[key].css ?? []))];
  const jsBytes = js.reduce((sum, file) => sum + gzipBytes(file), 0);
  const cssBytes = css.reduce((sum, file) => sum + gzipBytes(file), 0);
  console.log(`${pad(route.name, 28)} JS ${pad(kB(jsBytes), 10)} in ${js.length} files   (+ CSS ${kB(cssBytes)})`);
  for (const file of js.sort((a, b) => gzipBytes(b) - gzipBytes(a))) {
    console.log(`    ${pad(kB(gzipBytes(file)), 10)} ${file}`);
  }
  if (route.name === "/login") {
    const admin = adminKeys.filter((key) => keys.has(key));
    console.log(`    admin chunks loaded by /login: ${admin.length ? admin.join(", ") : "none"}`);
  }
  console.log("");
}
