// docs/deploy.md, followed as written: every command of its shell blocks is run here (the server
// started as the guide says, its endpoints fetched as the guide's curl lines ask, the bookkeeping
// tools run), or is one CI runs (.ci/run). A command this test does not know fails it, so the guide
// cannot grow a step nobody ran. It runs once: in the PostgreSQL run when there is one (the guide's
// database), else on SQLite (vitest.config.ts).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Keypair } from "@solana/web3.js";
import { freePort } from "../support/free-port.ts";
import { runProcess, startProcess, stopProcess, waitForAnswer, type Started } from "../support/processes.ts";
import { createTestDatabase, type TestDatabase } from "./support/test-database.ts";

const guide = readFileSync("docs/deploy.md", "utf8");
const commands = [...guide.matchAll(/```sh\n([\s\S]*?)```/g)]
  .flatMap((block) => block[1].split("\n"))
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith("#"));

/** How the guide starts an instance (package.json's start:server, without npm in between). */
const START = "node --import tsx server/index.ts";

/** Run by CI on every submission: .ci/run installs with `npm ci`, and `npm test` builds the console. */
const RUN_BY_CI: Record<string, () => boolean> = {
  "npm ci": () => /^npm ci\b/m.test(readFileSync(".ci/run", "utf8")),
  "npm run build": () =>
    /^npm test$/m.test(readFileSync(".ci/run", "utf8")) &&
    /build: \{ cmd: bin\("vite"\), args: \["build"/.test(readFileSync("scripts/test.mjs", "utf8")),
};

describe("docs/deploy.md", () => {
  let dir: string;
  let database: TestDatabase;
  let server: Started | null = null;
  let env: Record<string, string>;
  let port: number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "mkt-deploy-guide-"));
    database = await createTestDatabase(dir, "marketplace.sqlite");
    const admin = Keypair.generate();
    const authority = join(dir, "authority.json");
    writeFileSync(authority, JSON.stringify([...admin.secretKey]), { mode: 0o600 });
    port = await freePort();
    env = {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? dir,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_ORIGIN: "https://admin.marketplace.example",
      TRUST_PROXY: "1",
      ...database.env,
      SESSION_SECRET: "a-session-secret-shared-by-every-instance",
      ADMIN_WALLETS: admin.publicKey.toBase58(),
      // The guide's cluster is a real one; here, the in-process chain of the data folder.
      SETTLEMENT_CLUSTER: "litesvm",
      AUTHORITY_KEYPAIR: authority,
      REQUIRE_SIGNED_DECISIONS: "1",
      METRICS_TOKEN: "a-metrics-token-for-the-scraper",
      LOG_LEVEL: "silent",
    };
  });

  afterAll(async () => {
    if (server) await stopProcess(server, "SIGKILL");
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("starts the server as npm run start:server does", () => {
    const scripts = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;
    expect(scripts["start:server"]).toBe("tsx server/index.ts");
  });

  it("has only commands this test or CI runs", () => {
    const known = (line: string) =>
      line in RUN_BY_CI || line === START || line.startsWith("curl ") || /^npm run (reconcile|audit:verify)$/.test(line);
    expect(commands.length).toBeGreaterThan(5);
    expect(commands.filter((line) => !known(line))).toEqual([]);
  });

  it("builds and installs as CI does", () => {
    for (const line of commands.filter((l) => l in RUN_BY_CI)) expect([line, RUN_BY_CI[line]()]).toEqual([line, true]);
  });

  it("starts an instance in production, which answers the health, readiness and metrics calls as shown", async () => {
    expect(commands).toContain(START);
    server = startProcess("bash", ["-c", `exec ${START}`], { env });
    await waitForAnswer(server, "the server to answer /healthz", `http://127.0.0.1:${port}/healthz`);

    const curls = commands.filter((line) => line.startsWith("curl "));
    expect(curls.length).toBe(3);
    for (const line of curls) {
      const { url, headers } = parseCurl(line, env, port);
      const response = await fetch(url, { headers });
      expect([line, response.status]).toEqual([line, 200]);
      const body = await response.text();
      if (url.endsWith("/readyz")) expect(JSON.parse(body)).toEqual({ status: "ready", checks: { database: "ok", chain: "ok" } });
      if (url.endsWith("/metrics")) {
        expect(body).toContain("http_request_duration_seconds_bucket");
        expect(body).toContain("marketplace_settlements");
        if (env.DATABASE_URL) expect(body).toMatch(/marketplace_db_pool_connections\{state="open"\} [1-9]/);
      }
    }
    // Without the token the metrics stay closed, as the guide says.
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);
  });

  it("runs the bookkeeping tools beside it, both agreeing with an empty marketplace", async () => {
    for (const line of commands.filter((l) => /^npm run (reconcile|audit:verify)$/.test(l))) {
      const result = await runProcess("bash", ["-c", line], { env });
      expect([
        line,
        result.code,
        result.stderr
          .split("\n")
          .filter((l) => !l.startsWith("npm warn"))
          .join("\n")
          .trim(),
      ]).toEqual([line, 0, ""]);
    }
  });

  it("stops on SIGTERM with exit 0, having seeded no demo data into the production database", async () => {
    expect(await stopProcess(server!, "SIGTERM", "the server to stop"), server!.output()).toEqual({ code: 0, signal: null });
    const opened = await database.open();
    try {
      const orders = await opened.db
        .selectFrom("orders")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(orders.n)).toBe(0);
    } finally {
      await opened.close();
    }
  });
});

/** The URL and headers of one of the guide's curl lines, with $VARIABLES from `env` and the guide's port replaced by the test's. */
function parseCurl(line: string, env: Record<string, string>, port: number): { url: string; headers: Record<string, string> } {
  const expanded = line.replace(/\$([A-Z_]+)/g, (_, name: string) => env[name] ?? "");
  const headers: Record<string, string> = {};
  for (const [, header] of expanded.matchAll(/-H "([^"]+)"/g)) {
    const colon = header.indexOf(":");
    headers[header.slice(0, colon).trim()] = header.slice(colon + 1).trim();
  }
  const url = /(https?:\/\/\S+)/.exec(expanded)?.[1] ?? "";
  return { url: url.replace(":8080/", `:${port}/`), headers };
}
