// Over real HTTP: mint addresses of the wrong size and wrapped SOL refused at POST /tokens/admin, NUL
// bytes refused in searches (a NUL in a term would match everything), control and bidi-override
// characters refused in stored text, and a bodiless request naming the missing field.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WRAPPED_SOL_MINT, MESSAGES } from "../../../contract/index.ts";
import { seedDatabase } from "../../../server/seed/index.ts";
import { startTestServer, type TestClient, type TestServer } from "../support/harness.ts";
import { query } from "../support/test-database.ts";

let server: TestServer;
let api: TestClient;

/** Raw SQL on the test server's database, on either engine (test-database.ts). */
const raw = () => query(server.ctx);

beforeAll(async () => {
  server = await startTestServer({
    prepare: async (ctx) => {
      await seedDatabase(ctx.database, { orders: 200, users: 60, seed: 9, now: ctx.now() });
    },
  });
  api = await server.signIn();
});

afterAll(() => server.close());

const token = { symbol: "TKN", name: "Token", decimals: 6 };
const count = async (sql: string, ...params: unknown[]) => (await raw().get<{ n: number }>(sql, ...params))!.n;
const firstId = async (sql: string, ...params: unknown[]) => (await raw().get<{ id: string }>(sql, ...params))!.id;

describe("POST /tokens/admin", () => {
  it.each([["z".repeat(44)], ["2".repeat(32)]])("refuses %s, which does not decode to 32 bytes", async (mintAddress) => {
    const before = await count("SELECT COUNT(*) AS n FROM tokens");
    const res = await api.post("/tokens/admin", { ...token, mintAddress });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: "mintAddress", message: MESSAGES.invalidAddress }]);
    expect(await count("SELECT COUNT(*) AS n FROM tokens")).toBe(before);
  });

  it("refuses wrapped SOL with a message pointing to Init SOL, which still works afterwards", async () => {
    const res = await api.post("/tokens/admin", { ...token, mintAddress: "So11111111111111111111111111111111111111112" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: "mintAddress", message: MESSAGES.wrappedSol }]);
    const existing = await count(`SELECT COUNT(*) AS n FROM tokens WHERE "mintAddress" = ?`, WRAPPED_SOL_MINT);
    const init = await api.post("/tokens/admin/initialize-sol");
    expect(init.status).toBe(existing ? 409 : 201);
  });

  it("refuses a mint address carrying a control character, naming mintAddress", async () => {
    const res = await api.post("/tokens/admin", { ...token, mintAddress: "EPjFWdd5AufqSSqeM2qN1xzyb\u0000apC8G4wEGGkZwyTDt1v" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: "mintAddress", message: MESSAGES.controlCharacters("Mint address") }]);
  });
});

describe("PATCH /tokens/admin/:id", () => {
  it("cannot switch a listed token to wrapped SOL", async () => {
    const id = await firstId(`SELECT id FROM tokens WHERE "mintAddress" <> ? LIMIT 1`, WRAPPED_SOL_MINT);
    const res = await api.patch(`/tokens/admin/${id}`, { mintAddress: WRAPPED_SOL_MINT });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(["mintAddress"]);
    expect(await count(`SELECT COUNT(*) AS n FROM tokens WHERE id = ? AND "mintAddress" = ?`, id, WRAPPED_SOL_MINT)).toBe(0);
  });
});

describe("searches with control characters", () => {
  it("GET /users/search/%00… is a 400 naming the term, not every user", async () => {
    const res = await api.get("/users/search/%00zzzqqq");
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: "term", message: MESSAGES.controlCharacters("Search term") }]);
    expect((await api.get("/users/search/zzzqqq")).body.data.items).toEqual([]);
  });

  it.each(["/admin/products", "/admin/shops"])("GET %s?search=%00… is a 400 naming search", async (path) => {
    const res = await api.get(`${path}?search=%00zzzqqq`);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: "search", message: MESSAGES.controlCharacters("Search") }]);
    expect((await api.get(`${path}?search=zzzqqq`)).status).toBe(200);
  });

  it.each([
    ["/admin/products?category=%00x", "category", "Category"],
    ["/admin/shops?category=x%C2%85", "category", "Category"],
    ["/admin/audit?targetType=%E2%80%AEuser", "targetType", "Target type"],
    ["/admin/audit?targetId=%00", "targetId", "Target id"],
    ["/users/search/abc%E2%81%A6", "term", "Search term"],
  ])("GET %s is a 400 naming %s", async (path, field, label) => {
    const res = await api.get(path);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field, message: MESSAGES.controlCharacters(label) }]);
  });
});

describe("search terms over their 100 characters", () => {
  // Past the router's default limit on a path parameter (100 characters): the term's own rule
  // answers, not a 404 for an unknown route.
  it.each([101, 2000])("GET /users/search/ with %i characters is a 400 naming the term", async (length) => {
    const res = await api.get(`/users/search/${"a".repeat(length)}`);
    expect(res.status, res.text).toBe(400);
    expect(res.body.errors).toEqual([{ field: "term", message: MESSAGES.textTooLong }]);
  });

  it("100 characters, each sent as percent-encoded bytes, is a term like any other", async () => {
    const res = await api.get(`/users/search/${encodeURIComponent("é".repeat(100))}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.items).toEqual([]);
  });
});

describe("a NUL byte where a record is looked up", () => {
  // PostgreSQL's text cannot hold a NUL, so an id with one is refused as input (400) on both engines,
  // before any lookup.
  it.each([
    ["GET", "/users/%00"],
    ["GET", "/products/a%00b"],
    ["GET", "/admin/orders/%00/timeline"],
    ["DELETE", "/tokens/admin/%00"],
    ["PATCH", "/users/%00"],
    ["POST", "/admin/settlements/%00/reject"],
  ])("%s %s is a 400 naming id", async (method, path) => {
    const res = await api.request(method, path, { body: method === "GET" || method === "DELETE" ? undefined : { reason: "checked" } });
    expect(res.status, res.text).toBe(400);
    expect(res.body.errors).toEqual([{ field: "id", message: MESSAGES.controlCharacters("Id") }]);
  });

  it("POST /auth/admin/verify with a NUL in the nonce is a 400 naming nonce", async () => {
    const res = await api.post("/auth/admin/verify", {
      publicKey: server.adminWallet.publicKey,
      signature: "1111",
      nonce: "\u0000",
      message: "sign in",
    });
    expect(res.status, res.text).toBe(400);
    expect(res.body.errors).toEqual([{ field: "nonce", message: MESSAGES.controlCharacters("Nonce") }]);
  });
});

describe("stored text", () => {
  it("PATCH /users/:id refuses NUL and a right-to-left override in displayName, and stores nothing", async () => {
    const id = await firstId("SELECT id FROM users WHERE role = 'USER' LIMIT 1");
    const before = await api.get(`/users/${id}`);
    const res = await api.patch(`/users/${id}`, { displayName: "null\u0000byte \u202eRTL" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: "displayName", message: MESSAGES.controlCharacters("Display name") }]);
    expect(res.body.message).toMatch(/displayName/);
    expect((await api.get(`/users/${id}`)).body.data.displayName).toBe(before.body.data.displayName);
  });

  it("keeps line breaks in a reason (multi-line) but refuses an override there", async () => {
    const id = await firstId(`SELECT id FROM products WHERE "deletedAt" IS NULL LIMIT 1`);
    const refused = await api.patch(`/admin/products/${id}`, { isActive: false, reason: "bad \u202e reason" });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: "reason", message: MESSAGES.controlCharacters("Reason") }]);
    const tabbed = await api.patch(`/admin/products/${id}`, { isActive: false, reason: "tab\there" });
    expect(tabbed.body.errors).toEqual([{ field: "reason", message: MESSAGES.controlCharacters("Reason") }]);
    const accepted = await api.patch(`/admin/products/${id}`, { isActive: false, reason: "first line\r\nsecond line" });
    expect(accepted.status).toBe(200);
  });

  it("refuses a bidi isolate in dispute notes before looking at the order", async () => {
    const res = await api.post("/admin/orders/no-such-order/resolve-dispute", {
      resolution: "REFUND_BUYER",
      adminNotes: "notes \u2067x\u2069",
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: "adminNotes", message: MESSAGES.signedTextCharacters("Admin notes") }]);
  });
});

describe("a request without a body", () => {
  it("DELETE /admin/products/:id names reason, like a body without it", async () => {
    const id = await firstId(`SELECT id FROM products WHERE "deletedAt" IS NULL LIMIT 1`);
    const bodiless = await api.delete(`/admin/products/${id}`);
    const empty = await api.delete(`/admin/products/${id}`, {});
    expect(bodiless.status).toBe(400);
    expect(bodiless.body.errors).toEqual([{ field: "reason", message: MESSAGES.reasonRequired }]);
    expect(bodiless.body).toEqual(empty.body);
  });

  // Every route that reads a body: [method, path, the fields a bodiless request must name].
  const routes = async (): Promise<[string, string, string[]][]> => {
    const product = await firstId(`SELECT id FROM products WHERE "deletedAt" IS NULL LIMIT 1`);
    const user = await firstId("SELECT id FROM users WHERE role = 'USER' LIMIT 1");
    return [
      ["DELETE", `/admin/products/${product}`, ["reason"]],
      ["POST", `/admin/products/${product}/restore`, ["reason"]],
      ["PATCH", `/admin/products/${product}`, ["isActive", "reason"]],
      ["PUT", `/products/${product}/feature`, ["featured"]],
      ["PATCH", `/users/${user}/deactivate`, ["reason"]],
      ["POST", "/admin/orders/any-order/resolve-dispute", ["resolution", "adminNotes"]],
      ["POST", "/tokens/admin", ["mintAddress", "symbol", "name", "decimals"]],
      // All-optional PATCH bodies: nothing to update, as for {}.
      ["PATCH", `/users/${user}`, ["body"]],
      ["PATCH", `/admin/shops/${await firstId("SELECT id FROM shops LIMIT 1")}`, ["body"]],
      ["PATCH", `/tokens/admin/${await firstId("SELECT id FROM tokens LIMIT 1")}`, ["body"]],
    ];
  };

  it("every body-reading route reads no body (or an empty JSON one) as {}, naming the missing fields", async () => {
    for (const [method, path, fields] of await routes()) {
      const bodiless = await api.request(method, path);
      const blank = await api.request(method, path, { body: "", headers: { "content-type": "application/json" } });
      const empty = await api.request(method, path, { body: {} });
      for (const res of [bodiless, blank]) {
        expect(res.status, `${method} ${path}`).toBe(400);
        expect(res.body, `${method} ${path}`).toEqual(empty.body);
      }
      expect(
        bodiless.body.errors.map((e: { field: string }) => e.field),
        `${method} ${path}`,
      ).toEqual(fields);
      expect(bodiless.body.errors.map((e: { message: string }) => e.message)).not.toContain(MESSAGES.bodyObject);
    }
  });

  it.each(['"x"', "[]", "[1]", "null", "1", "true"])("a body that is not an object (%s) still says so, naming body", async (text) => {
    for (const [method, path] of await routes()) {
      const res = await api.request(method, path, { body: text, headers: { "content-type": "application/json" } });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body.errors, `${method} ${path}`).toEqual([{ field: "body", message: MESSAGES.bodyObject }]);
    }
  });
});
