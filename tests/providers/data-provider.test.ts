import type { CrudFilter, CustomParams } from "@refinedev/core";
import { API_RESOURCES } from "@contract/resources";
import { API_URL } from "@/config";
import { toQueryValue } from "@/components/list/filters";
import { dataProvider, resources } from "@/providers/data-provider";
import { endpoints } from "@/providers/endpoints";
import {
  expectSent,
  onlyRequest,
  reply,
  replyData,
  requests,
  fakeApiForThisFile,
  type ExpectedRequest,
  type Method,
} from "../support/fake-api";

fakeApiForThisFile([200, { data: {} }]);

const page = (items: unknown[], total: number, extra: Record<string, unknown> = {}) => ({
  items,
  total,
  page: 1,
  limit: 20,
  totalPages: Math.ceil(total / 20),
  ...extra,
});

const eq = (field: string, value: unknown): CrudFilter => ({ field, operator: "eq", value });
const firstPage = { currentPage: 1, pageSize: 20 };

// Refine's own data hooks must not see a bare promise rejection they cannot show: every
// rejection is an HttpError with a message and a status.
async function rejectionOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (e: unknown) => e,
  );
  expect(error).toMatchObject({ message: expect.any(String), statusCode: expect.any(Number) });
  return error as { message: string; statusCode: number };
}

describe("the table, read from the resources config", () => {
  it("has a row per CRUD resource, sending only the filters the API applies", () => {
    // One row per resource the registry says the API lists: today's seven, and any added there.
    expect(Object.keys(resources).sort()).toEqual(API_RESOURCES.map(({ name }) => name).sort());
    expect(Object.keys(resources)).toEqual(
      expect.arrayContaining(["activity", "orders", "products", "settlements", "shops", "tokens", "users"]),
    );
    expect(resources.users.filters).toEqual(["search", "role", "verified", "disabled"]);
    // The search over the loaded page is a filter of the screen, never a query parameter.
    expect(resources.products.filters).toEqual(["category", "isFeatured", "deleted", "shopId"]);
    expect(resources.tokens.filters).toEqual([]);
    expect(resources.shops.filters).toEqual(["search", "category", "isActive", "isVerified", "sellerId"]);
    expect(resources.orders.filters).toEqual(["search", "filter", "buyerId", "sellerId", "shopId", "productId", "assignee"]);
    expect(resources.settlements.filters).toEqual(["status"]);
    // A date range is two parameters.
    expect(resources.activity.filters).toEqual(["admin", "action", "targetType", "from", "to"]);
  });

  it("fills ids in, encoded so they stay one path segment", async () => {
    await dataProvider.getOne({ resource: "users", id: "a/b?c" });
    expectSent({ method: "GET", path: "/users/a%2Fb%3Fc" });
  });
});

describe("getList: path, query and response reading per resource", () => {
  it("tokens: GET /tokens/admin?page&limit, standard paged shape", async () => {
    replyData(page([{ id: "t1" }, { id: "t2" }], 42));
    const result = await dataProvider.getList({ resource: "tokens", pagination: { currentPage: 2, pageSize: 20 } });
    expectSent({ method: "GET", path: "/tokens/admin", query: { page: "2", limit: "20" } });
    expect(result).toEqual({ data: [{ id: "t1" }, { id: "t2" }], total: 42 });
  });

  it("users: role, verified, disabled filters; booleans as strings; 'all' and empty values not sent", async () => {
    replyData(page([], 0));
    await dataProvider.getList({
      resource: "users",
      pagination: firstPage,
      filters: [eq("role", "ADMIN"), eq("verified", true), eq("disabled", "all")],
    });
    expectSent({ method: "GET", path: "/users", query: { page: "1", limit: "20", role: "ADMIN", verified: "true" } });
  });

  it("users: a search reads GET /users/search/{term} with page and limit only, the term one path segment", async () => {
    replyData(page([{ id: "u1" }], 1));
    const result = await dataProvider.getList({
      resource: "users",
      pagination: { currentPage: 2, pageSize: 20 },
      filters: [eq("search", " ann/b@x.io "), eq("role", "ADMIN")],
    });
    expectSent({ method: "GET", path: "/users/search/ann%2Fb%40x.io", query: { page: "2", limit: "20" } });
    expect(result).toEqual({ data: [{ id: "u1" }], total: 1 });
  });

  it("users: disabled=false is a real filter, not an empty one", async () => {
    await dataProvider.getList({ resource: "users", pagination: firstPage, filters: [eq("disabled", false), eq("role", "")] });
    expectSent({ method: "GET", path: "/users", query: { page: "1", limit: "20", disabled: "false" } });
  });

  it("products: category and isFeatured", async () => {
    replyData(page([{ id: "p1" }], 1));
    await dataProvider.getList({
      resource: "products",
      pagination: firstPage,
      filters: [eq("category", "Books"), eq("isFeatured", false)],
    });
    expectSent({ method: "GET", path: "/admin/products", query: { page: "1", limit: "20", category: "Books", isFeatured: "false" } });
  });

  it("products: the Deleted filter reads the trash's path (beyond the core API) with the other filters, never sending itself", async () => {
    replyData(page([{ id: "p9" }], 1));
    await dataProvider.getList({ resource: "products", pagination: firstPage, filters: [eq("deleted", "true"), eq("category", "Books")] });
    expectSent({ method: "GET", path: "/admin/products/deleted", query: { page: "1", limit: "20", category: "Books" } });
  });

  it("products: the Deleted filter off reads the listed products", async () => {
    replyData(page([{ id: "p1" }], 1));
    await dataProvider.getList({ resource: "products", pagination: firstPage, filters: [eq("deleted", "")] });
    expectSent({ method: "GET", path: "/admin/products", query: { page: "1", limit: "20" } });
  });

  it("shops: category, isActive, isVerified, search; reads data + meta.total", async () => {
    replyData([{ id: "s1" }, { id: "s2" }], { meta: { total: 57, totalPages: 3, page: 3, limit: 20 } });
    const result = await dataProvider.getList({
      resource: "shops",
      pagination: { currentPage: 3, pageSize: 20 },
      filters: [eq("category", "Home"), eq("isActive", true), eq("isVerified", false), eq("search", "tea")],
    });
    expectSent({
      method: "GET",
      path: "/admin/shops",
      query: { page: "3", limit: "20", category: "Home", isActive: "true", isVerified: "false", search: "tea" },
    });
    expect(result).toEqual({ data: [{ id: "s1" }, { id: "s2" }], total: 57 });
  });

  it("orders: the filter param; reads data.items and total", async () => {
    replyData(page([{ id: "o1" }], 21));
    const result = await dataProvider.getList({ resource: "orders", pagination: firstPage, filters: [eq("filter", "in_dispute")] });
    expectSent({ method: "GET", path: "/admin/orders", query: { page: "1", limit: "20", filter: "in_dispute" } });
    expect(result).toEqual({ data: [{ id: "o1" }], total: 21 });
  });

  it("orders: sends search (beyond the core API) as a query parameter", async () => {
    replyData(page([{ id: "o1" }], 1));
    const searched = await dataProvider.getList({ resource: "orders", pagination: firstPage, filters: [eq("search", "ord1")] });
    expectSent({ method: "GET", path: "/admin/orders", query: { page: "1", limit: "20", search: "ord1" } });
    expect(searched).toEqual({ data: [{ id: "o1" }], total: 1 });
  });

  it("sends a declared sort (orders: deadline, ascending) and no other sorter", async () => {
    await dataProvider.getList({ resource: "orders", pagination: firstPage, sorters: [{ field: "deadline", order: "asc" }] });
    await dataProvider.getList({ resource: "orders", pagination: firstPage, sorters: [{ field: "deadline", order: "desc" }] });
    await dataProvider.getList({ resource: "orders", pagination: firstPage, sorters: [{ field: "createdAt", order: "asc" }] });
    await dataProvider.getList({ resource: "users", pagination: firstPage, sorters: [{ field: "deadline", order: "asc" }] });
    expect(requests().map((r) => r.query)).toEqual([
      { page: "1", limit: "20", sort: "deadline" },
      { page: "1", limit: "20" },
      { page: "1", limit: "20" },
      { page: "1", limit: "20" },
    ]);
  });

  it("hands meta.signal (Refine's abort signal, or an export's) to the request: aborted, nothing is sent", async () => {
    const controller = new AbortController();
    controller.abort();
    await rejectionOf(dataProvider.getList({ resource: "users", pagination: firstPage, meta: { signal: controller.signal } }));
    expect(requests()).toHaveLength(0);
    await dataProvider.getList({ resource: "users", pagination: firstPage, meta: { signal: new AbortController().signal } });
    expect(requests()).toHaveLength(1);
  });

  it("without pagination asks for page 1 of PAGE_SIZE (20); with mode off sends no paging", async () => {
    await dataProvider.getList({ resource: "orders" });
    await dataProvider.getList({ resource: "orders", pagination: { mode: "off" } });
    expect(requests().map((r) => r.query)).toEqual([{ page: "1", limit: "20" }, {}]);
  });

  it("never forwards Refine's meta, undeclared filters or non-eq operators", async () => {
    await dataProvider.getList({
      resource: "products",
      pagination: firstPage,
      filters: [
        eq("status", "ACTIVE"),
        { field: "category", operator: "contains", value: "Bo" },
        { operator: "or", value: [eq("isFeatured", true)] },
      ],
      sorters: [{ field: "price", order: "desc" }],
      meta: { tab: "settings", utm_source: "mail", page: "7", limit: "500" },
    });
    expectSent({ method: "GET", path: "/admin/products", query: { page: "1", limit: "20" } });
  });
});

describe("getList: tolerant readers always return a numeric total", () => {
  it.each([
    ["total as a numeric string", { data: { items: [{ id: 1 }], total: "12" } }, 12],
    ["missing total", { data: { items: [{ id: 1 }, { id: 2 }] } }, 2],
    ["a bare array with meta.total", { data: [{ id: 1 }], meta: { total: 30 } }, 30],
    ["no list at all", { data: null }, 0],
  ])("standard shape, %s", async (_case, body, total) => {
    reply([200, body]);
    const result = await dataProvider.getList({ resource: "orders", pagination: firstPage });
    expect(result.total).toBe(total);
    expect(Array.isArray(result.data)).toBe(true);
  });

  it.each([
    ["the standard paged shape", { data: page([{ id: "s1" }], 8) }, 8],
    ["no meta", { data: [{ id: "s1" }, { id: "s2" }] }, 2],
  ])("shops, %s", async (_case, body, total) => {
    reply([200, body]);
    const result = await dataProvider.getList({ resource: "shops", pagination: firstPage });
    expect(result.total).toBe(total);
  });
});

describe("getOne, create, update, deleteOne", () => {
  it.each([
    ["users", "/users/u1"],
    ["products", "/products/u1"],
    ["shops", "/admin/shops/u1"],
    ["orders", "/admin/orders/u1"],
  ])("getOne %s reads %s", async (resource, path) => {
    replyData({ id: "u1" });
    const result = await dataProvider.getOne({ resource, id: "u1" });
    expectSent({ method: "GET", path });
    expect(result).toEqual({ data: { id: "u1" } });
  });

  it("create tokens posts the token fields", async () => {
    const token = { mintAddress: "So11111111111111111111111111111111111111112", symbol: "SOL", name: "Solana", decimals: 9, logoUrl: "" };
    replyData({ id: "t9", ...token });
    const result = await dataProvider.create({ resource: "tokens", variables: token });
    expectSent({ method: "POST", path: "/tokens/admin", body: token });
    expect(result.data).toMatchObject({ id: "t9" });
  });

  it.each([
    ["users", "/users/u1", { displayName: "Al", contactInfo: "al@x.io", role: "ADMIN", verified: true, disabled: false, status: "ok" }],
    ["tokens", "/tokens/admin/u1", { isActive: false }],
    ["products", "/admin/products/u1", { isActive: false, reason: "fake" }],
    ["shops", "/admin/shops/u1", { isActive: true, isVerified: true }],
  ])("update %s patches %s", async (resource, path, variables) => {
    await dataProvider.update({ resource, id: "u1", variables });
    expectSent({ method: "PATCH", path, body: variables });
  });

  it("deleteOne products sends the reason in the DELETE body", async () => {
    await dataProvider.deleteOne({ resource: "products", id: "p1", variables: { reason: "scam" } });
    expectSent({ method: "DELETE", path: "/admin/products/p1", body: { reason: "scam" } });
  });

  it("deleteOne tokens deactivates, and a bodiless answer still yields a record", async () => {
    reply([200, { data: null }]);
    const result = await dataProvider.deleteOne({ resource: "tokens", id: "t1" });
    expectSent({ method: "DELETE", path: "/tokens/admin/t1" });
    expect(result).toEqual({ data: { id: "t1" } });
  });

  it.each([
    ["create", "orders", () => dataProvider.create({ resource: "orders", variables: {} })],
    ["create", "users", () => dataProvider.create({ resource: "users", variables: {} })],
    ["update", "orders", () => dataProvider.update({ resource: "orders", id: "1", variables: {} })],
    ["remove", "shops", () => dataProvider.deleteOne({ resource: "shops", id: "1" })],
    ["one", "tokens", () => dataProvider.getOne({ resource: "tokens", id: "1" })],
  ])("%s on %s rejects with a clear HttpError and sends nothing", async (operation, resource, call) => {
    const error = await rejectionOf(call());
    expect(error).toEqual({ statusCode: 405, message: `"${operation}" is not supported for "${resource}"` });
    expect(requests()).toHaveLength(0);
  });

  it("an unknown resource rejects", async () => {
    const error = await rejectionOf(dataProvider.getList({ resource: "planets" }));
    expect(error).toEqual({ statusCode: 404, message: 'Unknown resource "planets"' });
  });

  it("server errors come through as the normalized HttpError", async () => {
    reply([400, { message: "Invalid", errors: [{ field: "symbol", message: "Required" }] }]);
    const error = await rejectionOf(dataProvider.create({ resource: "tokens", variables: {} }));
    expect(error).toMatchObject({ statusCode: 400, message: "Invalid", errors: { symbol: "Required" } });
  });
});

describe("custom and getApiUrl", () => {
  it("getApiUrl is the API base", () => {
    expect(dataProvider.getApiUrl()).toBe(API_URL);
  });

  it("get: relative URL, query with booleans, payload ignored", async () => {
    replyData({ totalUsers: 3 });
    const result = await dataProvider.custom!({
      url: "/admin/users/stats",
      method: "get",
      query: { fresh: true, page: 2, empty: undefined },
      payload: { ignored: true },
    });
    expectSent({ method: "GET", path: "/admin/users/stats", query: { fresh: "true", page: "2" } });
    expect(result).toEqual({ data: { totalUsers: 3 } });
  });

  it("accepts a URL already prefixed with the API base (useApiUrl)", async () => {
    await dataProvider.custom!({ url: `${API_URL}/admin/orders/stats`, method: "get" });
    expectSent({ method: "GET", path: "/admin/orders/stats" });
  });

  it.each(["post", "put", "patch"] as const)("%s sends the payload and the given headers", async (method) => {
    await dataProvider.custom!({
      url: "/users/u1/deactivate",
      method,
      payload: { reason: "r" },
      headers: { "X-Reason-Source": "console" },
    });
    expectSent({ method: method.toUpperCase() as Method, path: "/users/u1/deactivate", body: { reason: "r" } });
    expect(requests()[0].headers.get("x-reason-source")).toBe("console");
  });

  it("delete sends its payload as the body", async () => {
    await dataProvider.custom!({ url: "/admin/products/p1", method: "delete", payload: { reason: "dup" } });
    expectSent({ method: "DELETE", path: "/admin/products/p1", body: { reason: "dup" } });
  });
});

// Every call that is not CRUD: a screen's useCustom / useCustomMutation with a path of the endpoints
// module reaches `custom`, which must send exactly the core API's request.
describe("the console's other calls, through custom", () => {
  const calls: [string, CustomParams, ExpectedRequest][] = [
    [
      "deactivate a user",
      { url: endpoints.userDeactivate("u1"), method: "patch", payload: { reason: "spam" } },
      { method: "PATCH", path: "/users/u1/deactivate", body: { reason: "spam" } },
    ],
    ["user statistics", { url: endpoints.userStats, method: "get" }, { method: "GET", path: "/admin/users/stats" }],
    ["initialize SOL", { url: endpoints.tokenInitializeSol, method: "post" }, { method: "POST", path: "/tokens/admin/initialize-sol" }],
    [
      "feature a product",
      { url: endpoints.productFeature("p1"), method: "put", payload: { featured: true } },
      { method: "PUT", path: "/products/p1/feature", body: { featured: true } },
    ],
    [
      "restore a product",
      { url: endpoints.productRestore("p1"), method: "post", payload: { reason: "appeal accepted" } },
      { method: "POST", path: "/admin/products/p1/restore", body: { reason: "appeal accepted" } },
    ],
    ["product categories", { url: endpoints.productCategories, method: "get" }, { method: "GET", path: "/products/categories" }],
    [
      "resolve a dispute",
      {
        url: endpoints.resolveDispute("o1"),
        method: "post",
        payload: { resolution: "PARTIAL_REFUND", adminNotes: "half", refundPercentage: 40 },
      },
      {
        method: "POST",
        path: "/admin/orders/o1/resolve-dispute",
        body: { resolution: "PARTIAL_REFUND", adminNotes: "half", refundPercentage: 40 },
      },
    ],
    ["marketplace status", { url: endpoints.marketplaceStatus, method: "get" }, { method: "GET", path: "/admin/marketplace/status" }],
    [
      "initialize the marketplace",
      { url: endpoints.marketplaceInitialize, method: "post" },
      { method: "POST", path: "/admin/marketplace/initialize" },
    ],
    [
      "the audit trail",
      { url: endpoints.audit, method: "get", query: { targetType: "product", targetId: "p1", page: 2 } },
      { method: "GET", path: "/admin/audit", query: { targetType: "product", targetId: "p1", page: "2" } },
    ],
    ["the demo wallet", { url: endpoints.demoWallet, method: "get" }, { method: "GET", path: "/demo/wallet" }],
  ];

  it.each(calls)("%s", async (_name, params, expected) => {
    await dataProvider.custom!(params);
    expectSent(expected);
  });

  // Fastify rejects an empty body declared as JSON, so "no body" must mean no JSON content type too.
  it.each([endpoints.tokenInitializeSol, endpoints.marketplaceInitialize])("a bodiless POST to %s has no content type", async (url) => {
    await dataProvider.custom!({ url, method: "post" });
    expect(onlyRequest().headers.get("content-type")).toBeNull();
  });

  const status = { initialized: true, configPDA: "Cfg111", authority: "Auth111", disputeResolutionLimit: 604800, reportThreshold: 5 };
  it.each([
    ["under data", { data: status }],
    ["at the root", status],
  ])("reads the marketplace status %s", async (_where, body) => {
    reply([200, body]);
    expect((await dataProvider.custom!({ url: endpoints.marketplaceStatus, method: "get" })).data).toEqual(status);
  });

  it("encodes ids so they stay one path segment", () => {
    expect(endpoints.userDeactivate("a/b?c")).toBe("/users/a%2Fb%3Fc/deactivate");
  });
});

describe("toQueryValue", () => {
  it.each([
    [true, "true"],
    [false, "false"],
    [0, "0"],
    ["ADMIN", "ADMIN"],
    [["Books"], "Books"],
    ["all", undefined],
    ["", undefined],
    [undefined, undefined],
    [null, undefined],
    [["a", "b"], undefined],
  ])("%j → %j", (value, expected) => {
    expect(toQueryValue(value)).toBe(expected);
  });
});
