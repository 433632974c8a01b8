// @vitest-environment node
// Issue 9, items 4, 7, 8 and 11 over real HTTP: mint addresses of the wrong size and wrapped SOL
// refused at POST /tokens/admin, NUL bytes refused in searches (they matched everything), control
// and bidi-override characters refused in stored text, and a bodiless request naming the missing field.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../src/rules/index.ts";
import { seedDatabase } from "../../server/seed/index.ts";
import { startTestServer, type TestClient, type TestServer } from "./harness.ts";

let server: TestServer;
let api: TestClient;

beforeAll(async () => {
  server = await startTestServer({
    prepare: async (ctx) => {
      await seedDatabase(ctx, { orders: 200, users: 60, seed: 9, now: ctx.now() });
    },
  });
  api = await server.signIn();
});

afterAll(() => server.close());

const token = { symbol: "TKN", name: "Token", decimals: 6 };
const count = (sql: string) => (server.ctx.sqlite.prepare(sql).get() as { n: number }).n;

describe("POST /tokens/admin", () => {
  it.each([
    ["z".repeat(44)],
    ["2".repeat(32)],
  ])("refuses %s, which does not decode to 32 bytes", async (mintAddress) => {
    const before = count("SELECT COUNT(*) AS n FROM tokens");
    const res = await api.post("/tokens/admin", { ...token, mintAddress });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: "mintAddress", message: MESSAGES.invalidAddress }]);
    expect(count("SELECT COUNT(*) AS n FROM tokens")).toBe(before);
  });

  it("refuses wrapped SOL with a message pointing to Init SOL, which still works afterwards", async () => {
    const res = await api.post("/tokens/admin", { ...token, mintAddress: "So11111111111111111111111111111111111111112" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: "mintAddress", message: MESSAGES.wrappedSol }]);
    const existing = count("SELECT COUNT(*) AS n FROM tokens WHERE mintAddress = 'So11111111111111111111111111111111111111112'");
    const init = await api.post("/tokens/admin/initialize-sol");
    expect(init.status).toBe(existing ? 409 : 201);
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
  });
});

describe("stored text", () => {
  it("PATCH /users/:id refuses NUL and a right-to-left override in displayName, and stores nothing", async () => {
    const id = (server.ctx.sqlite.prepare("SELECT id FROM users WHERE role = 'USER' LIMIT 1").get() as { id: string }).id;
    const before = await api.get(`/users/${id}`);
    const res = await api.patch(`/users/${id}`, { displayName: "null\u0000byte \u202eRTL" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: "displayName", message: MESSAGES.controlCharacters("Display name") }]);
    expect(res.body.message).toMatch(/displayName/);
    expect((await api.get(`/users/${id}`)).body.data.displayName).toBe(before.body.data.displayName);
  });

  it("keeps line breaks in a reason (multi-line) but refuses an override there", async () => {
    const id = (server.ctx.sqlite.prepare("SELECT id FROM products WHERE deletedAt IS NULL LIMIT 1").get() as { id: string }).id;
    const refused = await api.patch(`/admin/products/${id}`, { isActive: false, reason: "bad \u202e reason" });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: "reason", message: MESSAGES.controlCharacters("Reason") }]);
    const accepted = await api.patch(`/admin/products/${id}`, { isActive: false, reason: "first line\nsecond line" });
    expect(accepted.status).toBe(200);
  });
});

describe("a request without a body", () => {
  it("DELETE /admin/products/:id names reason, like a body without it", async () => {
    const id = (server.ctx.sqlite.prepare("SELECT id FROM products WHERE deletedAt IS NULL LIMIT 1").get() as { id: string }).id;
    const bodiless = await api.delete(`/admin/products/${id}`);
    const empty = await api.delete(`/admin/products/${id}`, {});
    expect(bodiless.status).toBe(400);
    expect(bodiless.body.errors).toEqual([{ field: "reason", message: MESSAGES.reasonRequired }]);
    expect(bodiless.body).toEqual(empty.body);
  });

  it("a body that is not an object still says so, naming body", async () => {
    const id = (server.ctx.sqlite.prepare("SELECT id FROM products WHERE deletedAt IS NULL LIMIT 1").get() as { id: string }).id;
    const res = await api.delete(`/admin/products/${id}`, "[1]", { headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: "body", message: MESSAGES.bodyObject }]);
  });
});
