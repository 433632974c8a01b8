// The records' links, list filters beyond the core API: a user's orders as buyer and as seller
// (matched through the user's wallet), a shop's and a product's orders, a shop's products, a
// seller's shops; each combines with the list's own filters and pages like the list; bad input is a
// 400 naming the field; the published document marks each parameter as beyond the core API.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../contract/index.ts";
import type { OrderRow, UserRow } from "../../../server/db/schema.ts";
import { createOrderRecord, createProductRecord, createShopRecord, createUserRecord } from "../../../server/seed/records.ts";
import { startTestServer, type TestClient, type TestServer } from "../support/harness.ts";

let server: TestServer;
let api: TestClient;
let alice: UserRow;
let bob: UserRow;
let shopA: string;
let shopB: string;
let lamp: string;
let vase: string;
const orders: Record<string, OrderRow> = {};

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();

beforeAll(async () => {
  server = await startTestServer();
  api = await server.signIn();
  const db = server.ctx.db;
  alice = await createUserRecord(db, { displayName: "Alice Buyer" });
  bob = await createUserRecord(db, { displayName: "Bob Seller" });
  shopA = (await createShopRecord(db, { sellerId: bob.id, name: "Bob's Lamps" })).id;
  shopB = (await createShopRecord(db, { sellerId: alice.id, name: "Alice's Vases" })).id;
  lamp = (await createProductRecord(db, { shopId: shopA, title: "Lamp" })).id;
  vase = (await createProductRecord(db, { shopId: shopB, title: "Vase" })).id;
  const order = (name: string, minute: number, values: Partial<OrderRow>) =>
    createOrderRecord(db, { createdAt: at(minute), ...values }).then((row) => (orders[name] = row));
  // Inserted in creation order (the lists page by insertion order).
  await order("aliceFromBob", 1, {
    buyerWalletAddress: alice.publicKey,
    sellerWalletAddress: bob.publicKey,
    shopId: shopA,
    productId: lamp,
  });
  await order("stranger", 2, { shopId: shopA, productId: lamp });
  await order("bobFromAlice", 3, {
    buyerWalletAddress: bob.publicKey,
    sellerWalletAddress: alice.publicKey,
    shopId: shopB,
    productId: vase,
  });
  await order("aliceDisputed", 4, {
    buyerWalletAddress: alice.publicKey,
    sellerWalletAddress: bob.publicKey,
    shopId: shopA,
    productId: lamp,
    status: "DISPUTED",
    disputeRaisedAt: at(5),
  });
});

afterAll(async () => {
  await server.close();
});

async function idsOf(path: string): Promise<{ ids: string[]; total: number }> {
  const res = await api.get(path);
  expect(res.status).toBe(200);
  const page = res.body.data as { items: { id: string }[]; total: number };
  return { ids: page.items.map((item) => item.id), total: page.total };
}

const idsOfOrders = (...names: string[]) => names.map((name) => orders[name].id);

describe("GET /admin/orders narrowed to one record", () => {
  it("buyerId: the orders whose buyer wallet is that user's, newest first", async () => {
    expect(await idsOf(`/admin/orders?buyerId=${alice.id}`)).toEqual({ ids: idsOfOrders("aliceDisputed", "aliceFromBob"), total: 2 });
  });

  it("sellerId: the orders whose seller wallet is that user's", async () => {
    expect(await idsOf(`/admin/orders?sellerId=${alice.id}`)).toEqual({ ids: idsOfOrders("bobFromAlice"), total: 1 });
  });

  it("shopId and productId: that shop's and that product's orders", async () => {
    expect(await idsOf(`/admin/orders?shopId=${shopA}`)).toEqual({
      ids: idsOfOrders("aliceDisputed", "stranger", "aliceFromBob"),
      total: 3,
    });
    expect(await idsOf(`/admin/orders?productId=${vase}`)).toEqual({ ids: idsOfOrders("bobFromAlice"), total: 1 });
  });

  it("combines with the status filter, the deadline sort and the other record filters, and pages", async () => {
    expect(await idsOf(`/admin/orders?buyerId=${alice.id}&filter=in_dispute`)).toEqual({ ids: idsOfOrders("aliceDisputed"), total: 1 });
    expect(await idsOf(`/admin/orders?shopId=${shopA}&sort=deadline`)).toEqual({
      ids: idsOfOrders("aliceDisputed", "stranger", "aliceFromBob"),
      total: 3,
    });
    expect(await idsOf(`/admin/orders?buyerId=${alice.id}&sellerId=${alice.id}`)).toEqual({ ids: [], total: 0 });
    const second = await api.get(`/admin/orders?shopId=${shopA}&limit=2&page=2`);
    expect(second.body.data).toMatchObject({ items: [{ id: orders.aliceFromBob.id }], total: 3, page: 2, limit: 2, totalPages: 2 });
  });

  it("a user, shop or product that does not exist has no orders", async () => {
    expect(await idsOf("/admin/orders?buyerId=nobody")).toEqual({ ids: [], total: 0 });
    expect(await idsOf("/admin/orders?productId=nothing")).toEqual({ ids: [], total: 0 });
  });
});

describe("GET /admin/products?shopId", () => {
  it("lists only that shop's products", async () => {
    expect(await idsOf(`/admin/products?shopId=${shopA}`)).toEqual({ ids: [lamp], total: 1 });
  });
});

describe("GET /admin/shops?sellerId", () => {
  it("lists only the shops the user owns", async () => {
    const res = await api.get(`/admin/shops?sellerId=${bob.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((shop: { id: string }) => shop.id)).toEqual([shopA]);
    expect(res.body.meta).toMatchObject({ total: 1 });
  });
});

describe("a bad record filter", () => {
  it.each([
    ["/admin/orders", "buyerId"],
    ["/admin/orders", "sellerId"],
    ["/admin/orders", "shopId"],
    ["/admin/orders", "productId"],
    ["/admin/products", "shopId"],
    ["/admin/shops", "sellerId"],
  ])("on %s, a bad %s is a 400 naming it", async (list, field) => {
    const res = await api.get(`${list}?${field}=a%00b`);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual([field]);
    const long = await api.get(`${list}?${field}=${"x".repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual([{ field, message: MESSAGES.textTooLong }]);
  });
});

describe("the published document", () => {
  it("lists each record filter as a query parameter beyond the core API", async () => {
    const res = await api.get("/openapi.json");
    expect(res.status).toBe(200);
    const paramsOf = (path: string) =>
      Object.fromEntries(
        (res.body.paths[path].get.parameters as { name: string; in: string; schema?: Record<string, unknown> }[])
          .filter((p) => p.in === "query")
          .map((p) => [p.name, p.schema?.["x-beyond-spec"]]),
      );
    expect(paramsOf("/admin/orders")).toMatchObject({ buyerId: true, sellerId: true, shopId: true, productId: true });
    expect(paramsOf("/admin/products")).toMatchObject({ shopId: true });
    expect(paramsOf("/admin/shops")).toMatchObject({ sellerId: true });
  });
});
