// The project runs on the Node.js lines it is tested on (24 and 22), says so in package.json, brings
// its own Node 24 through npm, and refuses any other Node in one line instead of crashing.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TESTED_NODE, unsupportedNodeMessage } from "../../server/node-version.ts";
import { runProcess } from "../support/processes.ts";

const pkg = JSON.parse(readFileSync("package.json", "utf8")) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
  dependencies: Record<string, string>;
};

describe("the supported Node.js versions", () => {
  it("accepts the tested release of each line and later ones of the same line", () => {
    for (const version of ["24.21.0", "24.21.1", "24.30.0", "22.23.3", "22.24.0", "v24.21.0"])
      expect([version, unsupportedNodeMessage(version)]).toEqual([version, null]);
  });

  it("refuses an end-of-life line, an untested line and an older release of a tested line, each in one line naming it and what to run", () => {
    const cases: [string, string][] = [
      ["20.20.2", "Node.js v20.20.2 is past its end of life"],
      ["18.20.8", "Node.js v18.20.8 is past its end of life"],
      ["23.11.1", "Node.js v23.11.1 is not a version this project is tested on"],
      ["26.10.0", "Node.js v26.10.0 is not a version this project is tested on"],
      ["24.3.0", "Node.js v24.3.0 is older than the tested 24.21.0"],
      ["22.12.0", "Node.js v22.12.0 is older than the tested 22.23.3"],
    ];
    for (const [version, why] of cases) {
      const message = unsupportedNodeMessage(version) ?? "";
      expect(message.startsWith(`${why}: run it on Node.js 24 (24.21.0 or later) or 22 (22.23.3 or later), or through npm`)).toBe(true);
      expect(message).not.toContain("\n");
    }
  });

  it("names the same releases in package.json: engines, and the Node that npm scripts run on", () => {
    expect(pkg.engines.node).toBe(TESTED_NODE.map((release) => `^${release}`).join(" || "));
    expect(pkg.devDependencies.node).toBe(TESTED_NODE[0]);
    expect(pkg.dependencies.node).toBeUndefined();
  });

  it("tests the other line in CI: .ci/run installs that Node from the npm registry", () => {
    const ci = readFileSync(".ci/run", "utf8");
    expect(ci).toMatch(/^npm test$/m);
    const others = /^OTHER_NODES=\((.*)\)$/m.exec(ci)?.[1].split(" ");
    expect(others).toEqual(TESTED_NODE.slice(1));
  });
});

describe("an entry point started on an unsupported Node", () => {
  // The running Node made to report 20.20.2 once tsx is loaded: what the entry points read.
  const asNode20 = `data:text/javascript,Object.defineProperty(process,"versions",{value:{...process.versions,node:"20.20.2"}})`;
  const run = (entry: string, dataDir: string) =>
    runProcess(process.execPath, ["--import", "tsx", "--import", asNode20, entry], {
      env: { ...process.env, PORT: "1", DATABASE_PATH: join(dataDir, "db.sqlite") },
    });

  it.each(["scripts/start.ts", "server/index.ts"])(
    "%s exits 1 with that one line, before building, opening or writing anything",
    async (entry) => {
      const dataDir = mkdtempSync(join(tmpdir(), "mkt-node-version-"));
      try {
        const result = await run(entry, dataDir);
        expect(result.code, result.stderr).toBe(1);
        expect(result.stdout).toBe("");
        expect(result.stderr).toBe(`${unsupportedNodeMessage("20.20.2")}\n`);
        expect(readdirSync(dataDir)).toEqual([]);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
