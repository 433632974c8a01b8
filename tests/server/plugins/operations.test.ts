// What a load balancer and an operator ask of an instance. /healthz answers while the process does;
// /readyz names the database or the chain when one does not answer; /metrics serves the request
// histogram, the settlement queue and sign-in failures (behind METRICS_TOKEN when set); every response
// carries its request id, the load balancer's when it sent a sane one; a SIGTERM lets what is in flight
// finish and exits 0.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Writable } from "node:stream";
import { ConfigError, parseConfig } from "../../../server/config.ts";
import { stopper } from "../../../server/index.ts";
import { freePort } from "../../support/free-port.ts";
import { startProcess, stopProcess, waitForOutput } from "../../support/processes.ts";
import { waitFor } from "../../support/wait.ts";
import { startTestServer, type TestServer } from "../support/harness.ts";
import { createTestDatabase } from "../support/test-database.ts";

const TOKEN = "metrics-token-for-the-tests";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ settlement: true, env: { METRICS_TOKEN: TOKEN } });
});
afterAll(() => server.close());

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}${path}`, { headers });
const scrape = async () => (await get("/metrics", { authorization: `Bearer ${TOKEN}` })).text();

describe("configuration", () => {
  it("reads METRICS_TOKEN and SHUTDOWN_TIMEOUT_SECONDS, with an open /metrics and 25 s by default", () => {
    expect(parseConfig({})).toMatchObject({ metricsToken: null, shutdownTimeoutMs: 25_000 });
    expect(parseConfig({ METRICS_TOKEN: ` ${TOKEN} `, SHUTDOWN_TIMEOUT_SECONDS: "2.5" })).toMatchObject({
      metricsToken: TOKEN,
      shutdownTimeoutMs: 2_500,
    });
  });

  it.each([
    ["METRICS_TOKEN", "short", "METRICS_TOKEN: must be at least 16 characters (or unset, to leave /metrics open)"],
    ["SHUTDOWN_TIMEOUT_SECONDS", "0", 'SHUTDOWN_TIMEOUT_SECONDS: "0" is not a number of seconds above 0 and at most 3600'],
    ["SHUTDOWN_TIMEOUT_SECONDS", "soon", 'SHUTDOWN_TIMEOUT_SECONDS: "soon" is not a number of seconds above 0 and at most 3600'],
  ])("refuses %s=%s, naming it", (variable, value, message) => {
    expect(() => parseConfig({ [variable]: value })).toThrow(new ConfigError(variable, message.slice(variable.length + 2)));
  });
});

describe("health and readiness", () => {
  it("GET /healthz answers 200 while the process runs", async () => {
    const response = await get("/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("GET /readyz is 200 when the database and the chain answer", async () => {
    const response = await get("/readyz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ready", checks: { database: "ok", chain: "ok" } });
  });

  it("GET /readyz is 503 naming the chain when it does not answer", async () => {
    const ledger = server.ctx.settlementBackend!.ledger;
    const spy = vi.spyOn(ledger, "latestBlockhash").mockRejectedValue(new Error("connect ECONNREFUSED 127.0.0.1:8899"));
    try {
      const response = await get("/readyz");
      expect(response.status).toBe(503);
      const body = await response.json();
      expect(body.message).toBe("Not ready: chain unreachable: connect ECONNREFUSED 127.0.0.1:8899");
      expect(body.checks).toEqual({ database: "ok", chain: "unreachable: connect ECONNREFUSED 127.0.0.1:8899" });
    } finally {
      spy.mockRestore();
    }
  });

  it("GET /readyz says the chain is not configured, and is ready, on a server without settlement", async () => {
    const plain = await startTestServer();
    try {
      const response = await fetch(`${plain.baseUrl}/readyz`);
      expect(response.status).toBe(200);
      expect((await response.json()).checks).toEqual({ database: "ok", chain: "not configured" });
    } finally {
      await plain.close();
    }
  });

  it("GET /readyz is 503 naming the database when it does not answer", async () => {
    const plain = await startTestServer();
    try {
      // The database stops answering, on either engine: its connection (SQLite) or pool (PostgreSQL) closed.
      await plain.ctx.database.close();
      const response = await fetch(`${plain.baseUrl}/readyz`);
      expect(response.status).toBe(503);
      expect((await response.json()).message).toMatch(/^Not ready: database unreachable: /);
    } finally {
      await plain.close().catch(() => undefined);
    }
  });
});

describe("metrics", () => {
  it("refuses a scrape without the METRICS_TOKEN, or with another", async () => {
    const attempts: Record<string, string>[] = [{}, { authorization: "Bearer not-the-token-at-all-xx" }];
    for (const headers of attempts) {
      const response = await get("/metrics", headers);
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe("Bearer");
      expect((await response.json()).message).toBe("Metrics need the METRICS_TOKEN as a bearer token");
    }
  });

  it("records each request's duration by method, route pattern and status", async () => {
    const client = await server.signIn();
    expect((await client.get("/users/not-a-user")).status).toBe(404);
    const text = await scrape();
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/users\/:id",status_code="404"\} 1$/m);
    expect(text).toMatch(
      /^http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/v1\/auth\/nonce",status_code="200"\} \d+$/m,
    );
    // Node's own figures come along.
    expect(text).toMatch(/^process_cpu_seconds_total \d/m);
  });

  it("counts refused sign-ins by reason", async () => {
    const before = (await scrape()).match(/^marketplace_sign_in_failures_total\{reason="bad signature"\} (\d+)$/m)?.[1] ?? "0";
    const client = server.client();
    const wallet = server.adminWallet;
    const { nonce, message } = (await client.get(`/auth/nonce?publicKey=${wallet.publicKey}`)).body.data;
    const refused = await client.post("/auth/admin/verify", {
      publicKey: wallet.publicKey,
      signature: server.newWallet().sign(message),
      nonce,
      message,
    });
    expect(refused.status).toBe(401);
    expect(await scrape()).toMatch(
      new RegExp(`^marketplace_sign_in_failures_total\\{reason="bad signature"\\} ${Number(before) + 1}$`, "m"),
    );
  });

  it("reports the settlement queue by status, read from the database", async () => {
    const now = new Date(server.ctx.now()).toISOString();
    const row = (id: string, status: "failed" | "confirmed") => ({
      id,
      kind: "marketplace_initialization" as const,
      orderId: null,
      status,
      signature: null,
      lastValidBlockHeight: null,
      submittedAt: null,
      lastError: null,
      cluster: null,
      requestedBy: server.adminWallet.publicKey,
      requestedByUserId: "u-ops",
      resolution: null,
      refundPercentage: null,
      adminNotes: null,
      createdAt: now,
      updatedAt: now,
    });
    await server.ctx.db
      .insertInto("settlements")
      .values([row("q-1", "failed"), row("q-2", "failed"), row("q-3", "confirmed")])
      .execute();
    const text = await scrape();
    expect(text).toMatch(/^marketplace_settlements\{status="failed"\} 2$/m);
    expect(text).toMatch(/^marketplace_settlements\{status="confirmed"\} 1$/m);
  });
});

describe("request ids", () => {
  it("echoes the load balancer's X-Request-Id, and makes one when there is none or it is not sane", async () => {
    expect((await get("/healthz", { "x-request-id": "lb-7f3a.42:1" })).headers.get("x-request-id")).toBe("lb-7f3a.42:1");
    const made = (await get("/healthz")).headers.get("x-request-id");
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    const insane = (await get("/healthz", { "x-request-id": "a b\u00e9<script>" })).headers.get("x-request-id");
    expect(insane).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("writes one JSON log line per request, with its id, route, status and duration", async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(
          ...String(chunk)
            .trim()
            .split("\n")
            .map((line) => JSON.parse(line) as Record<string, unknown>),
        );
        done();
      },
    });
    const logged = await startTestServer({ env: { LOG_LEVEL: "info" }, logStream: stream });
    try {
      await fetch(`${logged.baseUrl}/healthz`, { headers: { "x-request-id": "req-from-the-lb" } });
      // Written once the response has gone out.
      const line = await waitFor("the request's log line", () =>
        lines.find((entry) => entry.msg === "request" && entry.requestId === "req-from-the-lb"),
      );
      expect(line).toMatchObject({ level: 30, method: "GET", route: "/healthz", statusCode: 200, ms: expect.any(Number) });
    } finally {
      await logged.close();
    }
  });
});

describe("a stop", () => {
  it("lets a request in flight finish before the app closes (what SIGTERM runs), then closes its connection", async () => {
    const closing = await startTestServer({ settlement: true });
    try {
      const ledger = closing.ctx.settlementBackend!.ledger;
      const real = ledger.latestBlockhash.bind(ledger);
      let reached!: () => void;
      const handling = new Promise<void>((done) => (reached = done));
      let release!: () => void;
      const released = new Promise<void>((done) => (release = done));
      // The request is held until the stop is under way, however slowly either side runs.
      vi.spyOn(ledger, "latestBlockhash").mockImplementation(async () => {
        reached();
        await released;
        return real();
      });
      const inFlight = fetch(`${closing.baseUrl}/readyz`);
      await handling;
      const closed = closing.app.close();
      // Fastify stops listening once the app's preClose hooks have run (the stop has begun).
      await waitFor("the app to stop listening", () => !closing.app.server.listening);
      release();
      const response = await inFlight;
      expect(response.status).toBe(200);
      expect((await response.json()).checks.chain).toBe("ok");
      // Its connection closes with it, instead of staying open, kept alive, until it times out.
      expect(response.headers.get("connection")).toBe("close");
      await closed;
      await expect(fetch(`${closing.baseUrl}/healthz`)).rejects.toThrow();
    } finally {
      await closing.close().catch(() => undefined);
    }
  });

  it("exits 0 once closed, or 1 when closing outlasts SHUTDOWN_TIMEOUT_SECONDS", async () => {
    const exits: number[] = [];
    const exit = (code: number) => void exits.push(code);
    const app = server.app;
    let closed = false;
    await stopper({ app, ctx: server.ctx, close: async () => void (closed = true) }, exit)("SIGTERM");
    expect({ closed, exits }).toEqual({ closed: true, exits: [0] });

    const stuck = { ...server.ctx, config: { ...server.ctx.config, shutdownTimeoutMs: 20 } };
    void stopper({ app, ctx: stuck, close: () => new Promise<void>(() => undefined) }, exit)("SIGTERM");
    await waitFor("the stuck stop to exit 1", () => exits.length === 2);
    expect(exits).toEqual([0, 1]);
  });

  it("on SIGTERM, logs that it is stopping and exits 0", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ops-stop-"));
    const database = await createTestDatabase(dir, "db.sqlite");
    const port = await freePort();
    const child = startProcess(process.execPath, ["--import", "tsx", "server/index.ts"], {
      cwd: resolve("."),
      env: {
        ...process.env,
        NODE_ENV: "test",
        LOG_LEVEL: "info",
        HOST: "127.0.0.1",
        PORT: String(port),
        PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
        ...database.env,
        ADMIN_WALLETS: server.adminWallet.publicKey,
        DEMO_WALLET: "off",
        // An empty database: seeding it would also fund every open order's escrow on the in-process
        // chain, seconds of start-up this test is not about.
        SEED_DEMO_DATA: "0",
        SHUTDOWN_TIMEOUT_SECONDS: "10",
      },
    });
    try {
      await waitForOutput(child, "the server to listen", /Marketplace Admin console:/);
      // The whole output on failure: a signal or a crash says more than the bare exit code.
      expect(await stopProcess(child, "SIGTERM", "the server to stop"), child.output()).toEqual({ code: 0, signal: null });
      const lines = child
        .output()
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines).toContainEqual(expect.objectContaining({ msg: "stopping", signal: "SIGTERM", timeoutMs: 10_000 }));
    } finally {
      await stopProcess(child, "SIGKILL");
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
