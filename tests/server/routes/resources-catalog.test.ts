// Tokens, products and shops over real HTTP: shapes, each invalid field with its validation message,
// 404s and 409s, native SOL once, soft delete and restore, filters (with quotes and LIKE characters as
// plain data), stats, and an audit entry with before/after/reason for every mutation.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../contract/index.ts";
import { createOrderRecord, createProductRecord, createShopRecord, createUserRecord } from "../../../server/seed/records.ts";
import { startTestServer, type TestClient, type TestServer } from "../support/harness.ts";
import { query } from "../support/test-database.ts";

let server: TestServer;
let api: TestClient;

/** Raw SQL on the test server's database, on either engine (test-database.ts). */
const raw = () => query(server.ctx);

const WSOL = "So11111111111111111111111111111111111111112";
const USDC = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
const BONK = "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263";

beforeAll(async () => {
  server = await startTestServer();
  api = await server.signIn();
});

afterAll(async () => {
  await server.close();
});

async function lastAudit(targetId: string) {
  const res = await api.get(`/admin/audit?targetId=${encodeURIComponent(targetId)}&limit=1`);
  expect(res.status).toBe(200);
  return res.body.data.items[0];
}

describe("tokens", () => {
  const usdc = { mintAddress: USDC, symbol: "USDC", name: "USD Coin", decimals: 6, logoUrl: "https://example.com/usdc.png" };

  it("creates a token (201), lists it, refuses the same mint again (409)", async () => {
    const created = await api.post("/tokens/admin", usdc);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ ...usdc, isActive: true, id: expect.any(String) });
    const audit = await lastAudit(created.body.data.id);
    expect(audit).toMatchObject({
      action: "token.create",
      targetType: "token",
      before: null,
      after: expect.objectContaining({ mintAddress: USDC }),
    });

    const again = await api.post("/tokens/admin", { ...usdc, symbol: "USDC2" });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain(USDC);

    const list = await api.get("/tokens/admin");
    expect(list.body.data).toMatchObject({ total: 1, page: 1, limit: 20, totalPages: 1 });
    expect(list.body.data.items[0]).toMatchObject(usdc);
  });

  it.each([
    ["mintAddress", { mintAddress: "tooShort" }, "Invalid Solana address"],
    ["symbol", { symbol: "" }, "Symbol is required"],
    ["symbol", { symbol: "ABCDEFGHIJK" }, "Symbol too long"],
    ["name", { name: "" }, "Name is required"],
    ["name", { name: "n".repeat(51) }, "Name too long"],
    ["decimals", { decimals: 19 }, MESSAGES.decimalsRange],
    ["decimals", { decimals: 1.5 }, MESSAGES.decimalsRange],
    ["logoUrl", { logoUrl: "ftp://example.com/x.png" }, "Invalid URL"],
  ])("400 naming %s", async (field, change, message) => {
    const res = await api.post("/tokens/admin", { ...usdc, mintAddress: BONK, ...change });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field, message }]);
    expect(res.body.message).toContain(field);
  });

  it("names every bad field of one body", async () => {
    const res = await api.post("/tokens/admin", { mintAddress: "x", symbol: "", name: "", decimals: -1, logoUrl: "bad" });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(["mintAddress", "symbol", "name", "decimals", "logoUrl"]);
  });

  it("edits fields and isActive, keeps the mint locked, audits before/after", async () => {
    const { body } = await api.post("/tokens/admin", { mintAddress: BONK, symbol: "BONK", name: "Bonk", decimals: 5, logoUrl: "" });
    const id = body.data.id;
    expect(body.data.logoUrl).toBeNull();
    const edited = await api.patch(`/tokens/admin/${id}`, { mintAddress: BONK, name: "Bonk Inu", isActive: false });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ name: "Bonk Inu", isActive: false, symbol: "BONK" });
    expect(await lastAudit(id)).toMatchObject({
      action: "token.update",
      before: { name: "Bonk", isActive: true },
      after: { name: "Bonk Inu", isActive: false },
    });
    const moved = await api.patch(`/tokens/admin/${id}`, { mintAddress: USDC });
    expect(moved.status).toBe(400);
    expect(moved.body.errors).toEqual([{ field: "mintAddress", message: "The mint address of a listed token cannot be changed" }]);
    const bad = await api.patch(`/tokens/admin/${id}`, { symbol: "WAYTOOLONGSYMBOL" });
    expect(bad.body.errors).toEqual([{ field: "symbol", message: "Symbol too long" }]);
    expect((await api.patch("/tokens/admin/nope", { name: "x" })).status).toBe(404);
    const active = await api.get("/tokens/admin?isActive=false");
    expect(active.body.data.items.map((t: { id: string }) => t.id)).toEqual([id]);
  });

  it("DELETE deactivates; DELETE /hard removes; both 404 for unknown ids", async () => {
    const { body } = await api.post("/tokens/admin", {
      mintAddress: "JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN",
      symbol: "JUP",
      name: "Jupiter",
      decimals: 6,
    });
    const id = body.data.id;
    const off = await api.delete(`/tokens/admin/${id}`);
    expect(off.status).toBe(200);
    expect(off.body.data.isActive).toBe(false);
    expect(await lastAudit(id)).toMatchObject({ action: "token.deactivate", before: { isActive: true }, after: { isActive: false } });
    const gone = await api.delete(`/tokens/admin/${id}/hard`);
    expect(gone.status).toBe(200);
    expect(gone.body.data.id).toBe(id);
    expect(await lastAudit(id)).toMatchObject({ action: "token.delete", before: expect.objectContaining({ symbol: "JUP" }), after: null });
    expect((await api.delete(`/tokens/admin/${id}/hard`)).status).toBe(404);
    expect((await api.delete(`/tokens/admin/${id}`)).status).toBe(404);
  });

  it("initialize-sol adds wrapped-SOL with 9 decimals once, then 409", async () => {
    const first = await api.post("/tokens/admin/initialize-sol");
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ mintAddress: WSOL, symbol: "SOL", decimals: 9, isActive: true });
    expect(await lastAudit(first.body.data.id)).toMatchObject({
      action: "token.initialize_sol",
      after: expect.objectContaining({ mintAddress: WSOL }),
    });
    const second = await api.post("/tokens/admin/initialize-sol");
    expect(second.status).toBe(409);
    expect(second.body.message).toBe("Native SOL is already initialized");
  });
});

describe("products", () => {
  let shopId: string;
  let lamp: string;
  let mug: string;

  beforeAll(async () => {
    const seller = await createUserRecord(server.ctx.db, { displayName: "Sam Seller" });
    shopId = (await createShopRecord(server.ctx.db, { sellerId: seller.id, category: "Home", name: "Sam's Home" })).id;
    lamp = (
      await createProductRecord(server.ctx.db, {
        shopId,
        title: "Desk Lamp",
        category: "Home",
        price: 2_500_000_000,
        isFeatured: 1,
        images: [{ url: "https://img/1.png", thumbnailUrl: "https://img/1t.png" }, { url: "https://img/2.png" }],
        createdAt: "2024-01-01T00:00:00.000Z",
      })
    ).id;
    mug = (
      await createProductRecord(server.ctx.db, {
        shopId,
        title: `Mug "100%" O'Reilly_edition`,
        category: `Kitchen & "Dining"`,
        price: 12_990_000,
        currencySymbol: "USDC",
        currencyDecimals: 6,
        currencyMint: USDC,
        description: null,
        createdAt: "2024-01-02T00:00:00.000Z",
      })
    ).id;
    await createProductRecord(server.ctx.db, { shopId, title: "Plain", category: "Home", createdAt: "2024-01-03T00:00:00.000Z" });
  });

  it("lists the paged shape with currency, images and booleans, newest first", async () => {
    const res = await api.get("/admin/products");
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 3, page: 1, limit: 20, totalPages: 1 });
    const [plain, usdcMug, deskLamp] = res.body.data.items;
    expect(plain.title).toBe("Plain");
    expect(usdcMug).toMatchObject({
      id: mug,
      price: 12_990_000,
      currency: { symbol: "USDC", decimals: 6, mintAddress: USDC },
      images: [],
      isFeatured: false,
      isActive: true,
      isDeleted: false,
    });
    expect(deskLamp).toMatchObject({
      id: lamp,
      currency: { symbol: "SOL", decimals: 9, mintAddress: null },
      isFeatured: true,
      images: [
        { url: "https://img/1.png", thumbnailUrl: "https://img/1t.png" },
        { url: "https://img/2.png", thumbnailUrl: null },
      ],
    });
  });

  it("filters by category (quotes and & as plain data) and isFeatured", async () => {
    const byCategory = await api.get(`/admin/products?category=${encodeURIComponent(`Kitchen & "Dining"`)}`);
    expect(byCategory.body.data.items.map((p: { id: string }) => p.id)).toEqual([mug]);
    const featured = await api.get("/admin/products?isFeatured=true");
    expect(featured.body.data.items.map((p: { id: string }) => p.id)).toEqual([lamp]);
    const notFeatured = await api.get("/admin/products?isFeatured=false");
    expect(notFeatured.body.data.total).toBe(2);
    const search = await api.get(`/admin/products?search=${encodeURIComponent(`"100%" O'R`)}`);
    expect(search.body.data.items.map((p: { id: string }) => p.id)).toEqual([mug]);
    expect((await api.get("/admin/products?search=%25")).body.data.total).toBe(1);
    expect((await api.get("/admin/products?isFeatured=maybe")).body.errors).toEqual([
      { field: "isFeatured", message: MESSAGES.queryBoolean },
    ]);
  });

  it("GET /products/categories counts listed products per category", async () => {
    const res = await api.get("/products/categories");
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { category: "Home", count: 2 },
      { category: `Kitchen & "Dining"`, count: 1 },
    ]);
  });

  it("GET /products/:id returns one product or 404", async () => {
    expect((await api.get(`/products/${lamp}`)).body.data).toMatchObject({ id: lamp, title: "Desk Lamp" });
    expect((await api.get("/products/missing")).status).toBe(404);
  });

  it("PUT /products/:id/feature toggles featuring and audits it", async () => {
    const res = await api.put(`/products/${mug}/feature`, { featured: true });
    expect(res.status).toBe(200);
    expect(res.body.data.isFeatured).toBe(true);
    expect(await lastAudit(mug)).toMatchObject({ action: "product.feature", before: { isFeatured: false }, after: { isFeatured: true } });
    const bad = await api.put(`/products/${mug}/feature`, { featured: "yes" });
    expect(bad.body.errors).toEqual([{ field: "featured", message: MESSAGES.boolean }]);
    expect((await api.put("/products/missing/feature", { featured: true })).status).toBe(404);
  });

  it("PATCH /admin/products/:id needs a reason and records it", async () => {
    const missing = await api.patch(`/admin/products/${lamp}`, { isActive: false });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ field: "reason", message: MESSAGES.reasonRequired }]);
    const res = await api.patch(`/admin/products/${lamp}`, { isActive: false, reason: "Recalled by the maker" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ isActive: false, statusReason: "Recalled by the maker" });
    expect(await lastAudit(lamp)).toMatchObject({
      action: "product.disable",
      reason: "Recalled by the maker",
      before: { isActive: true, statusReason: null },
      after: { isActive: false, statusReason: "Recalled by the maker" },
    });
    expect((await api.patch("/admin/products/missing", { isActive: true, reason: "x" })).status).toBe(404);
  });

  it("DELETE is soft, keeps its reason, hides the product, and an admin can restore it", async () => {
    const noReason = await api.delete(`/admin/products/${mug}`, {});
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toEqual([{ field: "reason", message: MESSAGES.reasonRequired }]);
    expect((await api.delete(`/admin/products/${mug}`)).status).toBe(400);

    const deleted = await api.delete(`/admin/products/${mug}`, { reason: "Counterfeit report" });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toMatchObject({ isDeleted: true, deleteReason: "Counterfeit report", deletedAt: expect.any(String) });
    expect(await lastAudit(mug)).toMatchObject({
      action: "product.delete",
      reason: "Counterfeit report",
      before: { isDeleted: false },
      after: { isDeleted: true, deleteReason: "Counterfeit report" },
    });

    const listed = await api.get("/admin/products");
    expect(listed.body.data.items.map((p: { id: string }) => p.id)).not.toContain(mug);
    const withDeleted = await api.get("/admin/products?includeDeleted=true");
    expect(withDeleted.body.data.items.map((p: { id: string }) => p.id)).toContain(mug);
    expect((await api.get(`/products/${mug}`)).body.data).toMatchObject({ isDeleted: true, deleteReason: "Counterfeit report" });
    expect((await api.get("/products/categories")).body.data).toEqual([{ category: "Home", count: 2 }]);

    expect((await api.delete(`/admin/products/${mug}`, { reason: "again" })).status).toBe(409);
    expect((await api.put(`/products/${mug}/feature`, { featured: false })).status).toBe(409);
    expect((await api.delete("/admin/products/missing", { reason: "x" })).status).toBe(404);

    const restored = await api.post(`/admin/products/${mug}/restore`, { reason: "Report was wrong" });
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({ isDeleted: false, deletedAt: null, deleteReason: null });
    expect(await lastAudit(mug)).toMatchObject({
      action: "product.restore",
      reason: "Report was wrong",
      before: { isDeleted: true, deleteReason: "Counterfeit report" },
      after: { isDeleted: false, deleteReason: null },
    });
    expect((await api.post(`/admin/products/${mug}/restore`, { reason: "again" })).status).toBe(409);
    expect((await api.post(`/admin/products/${mug}/restore`, {})).status).toBe(400);
    expect((await api.post("/admin/products/missing/restore", { reason: "x" })).status).toBe(404);
  });
});

describe("shops", () => {
  let quoted: string;

  beforeAll(async () => {
    const alice = await createUserRecord(server.ctx.db, { displayName: "Alice" });
    quoted = (
      await createShopRecord(server.ctx.db, {
        sellerId: alice.id,
        name: `Alice's "Best" 50%_Off Shop`,
        slug: "alices-best",
        category: "Electronics",
        isVerified: 1,
        viewCount: 42,
      })
    ).id;
    await createProductRecord(server.ctx.db, { shopId: quoted, title: "A" });
    await createProductRecord(server.ctx.db, { shopId: quoted, title: "B", deletedAt: "2024-05-01T00:00:00.000Z", deleteReason: "dup" });
    await createOrderRecord(server.ctx.db, { shopId: quoted });
    await createOrderRecord(server.ctx.db, { shopId: quoted });
    for (let i = 0; i < 22; i++) {
      await createShopRecord(server.ctx.db, {
        sellerId: null,
        name: `Filler ${i}`,
        slug: `filler-${i}`,
        category: i % 2 ? "Books" : "Sports",
        isActive: i % 3 ? 1 : 0,
      });
    }
  });

  it("answers data + meta.total/meta.totalPages, with seller and counts", async () => {
    const res = await api.get("/admin/shops");
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ total: 24, totalPages: 2, page: 1, limit: 20 });
    expect(res.body.data).toHaveLength(20);
    const second = await api.get("/admin/shops?page=2");
    expect(second.body.data).toHaveLength(4);
    const all = [...res.body.data, ...second.body.data];
    const shop = all.find((s: { id: string }) => s.id === quoted);
    expect(shop).toMatchObject({
      name: `Alice's "Best" 50%_Off Shop`,
      slug: "alices-best",
      seller: { displayName: "Alice", publicKey: expect.any(String) },
      productCount: 1,
      orderCount: 2,
      viewCount: 42,
      isActive: true,
      isVerified: true,
    });
    const orphan = all.find((s: { name: string }) => s.name === "Filler 0");
    expect(orphan.seller).toBeNull();
  });

  it("filters by category, isActive, isVerified and search (quotes, % and _ literal)", async () => {
    const ids = async (query: string) => (await api.get(`/admin/shops?${query}&limit=100`)).body.data.map((s: { id: string }) => s.id);
    expect(await ids("category=Electronics")).toEqual([quoted]);
    expect((await api.get("/admin/shops?category=Books")).body.meta.total).toBe(11);
    expect((await api.get("/admin/shops?isActive=false")).body.meta.total).toBe(8);
    expect(await ids("isVerified=true")).toEqual(expect.arrayContaining([quoted]));
    expect(await ids(`search=${encodeURIComponent(`Alice's "Best"`)}`)).toEqual([quoted]);
    expect(await ids("search=50%25_")).toEqual([quoted]);
    expect(await ids("search=%25")).toEqual([quoted]);
    expect(await ids("search=_")).toEqual([quoted]);
    expect(await ids("search=filler-1")).toHaveLength(11);
  });

  it("GET /admin/shops/:id returns one shop or 404", async () => {
    expect((await api.get(`/admin/shops/${quoted}`)).body.data).toMatchObject({ id: quoted, orderCount: 2 });
    expect((await api.get("/admin/shops/nope")).status).toBe(404);
  });

  it("PATCH toggles isActive/isVerified with an audit entry; bad values are 400", async () => {
    const res = await api.patch(`/admin/shops/${quoted}`, { isActive: false, isVerified: false });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ isActive: false, isVerified: false });
    expect(await lastAudit(quoted)).toMatchObject({
      action: "shop.update",
      targetType: "shop",
      before: { isActive: true, isVerified: true },
      after: { isActive: false, isVerified: false },
    });
    const bad = await api.patch(`/admin/shops/${quoted}`, { isActive: "no" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: "isActive", message: MESSAGES.boolean }]);
    expect((await api.patch("/admin/shops/nope", { isActive: true })).status).toBe(404);
  });

  it("GET /admin/shops/stats counts shops by state and category", async () => {
    const res = await api.get("/admin/shops/stats");
    expect(res.status).toBe(200);
    const count = async (where: string) => (await raw().get<{ n: number }>(`SELECT COUNT(*) AS n FROM shops WHERE ${where}`))!.n;
    expect(res.body.data).toMatchObject({
      totalShops: await count("1 = 1"),
      activeShops: await count(`"isActive" = 1`),
      inactiveShops: await count(`"isActive" = 0`),
      verifiedShops: await count(`"isVerified" = 1`),
    });
    expect(res.body.data.byCategory).toEqual(expect.arrayContaining([{ category: "Books", count: await count("category = 'Books'") }]));
  });
});

describe("GET /admin/audit", () => {
  it("pages newest first and filters by target type and id", async () => {
    const all = await api.get("/admin/audit?limit=5");
    expect(all.status).toBe(200);
    const total = (await raw().get<{ n: number }>(`SELECT COUNT(*) AS n FROM "auditLog"`))!.n;
    expect(all.body.data).toMatchObject({ total, page: 1, limit: 5, totalPages: Math.ceil(total / 5) });
    const ids = all.body.data.items.map((e: { id: string }) => Number(e.id));
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);

    const tokens = await api.get("/admin/audit?targetType=token&limit=100");
    expect(tokens.body.data.items.length).toBeGreaterThan(0);
    expect(
      tokens.body.data.items.every(
        (e: { targetType: string; adminPublicKey: string }) =>
          e.targetType === "token" && e.adminPublicKey === server.adminWallet.publicKey,
      ),
    ).toBe(true);
    expect((await api.get(`/admin/audit?targetType=${encodeURIComponent("token' OR '1'='1")}`)).body.data.total).toBe(0);
    expect((await api.get("/admin/audit?page=0")).status).toBe(400);
  });
});
