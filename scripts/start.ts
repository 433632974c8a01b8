// `npm start`: build the console when dist/ is missing or older than its sources, then run the
// server, which serves the console and the API on one origin.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { exitUnlessSupportedNode } from "../server/node-version.ts";

// Before the build: on a Node the server will refuse, say so now rather than after a minute of vite.
exitUnlessSupportedNode();

const root = resolve(fileURLToPath(new URL("..", import.meta.url)));
const builtIndex = join(root, "dist", "index.html");
const SOURCES = ["index.html", "vite.config.ts", "package.json", "tsconfig.json", "src", "public"];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

export function consoleIsStale(): boolean {
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  return SOURCES.some((source) => newestMtime(join(root, source)) > built);
}

function buildConsole(): boolean {
  console.log("Building the console (vite build)…");
  const vite = join(root, "node_modules", "vite", "bin", "vite.js");
  const result = spawnSync(process.execPath, [vite, "build"], { cwd: root, stdio: "inherit" });
  return result.status === 0;
}

if (consoleIsStale() && !buildConsole()) {
  if (!existsSync(builtIndex)) {
    console.error("The console build failed and there is no earlier build in dist/: fix the errors above.");
    process.exit(1);
  }
  console.warn("The console build failed: serving the previous build from dist/.");
}

process.chdir(root);
const { main } = await import("../server/index.ts");
await main();
