// The Node.js lines the project is tested on, and the one line said to whoever starts it on another.
// package.json's engines, its `node` dependency (the Node that npm start and npm test run on) and the
// second Node of .ci/run name the same releases; tests/server/node-version.test.ts holds them together.
// Why these lines and this SQLite driver: docs/node-versions.md.

/** Each supported line's tested release, the recommended line first; later releases of a line are accepted. */
export const TESTED_NODE = ["24.21.0", "22.23.3"] as const;

/** The oldest line still maintained upstream: older ones are past their end of life (Node 20 since 2026-04-30). */
const OLDEST_MAINTAINED = 22;

const parse = (version: string) => version.replace(/^v/, "").split(".").map(Number);

function older(version: string, than: string): boolean {
  const [a, b] = [parse(version), parse(than)];
  const differs = a.findIndex((n, i) => n !== b[i]);
  return differs !== -1 && a[differs] < b[differs];
}

/** Why `version` (default: the running Node's) is refused, in one line saying what to use instead; null when it is supported. */
export function unsupportedNodeMessage(version: string = process.versions.node): string | null {
  const major = parse(version)[0];
  const tested = TESTED_NODE.find((release) => parse(release)[0] === major);
  if (tested && !older(version, tested)) return null;
  const why = tested
    ? `is older than the tested ${tested}`
    : major < OLDEST_MAINTAINED
      ? "is past its end of life"
      : "is not a version this project is tested on";
  const lines = TESTED_NODE.map((release) => `${parse(release)[0]} (${release} or later)`).join(" or ");
  return `Node.js v${version.replace(/^v/, "")} ${why}: run it on Node.js ${lines}, or through npm (npm start, npm test), which runs the Node 24 that npm install put in node_modules/.bin.`;
}

/** Exits 1 with that line on an unsupported Node: the first thing an entry point does. */
export function exitUnlessSupportedNode(): void {
  const message = unsupportedNodeMessage();
  if (message === null) return;
  console.error(message);
  process.exit(1);
}
