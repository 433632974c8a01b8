// Every API path the console uses (SPEC §7 plus the beyond-SPEC calls), relative to API_URL, and
// named helpers for the calls that are not plain CRUD. Screens build no URL strings of their own:
// they pass `endpoints.*` to useCustom/useCustomMutation (dataProvider.custom accepts them) or call
// a helper below. Every helper rejects with the HttpError normalized in http.ts.
import { USER_SEARCH_DEFAULTS, type AuditEntry, type MarketplaceStatus, type Order, type PagedList, type Product, type ProductCategory, type ResolveDisputeRequest, type ResolveDisputeResponse, type Token, type User, type UserStats } from "@contract";
import { http } from "@/providers/http";

type Id = string | number;
// Ids and search terms are user data: never let them add path segments or a query.
const seg = (value: Id) => encodeURIComponent(String(value));

export const endpoints = {
  auth: {
    nonce: "/auth/nonce",
    verify: "/auth/admin/verify",
    validate: "/auth/validate",
    logout: "/auth/logout",
  },

  users: "/users",
  user: (id: Id) => `/users/${seg(id)}`,
  userDeactivate: (id: Id) => `/users/${seg(id)}/deactivate`,
  userSearch: (term: string) => `/users/search/${seg(term)}`,
  userStats: "/admin/users/stats",

  tokens: "/tokens/admin",
  token: (id: Id) => `/tokens/admin/${seg(id)}`,
  tokenHardDelete: (id: Id) => `/tokens/admin/${seg(id)}/hard`,
  tokenInitializeSol: "/tokens/admin/initialize-sol",

  products: "/admin/products",
  /** PATCH (isActive + reason) and DELETE (soft, reason in the body) live under /admin. */
  product: (id: Id) => `/admin/products/${seg(id)}`,
  /** Reading one product and featuring it use the public path (SPEC §7). */
  productPublic: (id: Id) => `/products/${seg(id)}`,
  productFeature: (id: Id) => `/products/${seg(id)}/feature`,
  productCategories: "/products/categories",
  productRestore: (id: Id) => `/admin/products/${seg(id)}/restore`,

  shops: "/admin/shops",
  shop: (id: Id) => `/admin/shops/${seg(id)}`,
  shopStats: "/admin/shops/stats",

  orders: "/admin/orders",
  order: (id: Id) => `/admin/orders/${seg(id)}`,
  orderStats: "/admin/orders/stats",
  resolveDispute: (id: Id) => `/admin/orders/${seg(id)}/resolve-dispute`,

  marketplaceStatus: "/admin/marketplace/status",
  marketplaceInitialize: "/admin/marketplace/initialize",

  audit: "/admin/audit",
  demoWallet: "/demo/wallet",
} as const;

// ---- Users ----

export async function deactivateUser(id: Id, reason: string): Promise<User> {
  return (await http.patch<User>(endpoints.userDeactivate(id), { reason })).data;
}

export async function getUserStats(): Promise<UserStats> {
  return (await http.get<UserStats>(endpoints.userStats)).data;
}

export async function searchUsers(
  term: string,
  page: number = USER_SEARCH_DEFAULTS.page,
  limit: number = USER_SEARCH_DEFAULTS.limit,
): Promise<PagedList<User>> {
  return (await http.get<PagedList<User>>(endpoints.userSearch(term), { params: { page, limit } })).data;
}

// ---- Tokens ----

export async function initializeSol(): Promise<Token> {
  // No body on purpose (SPEC §7): axios then sends no JSON content type either.
  return (await http.post<Token>(endpoints.tokenInitializeSol)).data;
}

/** DELETE /tokens/admin/:id is the soft "deactivate" of SPEC §7. */
export async function deactivateToken(id: Id): Promise<Token> {
  return (await http.delete<Token>(endpoints.token(id))).data;
}

export async function hardDeleteToken(id: Id): Promise<unknown> {
  return (await http.delete(endpoints.tokenHardDelete(id))).data;
}

// ---- Products ----

export async function setProductFeatured(id: Id, featured: boolean): Promise<Product> {
  return (await http.put<Product>(endpoints.productFeature(id), { featured })).data;
}

export async function setProductActive(id: Id, isActive: boolean, reason?: string): Promise<Product> {
  return (await http.patch<Product>(endpoints.product(id), { isActive, reason })).data;
}

/** Soft delete; the reason travels in the DELETE body (SPEC §7). */
export async function deleteProduct(id: Id, reason: string): Promise<Product> {
  return (await http.delete<Product>(endpoints.product(id), { data: { reason } })).data;
}

/** Beyond SPEC: undoes a soft delete. 404 means the server does not offer it. */
export async function restoreProduct(id: Id, reason?: string): Promise<Product> {
  return (await http.post<Product>(endpoints.productRestore(id), { reason })).data;
}

export async function getProductCategories(): Promise<ProductCategory[]> {
  return (await http.get<ProductCategory[]>(endpoints.productCategories)).data;
}

// ---- Shops and orders ----

export async function getShopStats(): Promise<Record<string, unknown>> {
  return (await http.get<Record<string, unknown>>(endpoints.shopStats)).data;
}

export async function getOrder(id: Id): Promise<Order> {
  return (await http.get<Order>(endpoints.order(id))).data;
}

export async function getOrderStats(): Promise<Record<string, unknown>> {
  return (await http.get<Record<string, unknown>>(endpoints.orderStats)).data;
}

export async function resolveDispute(id: Id, body: ResolveDisputeRequest): Promise<ResolveDisputeResponse> {
  const { resolution, adminNotes, refundPercentage } = body;
  // refundPercentage only means something for a partial refund; SPEC §7 sends it only then.
  const payload: ResolveDisputeRequest =
    resolution === "PARTIAL_REFUND" ? { resolution, adminNotes, refundPercentage } : { resolution, adminNotes };
  return (await http.post<ResolveDisputeResponse>(endpoints.resolveDispute(id), payload)).data;
}

// ---- Marketplace ----
// SPEC §7 reads these "from data or the root": http.ts unwraps `{ data }` and leaves other bodies
// as they are, so response.data is the status either way.

export async function getMarketplaceStatus(): Promise<MarketplaceStatus> {
  return (await http.get<MarketplaceStatus>(endpoints.marketplaceStatus)).data;
}

export async function initializeMarketplace(): Promise<MarketplaceStatus> {
  return (await http.post<MarketplaceStatus>(endpoints.marketplaceInitialize)).data;
}

// ---- Beyond SPEC ----

export interface AuditQuery {
  targetType?: string;
  targetId?: string;
  page?: number;
  limit?: number;
}

/** Admin audit trail. Rejects with statusCode 404 when the server has none: hide the feature then. */
export async function getAudit(query: AuditQuery = {}): Promise<PagedList<AuditEntry>> {
  const params = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== ""));
  return (await http.get<PagedList<AuditEntry>>(endpoints.audit, { params })).data;
}

export interface DemoWallet {
  publicKey: string;
  secretKey: string;
  label?: string;
}

/** Beyond SPEC: the reference server's demo signer. 404 in production. */
export async function getDemoWallet(): Promise<DemoWallet> {
  return (await http.get<DemoWallet>(endpoints.demoWallet)).data;
}
