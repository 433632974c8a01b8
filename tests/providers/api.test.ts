import {
  deactivateToken,
  deactivateUser,
  deleteProduct,
  endpoints,
  getAudit,
  getDemoWallet,
  getMarketplaceStatus,
  getOrder,
  getOrderStats,
  getProductCategories,
  getShopStats,
  getUserStats,
  hardDeleteToken,
  initializeMarketplace,
  initializeSol,
  resolveDispute,
  restoreProduct,
  searchUsers,
  setProductActive,
  setProductFeatured,
} from "@/providers/api";
import { expectSent, onlyRequest, reply, replyData, startFakeApi, type ExpectedRequest } from "../support/fake-api";

startFakeApi([200, { data: {} }]);

// One row per special call of SPEC §7 (and the beyond-SPEC ones): what the helper must send.
const calls: [string, () => Promise<unknown>, ExpectedRequest][] = [
  ["deactivateUser", () => deactivateUser("u1", "spam"), { method: "PATCH", path: "/users/u1/deactivate", body: { reason: "spam" } }],
  ["getUserStats", () => getUserStats(), { method: "GET", path: "/admin/users/stats" }],
  ["searchUsers defaults", () => searchUsers("alice"), { method: "GET", path: "/users/search/alice", query: { page: "1", limit: "10" } }],
  ["searchUsers paged", () => searchUsers("bo b", 3, 20), { method: "GET", path: "/users/search/bo%20b", query: { page: "3", limit: "20" } }],
  ["initializeSol", () => initializeSol(), { method: "POST", path: "/tokens/admin/initialize-sol" }],
  ["deactivateToken", () => deactivateToken("t1"), { method: "DELETE", path: "/tokens/admin/t1" }],
  ["hardDeleteToken", () => hardDeleteToken("t1"), { method: "DELETE", path: "/tokens/admin/t1/hard" }],
  ["setProductFeatured", () => setProductFeatured("p1", true), { method: "PUT", path: "/products/p1/feature", body: { featured: true } }],
  ["setProductActive off", () => setProductActive("p1", false, "counterfeit"), { method: "PATCH", path: "/admin/products/p1", body: { isActive: false, reason: "counterfeit" } }],
  ["setProductActive on", () => setProductActive("p1", true), { method: "PATCH", path: "/admin/products/p1", body: { isActive: true } }],
  ["deleteProduct", () => deleteProduct("p1", "illegal item"), { method: "DELETE", path: "/admin/products/p1", body: { reason: "illegal item" } }],
  ["restoreProduct", () => restoreProduct("p1", "appeal accepted"), { method: "POST", path: "/admin/products/p1/restore", body: { reason: "appeal accepted" } }],
  ["getProductCategories", () => getProductCategories(), { method: "GET", path: "/products/categories" }],
  ["getShopStats", () => getShopStats(), { method: "GET", path: "/admin/shops/stats" }],
  ["getOrder", () => getOrder("o1"), { method: "GET", path: "/admin/orders/o1" }],
  ["getOrderStats", () => getOrderStats(), { method: "GET", path: "/admin/orders/stats" }],
  ["getMarketplaceStatus", () => getMarketplaceStatus(), { method: "GET", path: "/admin/marketplace/status" }],
  ["initializeMarketplace", () => initializeMarketplace(), { method: "POST", path: "/admin/marketplace/initialize" }],
  ["getAudit", () => getAudit({ targetType: "product", targetId: "p1", page: 2 }), { method: "GET", path: "/admin/audit", query: { targetType: "product", targetId: "p1", page: "2" } }],
  ["getDemoWallet", () => getDemoWallet(), { method: "GET", path: "/demo/wallet" }],
];

describe("special calls send exactly the SPEC §7 request", () => {
  it.each(calls)("%s", async (_name, call, expected) => {
    await call();
    expectSent(expected);
  });
});

describe("bodiless POSTs", () => {
  // Fastify rejects an empty body declared as JSON, so "no body" must mean no JSON content type too.
  it.each([
    ["initializeSol", initializeSol],
    ["initializeMarketplace", initializeMarketplace],
  ])("%s sends no content type", async (_name, call) => {
    await call();
    expect(onlyRequest().headers.get("content-type")).toBeNull();
  });
});

describe("resolveDispute", () => {
  it("sends refundPercentage for a partial refund and returns the signature", async () => {
    replyData({ transactionSignature: "5xSig1234567", cluster: "devnet", order: { id: "o1" } });
    const result = await resolveDispute("o1", { resolution: "PARTIAL_REFUND", adminNotes: "half", refundPercentage: 40 });
    expectSent({
      method: "POST",
      path: "/admin/orders/o1/resolve-dispute",
      body: { resolution: "PARTIAL_REFUND", adminNotes: "half", refundPercentage: 40 },
    });
    expect(result.transactionSignature).toBe("5xSig1234567");
  });

  it.each(["REFUND_BUYER", "RELEASE_TO_SELLER"] as const)("never sends refundPercentage for %s", async (resolution) => {
    await resolveDispute("o1", { resolution, adminNotes: "ok", refundPercentage: 50 });
    expectSent({ method: "POST", path: "/admin/orders/o1/resolve-dispute", body: { resolution, adminNotes: "ok" } });
  });
});

describe("marketplace calls read from data or the root", () => {
  const status = { initialized: true, configPDA: "Cfg111", authority: "Auth111", disputeResolutionLimit: 604800, reportThreshold: 5 };

  it.each([
    ["under data", { data: status }],
    ["at the root", status],
  ])("status %s", async (_where, body) => {
    reply([200, body]);
    expect(await getMarketplaceStatus()).toEqual(status);
  });

  it.each([
    ["under data", { data: { ...status, transactionSignature: "Sig999" } }],
    ["at the root", { ...status, transactionSignature: "Sig999" }],
  ])("initialize %s", async (_where, body) => {
    reply([200, body]);
    expect(await initializeMarketplace()).toEqual({ ...status, transactionSignature: "Sig999" });
  });
});

describe("payloads and errors", () => {
  it("returns the unwrapped payload", async () => {
    const stats = { totalUsers: 9, verifiedUsers: 4, disabledUsers: 1, activeUsers: 8, recentUsers: 2, adminUsers: 1 };
    replyData(stats);
    expect(await getUserStats()).toEqual(stats);
  });

  it("rejects with the normalized HttpError (e.g. 404 hides the audit feature)", async () => {
    reply([404, { message: "Not Found" }]);
    await expect(getAudit()).rejects.toMatchObject({ statusCode: 404, message: "Not Found" });
  });
});

describe("endpoints", () => {
  it("encodes ids and terms so they stay one path segment", () => {
    expect(endpoints.user("a/b?c")).toBe("/users/a%2Fb%3Fc");
    expect(endpoints.userSearch("x y")).toBe("/users/search/x%20y");
  });

  it("has the paths screens use through useCustom/useCustomMutation", () => {
    expect(endpoints.userStats).toBe("/admin/users/stats");
    expect(endpoints.userDeactivate("7")).toBe("/users/7/deactivate");
    expect(endpoints.productFeature("7")).toBe("/products/7/feature");
    expect(endpoints.resolveDispute("7")).toBe("/admin/orders/7/resolve-dispute");
    expect(endpoints.marketplaceStatus).toBe("/admin/marketplace/status");
    expect(endpoints.audit).toBe("/admin/audit");
  });
});
