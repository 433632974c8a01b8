// The demo wallet exists only on a plainly local server, requests naming a foreign Host are refused
// (DNS rebinding), and every /api/v1 response, including the framework's own refusals (a wrong-case
// API path among them), has the API's error shape and headers.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseConfig, ConfigError } from "../../../server/config.ts";
import { demoWalletAllowed } from "../../../server/context.ts";
import { startTestServer, type TestServer } from "../support/harness.ts";

let server: TestServer;
let port: number;
const consoleDir = mkdtempSync(join(tmpdir(), "hardening-console-"));

beforeAll(async () => {
  mkdirSync(consoleDir, { recursive: true });
  writeFileSync(join(consoleDir, "index.html"), "<!doctype html><title>Marketplace Admin</title><div id=root></div>");
  server = await startTestServer({ config: { staticDir: consoleDir } });
  port = Number(new URL(server.baseUrl).port);
});
afterAll(async () => {
  await server.close();
  rmSync(consoleDir, { recursive: true, force: true });
});

/** Sends raw bytes on a fresh socket and returns everything the server wrote before closing. */
function raw(text: string): Promise<string> {
  return new Promise((resolve) => {
    let out = "";
    const socket = connect(port, "127.0.0.1", () => socket.write(text));
    socket.on("data", (chunk) => (out += chunk.toString("latin1")));
    socket.on("close", () => resolve(out));
    socket.on("error", () => resolve(out));
    setTimeout(() => socket.destroy(), 3000);
  });
}

/** A GET with a Host header of our choosing (fetch replaces it with the URL's). */
function getWithHost(path: string, host: string, to = port): Promise<{ status: number; body: Record<string, unknown>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: to, path, headers: { host } }, (res) => {
      let text = "";
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => {
        let body: Record<string, unknown> = {};
        try {
          body = JSON.parse(text) as Record<string, unknown>;
        } catch {
          body = {};
        }
        resolve({ status: res.statusCode ?? 0, body, text });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

function parseRaw(response: string) {
  const [head, body = ""] = response.split("\r\n\r\n");
  const [statusLine, ...lines] = head.split("\r\n");
  const headers = new Map(lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]));
  return { status: Number(statusLine.split(" ")[1]), headers, body: JSON.parse(body) as Record<string, unknown> };
}

function expectApiHeaders(get: (name: string) => string | null | undefined) {
  expect(get("cache-control")).toBe("no-store");
  expect(get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(get("x-content-type-options")).toBe("nosniff");
}

describe("the demo wallet exists only on a plainly local server", () => {
  it.each([
    ["behind a reverse proxy (https public origin, loopback HOST)", { PUBLIC_ORIGIN: "https://admin.example.com" }],
    ["with a non-loopback http public origin", { PUBLIC_ORIGIN: "http://admin.internal:8080" }],
    ["when not listening on loopback", { HOST: "0.0.0.0" }],
    ["in production", { NODE_ENV: "production" }],
    ["when switched off", { DEMO_WALLET: "off" }],
  ])("is not allowed %s", (_label, env) => {
    expect(demoWalletAllowed(parseConfig(env))).toBe(false);
  });

  it.each([
    ["by default", {}],
    ["on http://127.0.0.1", { PUBLIC_ORIGIN: "http://127.0.0.1:9000" }],
    ["on http://[::1]", { PUBLIC_ORIGIN: "http://[::1]:9000", HOST: "::1" }],
    [
      "anywhere outside production with the unsafe opt-in",
      { PUBLIC_ORIGIN: "https://admin.example.com", HOST: "0.0.0.0", DEMO_WALLET: "unsafe-on" },
    ],
  ])("is allowed %s", (_label, env) => {
    expect(demoWalletAllowed(parseConfig(env))).toBe(true);
  });

  it("refuses an unknown DEMO_WALLET value, and the unsafe opt-in in production, naming the variable", () => {
    expect(() => parseConfig({ DEMO_WALLET: "yes" })).toThrow(ConfigError);
    expect(() => parseConfig({ DEMO_WALLET: "yes" })).toThrow(/^DEMO_WALLET: /);
    expect(() => parseConfig({ DEMO_WALLET: "unsafe-on", NODE_ENV: "production" })).toThrow(/^DEMO_WALLET: /);
  });

  it("serves no secret key behind a reverse proxy, even for the public Host", async () => {
    const proxied = await startTestServer({ env: { PUBLIC_ORIGIN: "https://admin.example.com" } });
    try {
      const res = await getWithHost("/api/v1/demo/wallet", "admin.example.com", Number(new URL(proxied.baseUrl).port));
      expect(res.status).toBe(404);
      expect(res.text).not.toMatch(/secretKey/);
      expect(proxied.ctx.demoWallet).toBeNull();
      expect([...proxied.ctx.adminWallets]).toEqual([proxied.adminWallet.publicKey]);
    } finally {
      await proxied.close();
    }
  });
});

describe("the Host header must name this server", () => {
  it("refuses a DNS-rebinding Host on every route, the demo wallet included", async () => {
    for (const path of ["/api/v1/demo/wallet", "/api/v1/auth/nonce?publicKey=x", "/"]) {
      const res = await getWithHost(path, `rebind.attacker.example:${port}`);
      expect(res.status, path).toBe(421);
      expect(res.body.message).toMatch(/rebind\.attacker\.example/);
      expect(res.text).not.toMatch(/secretKey/);
    }
  });

  it("refuses a look-alike name and a Host that is not a host", async () => {
    expect((await getWithHost("/api/v1/demo/wallet", "localhost.attacker.example")).status).toBe(421);
    expect((await getWithHost("/api/v1/demo/wallet", "user@localhost:5173")).status).toBe(421);
  });

  it("accepts the public origin's host and loopback or IP-literal hosts", async () => {
    for (const host of ["localhost:5173", "LOCALHOST:5173", `127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
      const res = await getWithHost("/api/v1/demo/wallet", host);
      expect(res.status, host).toBe(200);
    }
  });
});

describe("every /api/v1 response has the API's error shape and headers", () => {
  it("a malformed percent-encoding is a 400 in { message }", async () => {
    const client = await server.signIn();
    const res = await client.get("/users/%ZZ");
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(["message"]);
    expect(res.body.message).toMatch(/URL/);
    expectApiHeaders((n) => res.headers.get(n));
  });

  it("an over-long id is a 404 that does not echo the URL", async () => {
    const client = await server.signIn();
    const id = "a".repeat(120);
    const res = await client.get(`/users/${id}`);
    expect(res.status).toBe(404);
    expect(Object.keys(res.body)).toEqual(["message"]);
    expect(res.text).not.toContain(id);
    expectApiHeaders((n) => res.headers.get(n));
  });

  it("an over-long cookie header is a 431 in { message } with the API's headers", async () => {
    const res = parseRaw(await raw(`GET /api/v1/users HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: a=${"b".repeat(70_000)}\r\n\r\n`));
    expect(res.status).toBe(431);
    expect(Object.keys(res.body)).toEqual(["message"]);
    expectApiHeaders((n) => res.headers.get(n));
  });

  it("a garbage request line is a 400 in { message } with the API's headers", async () => {
    const res = parseRaw(await raw("GARBAGE\r\n\r\n"));
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(["message"]);
    expect(res.body.message).not.toBe("Client Error");
    expectApiHeaders((n) => res.headers.get(n));
  });

  it("a wrong-case /API/v1 path is the API's JSON 404, not the console's page", async () => {
    const res = await fetch(`${server.baseUrl}/API/v1/users`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(Object.keys((await res.json()) as object)).toEqual(["message"]);
    expectApiHeaders((n) => res.headers.get(n));
  });
});
