// The protections around the API, against the real server: the admin guard, CSRF (signed
// double-submit + Fetch Metadata/Origin), rate limits, headers, cookies, the demo wallet route,
// the error shape and the console's static files.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import bs58 from "bs58";
import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "../../../server/context.ts";
import { startTestServer, TEST_PUBLIC_ORIGIN, type TestServer } from "../support/harness.ts";

// Stand-in resource routes: what the guard lets through is echoed back.
const probe: FastifyPluginAsync<{ ctx: AppContext }> = async (app) => {
  app.get("/probe", async (request) => ({ data: request.admin }));
  app.post("/probe", async (request) => ({ data: { admin: request.admin, body: request.body ?? null } }));
  app.delete("/probe", async () => ({ data: { deleted: true } }));
  app.get("/boom", async () => {
    throw new Error("secret internal detail");
  });
};

let server: TestServer;
let consoleDir: string;

beforeAll(async () => {
  consoleDir = mkdtempSync(join(tmpdir(), "mkt-console-"));
  mkdirSync(join(consoleDir, "assets"));
  writeFileSync(join(consoleDir, "index.html"), "<!doctype html><title>Marketplace Admin</title><div id=root></div>");
  writeFileSync(join(consoleDir, "assets", "app-abc123.js"), "console.log(1)");
  server = await startTestServer({ resources: probe, config: { staticDir: consoleDir } });
});
afterAll(async () => {
  await server.close();
  rmSync(consoleDir, { recursive: true, force: true });
});

describe("admin guard", () => {
  it("answers 401 without a session, before looking at the CSRF token or the body", async () => {
    const anon = server.client();
    expect((await anon.get("/probe")).status).toBe(401);
    const post = await anon.post("/probe", "{not json", { headers: { "content-type": "application/json" } });
    expect(post.status).toBe(401);
    expect(post.body).toEqual({ message: expect.stringMatching(/sign in/i) });
  });

  it("lets a signed-in admin through and tells the route who it is", async () => {
    const client = await server.signIn();
    const res = await client.get("/probe");
    expect(res.status).toBe(200);
    // An ADMIN_WALLETS wallet: an owner.
    expect(res.body.data).toEqual({ userId: expect.any(String), publicKey: server.adminWallet.publicKey, role: "owner" });
  });

  it("answers 401 once the session has expired or was revoked", async () => {
    const idle = await server.signIn();
    server.clock.advance(31 * 60_000);
    expect((await idle.get("/probe")).status).toBe(401);

    const client = await server.signIn();
    const copy = server.client();
    for (const [k, v] of client.cookies) copy.cookies.set(k, v);
    expect((await client.post("/auth/logout")).status).toBe(200);
    expect((await copy.get("/probe")).status).toBe(401);
  });

  it("answers 403 when the admin is disabled or demoted after sign-in", async () => {
    const client = await server.signIn();
    const key = server.adminWallet.publicKey;
    try {
      await server.ctx.db.updateTable("users").set({ disabled: 1 }).where("publicKey", "=", key).execute();
      expect((await client.get("/probe")).status).toBe(403);
      await server.ctx.db.updateTable("users").set({ disabled: 0, role: "USER" }).where("publicKey", "=", key).execute();
      const res = await client.get("/probe");
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/admin/);
    } finally {
      await server.ctx.db.updateTable("users").set({ disabled: 0, role: "ADMIN" }).where("publicKey", "=", key).execute();
    }
  });
});

describe("CSRF", () => {
  it("accepts a state-changing request carrying the session's token", async () => {
    const client = await server.signIn();
    const res = await client.post("/probe", { a: 1 }, { headers: { origin: TEST_PUBLIC_ORIGIN, "sec-fetch-site": "same-origin" } });
    expect(res.status).toBe(200);
    expect(res.body.data.body).toEqual({ a: 1 });
  });

  it("answers 403 with a message when the token is missing or forged", async () => {
    const client = await server.signIn();
    const missing = await client.post("/probe", {}, { xsrf: false });
    expect(missing.status).toBe(403);
    expect(missing.body.message).toMatch(/CSRF/);
    const forged = await client.post("/probe", {}, { headers: { "x-xsrf-token": "abc.def" } });
    expect(forged.status).toBe(403);
    expect(forged.body.message).toMatch(/CSRF/);
    expect((await client.delete("/probe", undefined, { xsrf: false })).status).toBe(403);
  });

  it("refuses a token that matches its cookie but was minted for another session", async () => {
    const victim = await server.signIn();
    const attacker = await server.signIn();
    const theirs = attacker.cookies.get("XSRF-TOKEN") ?? "";
    victim.cookies.set("XSRF-TOKEN", theirs);
    const res = await victim.post("/probe", {}, { headers: { "x-xsrf-token": decodeURIComponent(theirs) } });
    expect(res.status).toBe(403);
  });

  it("refuses a pre-sign-in token once a session exists", async () => {
    const client = await server.signIn();
    const anon = server.client();
    await anon.get(`/auth/nonce?publicKey=${server.adminWallet.publicKey}`);
    const preSession = anon.cookies.get("XSRF-TOKEN") ?? "";
    client.cookies.set("XSRF-TOKEN", preSession);
    expect((await client.post("/probe", {})).status).toBe(403);
  });

  it("refuses cross-site requests and foreign origins even with a valid token", async () => {
    const client = await server.signIn();
    const cross = await client.post("/probe", {}, { headers: { "sec-fetch-site": "cross-site" } });
    expect(cross.status).toBe(403);
    const foreign = await client.post("/probe", {}, { headers: { origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toMatch(/origin/i);
  });

  it("protects logout: without or with a forged token it is 403 and the session survives", async () => {
    const client = await server.signIn();
    expect((await client.post("/auth/logout", undefined, { xsrf: false })).status).toBe(403);
    expect((await client.post("/auth/logout", undefined, { headers: { "x-xsrf-token": "forged.token" } })).status).toBe(403);
    expect((await client.get("/auth/validate")).status).toBe(200);
    expect((await client.post("/auth/logout")).status).toBe(200);
    expect((await client.get("/auth/validate")).status).toBe(401);
  });

  it("protects the sign-in POST with the token issued alongside the nonce", async () => {
    const client = server.client();
    const res = await client.get(`/auth/nonce?publicKey=${server.adminWallet.publicKey}`);
    const { nonce, message } = res.body.data;
    const body = { publicKey: server.adminWallet.publicKey, signature: server.adminWallet.sign(message), nonce, message };
    expect(client.cookies.get("XSRF-TOKEN")).toBeTruthy();
    expect((await client.post("/auth/admin/verify", body, { xsrf: false })).status).toBe(403);
  });
});

describe("cookies", () => {
  it("sets an HttpOnly SameSite=Strict session cookie (no Secure on http) and a readable XSRF cookie", async () => {
    const client = server.client();
    const { nonce, message } = (await client.get(`/auth/nonce?publicKey=${server.adminWallet.publicKey}`)).body.data;
    const res = await client.post("/auth/admin/verify", {
      publicKey: server.adminWallet.publicKey,
      signature: server.adminWallet.sign(message),
      nonce,
      message,
    });
    const cookies = res.headers.getSetCookie();
    const sid = cookies.find((c) => c.startsWith("sid="));
    const xsrf = cookies.find((c) => c.startsWith("XSRF-TOKEN="));
    expect(sid).toMatch(/; HttpOnly/);
    expect(sid).toMatch(/; SameSite=Strict/);
    expect(sid).toMatch(/; Path=\//);
    expect(sid).not.toMatch(/Secure/);
    expect(sid).not.toMatch(/Domain=/);
    expect(xsrf).toMatch(/; SameSite=Strict/);
    expect(xsrf).not.toMatch(/HttpOnly/);
  });

  it("uses a Secure __Host- session cookie when PUBLIC_ORIGIN is https", async () => {
    const https = await startTestServer({ env: { PUBLIC_ORIGIN: "https://admin.example.com" } });
    try {
      const client = await https.signIn();
      expect(client.cookies.has("__Host-sid")).toBe(true);
      const { nonce, message } = (await client.get(`/auth/nonce?publicKey=${https.adminWallet.publicKey}`)).body.data;
      expect(message.startsWith("admin.example.com wants you to sign in")).toBe(true);
      const res = await client.post("/auth/admin/verify", {
        publicKey: https.adminWallet.publicKey,
        signature: https.adminWallet.sign(message),
        nonce,
        message,
      });
      const sid = res.headers.getSetCookie().find((c) => c.startsWith("__Host-sid="));
      expect(sid).toMatch(/; Secure/);
      expect(sid).toMatch(/; HttpOnly/);
      expect(res.headers.get("strict-transport-security")).toMatch(/max-age=/);
    } finally {
      await https.close();
    }
  });
});

describe("rate limits", () => {
  it("answers the 11th nonce or verify call in a minute from one IP with 429 and Retry-After", async () => {
    const limited = await startTestServer({ config: { authRateLimit: { max: 10, windowMs: 60_000 } } });
    try {
      const client = limited.client();
      const statuses = [];
      for (let i = 0; i < 11; i++) statuses.push((await client.get(`/auth/nonce?publicKey=${limited.adminWallet.publicKey}`)).status);
      expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
      const last = await client.get(`/auth/nonce?publicKey=${limited.adminWallet.publicKey}`);
      expect(last.status).toBe(429);
      expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(last.body.message).toMatch(/too many/i);
      expect(last.headers.get("cache-control")).toBe("no-store");

      const verifies = [];
      for (let i = 0; i < 11; i++)
        verifies.push(await client.post("/auth/admin/verify", { publicKey: "x", signature: "y", nonce: "z", message: "m" }));
      expect(verifies[9].status).not.toBe(429);
      expect(verifies[10].status).toBe(429);
      expect(verifies[10].headers.get("retry-after")).toBeTruthy();
    } finally {
      await limited.close();
    }
  });
});

describe("headers", () => {
  it("marks API answers no-store, nosniff, no-referrer and unframeable", async () => {
    for (const res of [
      await server.client().get(`/auth/nonce?publicKey=${server.adminWallet.publicKey}`),
      await server.client().get("/auth/validate"),
      await server.client().get("/nowhere"),
    ]) {
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("no-referrer");
      expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get("content-type")).toMatch(/application\/json/);
    }
  });

  it("serves the console pages with a wallet-friendly CSP", async () => {
    const res = await fetch(`${server.baseUrl}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Marketplace Admin");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/img-src [^;]*data:/);
    expect(csp).toMatch(/connect-src 'self' https:\/\/api\.devnet\.solana\.com wss:\/\/api\.devnet\.solana\.com/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-eval");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cross-origin-opener-policy")).toBe("same-origin-allow-popups");
    expect(res.headers.get("cache-control")).toBe("no-cache");
  });

  it("falls back to index.html for client routes, but not for missing files or API paths", async () => {
    const route = await fetch(`${server.baseUrl}/orders?page=2`);
    expect(route.status).toBe(200);
    expect(route.headers.get("content-type")).toMatch(/text\/html/);
    expect(route.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    const asset = await fetch(`${server.baseUrl}/assets/app-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toMatch(/immutable/);
    expect((await fetch(`${server.baseUrl}/assets/missing.js`)).status).toBe(404);
    const api = await fetch(`${server.baseUrl}/api/v1/unknown/thing`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: expect.stringContaining("not found") });
  });
});

describe("errors", () => {
  it("turns unexpected errors into a generic 500 without details", async () => {
    const client = await server.signIn();
    const res = await client.get("/boom");
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: "Internal server error" });
    expect(res.text).not.toContain("secret");
  });

  it("answers malformed JSON with 400 and a message", async () => {
    const client = await server.signIn();
    const res = await client.post("/probe", "{oops", { headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/JSON/);
  });

  it("accepts a bodiless POST", async () => {
    const client = await server.signIn();
    const res = await client.request("POST", "/probe", { headers: { "content-type": "application/json" } });
    expect(res.status).toBe(200);
    expect(res.body.data.body).toBeNull();
  });
});

describe("demo wallet", () => {
  it("hands out a whitelisted keypair on loopback outside production", async () => {
    const res = await server.client().get("/demo/wallet");
    expect(res.status).toBe(200);
    const { publicKey, secretKey, label } = res.body.data;
    expect(label).toBeTruthy();
    const secret = bs58.decode(secretKey);
    expect(secret).toHaveLength(64);
    expect(bs58.encode(secret.slice(32))).toBe(publicKey);
    expect(server.ctx.adminWallets.has(publicKey)).toBe(true);
    expect(res.headers.get("cache-control")).toBe("no-store");

    // It really signs in: sign with node:crypto from the 32-byte seed.
    const { createPrivateKey, sign } = await import("node:crypto");
    const key = createPrivateKey({
      key: {
        kty: "OKP",
        crv: "Ed25519",
        d: Buffer.from(secret.slice(0, 32)).toString("base64url"),
        x: Buffer.from(secret.slice(32)).toString("base64url"),
      },
      format: "jwk",
    });
    const wallet = {
      publicKey,
      secretKey: secret,
      privateKey: key,
      sign: (m: string | Uint8Array) => bs58.encode(sign(null, Buffer.from(m), key)),
    };
    const client = await server.signIn(wallet);
    expect((await client.get("/auth/validate")).body.data.user.publicKey).toBe(publicKey);
  });

  it.each([
    ["in production", { NODE_ENV: "production" }],
    ["when not listening on loopback", { HOST: "0.0.0.0" }],
  ])("is a 404 %s, and no demo key is whitelisted", async (_label, env) => {
    const other = await startTestServer({ env });
    try {
      const res = await other.client().get("/demo/wallet");
      expect(res.status).toBe(404);
      expect(other.ctx.demoWallet).toBeNull();
      expect([...other.ctx.adminWallets]).toEqual([other.adminWallet.publicKey]);
    } finally {
      await other.close();
    }
  });
});
