// Refine's DataProvider for the marketplace API. The API is not REST-uniform (tokens live under
// /tokens/admin, products are read at /products/:id but changed at /admin/products/:id, shops put
// the total in a sibling `meta`), so instead of bending simple-rest each resource is one entry of
// the table below, and the generic methods only read that table. Adding a resource = one entry.
import type { AxiosResponse } from "axios";
import type {
  BaseKey,
  BaseRecord,
  CrudFilter,
  CustomParams,
  DataProvider,
  GetListParams,
  Pagination,
} from "@refinedev/core";
import { API_URL } from "@/config";
import { PAGE_SIZE, USER_SEARCH_DEFAULTS } from "@contract";
import { endpoints } from "@/providers/api";
import { envelopeOf, http, type ApiHttpError } from "@/providers/http";

type Path = (id: BaseKey) => string;
type ListReader = (response: AxiosResponse) => { data: BaseRecord[]; total: number };

interface ResourceEntry {
  list: string;
  /** Refine filter fields (operator "eq") sent as query params of the same name; others are dropped. */
  filters: readonly string[];
  read: ListReader;
  /** A non-empty `search` filter switches the list to this route (users: GET /users/search/:term). */
  searchPath?: (term: string) => string;
  one?: Path;
  create?: string;
  update?: Path;
  /** DELETE; its variables travel as the body (products: { reason }). */
  remove?: Path;
}

// ---- Reading list responses ----
// Tolerant on purpose: a production API may put the list or the total one level off. What is
// guaranteed is an array and a real number, never `undefined` (antd's pagination needs it).

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function firstNumber(...candidates: unknown[]): number | undefined {
  for (const candidate of candidates) {
    const value = typeof candidate === "string" && candidate.trim() ? Number(candidate) : candidate;
    if (typeof value === "number" && Number.isFinite(value)) return value;
  }
  return undefined;
}

/** `{ data: { items, total, page, limit, totalPages } }`: users, tokens, products, orders. */
const readPaged: ListReader = (response) => {
  const payload: unknown = response.data;
  const page = isRecord(payload) ? payload : {};
  const items = Array.isArray(payload) ? payload : Array.isArray(page.items) ? page.items : [];
  const meta = envelopeOf(response).meta ?? {};
  return { data: items as BaseRecord[], total: firstNumber(page.total, meta.total) ?? items.length };
};

/** `{ data: Shop[], meta: { total, totalPages } }`: shops. */
const readDataWithMeta: ListReader = (response) => {
  if (!Array.isArray(response.data)) return readPaged(response); // already the standard shape
  const meta = envelopeOf(response).meta ?? {};
  const items = response.data as BaseRecord[];
  return { data: items, total: firstNumber(meta.total) ?? items.length };
};

// ---- The table ----

/** Exported for tests/server/openapi.test.ts: every call it makes must be in the API's OpenAPI document. */
export const resources: Readonly<Record<string, ResourceEntry>> = {
  tokens: {
    list: endpoints.tokens,
    filters: [],
    read: readPaged,
    // The API has no GET /tokens/admin/:id: edit forms start from the list row.
    create: endpoints.tokens,
    update: endpoints.token,
    remove: endpoints.token, // soft: deactivates
  },
  users: {
    list: endpoints.users,
    filters: ["role", "verified", "disabled"],
    read: readPaged,
    searchPath: endpoints.userSearch,
    one: endpoints.user,
    update: endpoints.user,
  },
  products: {
    list: endpoints.products,
    filters: ["category", "isFeatured"],
    read: readPaged,
    one: endpoints.productPublic,
    update: endpoints.product,
    remove: endpoints.product,
  },
  shops: {
    list: endpoints.shops,
    filters: ["category", "isActive", "isVerified", "search"],
    read: readDataWithMeta,
    one: endpoints.shop,
    update: endpoints.shop,
  },
  orders: {
    list: endpoints.orders,
    filters: ["filter"],
    read: readPaged,
    one: endpoints.order,
  },
};

// ---- Errors for calls the table cannot serve ----
// Programming errors, but they reach the screen as ordinary HttpErrors (with a status no real call
// here produces) instead of resolving to nothing. Thrown inside async methods, so they reject.

function clientError(statusCode: number, message: string): ApiHttpError {
  return { message, statusCode };
}

function entryFor(resource: string): ResourceEntry {
  if (!Object.hasOwn(resources, resource)) throw clientError(404, `Unknown resource "${resource}"`);
  return resources[resource];
}

function pathFor<K extends "one" | "create" | "update" | "remove">(resource: string, operation: K) {
  const path = entryFor(resource)[operation];
  if (!path) throw clientError(405, `"${operation}" is not supported for "${resource}"`);
  return path as NonNullable<ResourceEntry[K]>;
}

// ---- Query building ----

/** The query-string form of a filter value, or undefined when it means "no filter". */
export function toQueryValue(value: unknown): string | undefined {
  if (Array.isArray(value)) return value.length === 1 ? toQueryValue(value[0]) : undefined;
  if (value === undefined || value === null) return undefined;
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value !== "string" && typeof value !== "number") return undefined;
  const text = String(value).trim();
  return text === "" || text === "all" ? undefined : text;
}

function eqFilterValues(filters: CrudFilter[] | undefined): Record<string, string> {
  const values: Record<string, string> = {};
  for (const filter of filters ?? []) {
    if (!("field" in filter) || filter.operator !== "eq") continue;
    const value = toQueryValue(filter.value);
    if (value !== undefined) values[filter.field] = value;
  }
  return values;
}

function pageQuery(pagination: Pagination | undefined, defaultLimit: number): Record<string, string> {
  const { currentPage = 1, pageSize = defaultLimit, mode = "server" } = pagination ?? {};
  // Client/off modes want everything; the API has no "all", so let it apply its own defaults.
  return mode === "server" ? { page: String(currentPage), limit: String(pageSize) } : {};
}

// Only declared filters and pagination reach the query. Refine's `meta` never does: with
// syncWithLocation it carries unrelated URL params (SPEC research notes §2.1).
function listRequest(entry: ResourceEntry, pagination?: Pagination, filters?: CrudFilter[]) {
  const values = eqFilterValues(filters);
  if (entry.searchPath && values.search) {
    return { path: entry.searchPath(values.search), query: pageQuery(pagination, USER_SEARCH_DEFAULTS.limit) };
  }
  const query = pageQuery(pagination, PAGE_SIZE);
  for (const field of entry.filters) if (values[field] !== undefined) query[field] = values[field];
  return { path: entry.list, query };
}

// Screens may pass either an `endpoints.*` path or one already prefixed with useApiUrl().
function relativeToApi(url: string): string {
  return url.startsWith(`${API_URL}/`) ? url.slice(API_URL.length) : url;
}

function customQuery(query: unknown, filters: CrudFilter[] | undefined): Record<string, string> {
  const params: Record<string, string> = eqFilterValues(filters);
  if (isRecord(query)) {
    for (const [key, value] of Object.entries(query)) {
      // Explicit query values are sent as given ("all" included); only absent ones are dropped.
      if (value === undefined || value === null || value === "") continue;
      params[key] = typeof value === "boolean" ? (value ? "true" : "false") : String(value);
    }
  }
  return params;
}

// ---- The provider ----

export const dataProvider: DataProvider = {
  getApiUrl: () => API_URL,

  getList: async <TData extends BaseRecord = BaseRecord>({ resource, pagination, filters }: GetListParams) => {
    const entry = entryFor(resource);
    const { path, query } = listRequest(entry, pagination, filters);
    const { data, total } = entry.read(await http.get(path, { params: query }));
    return { data: data as TData[], total };
  },

  getOne: async ({ resource, id }) => ({ data: (await http.get(pathFor(resource, "one")(id))).data }),

  create: async ({ resource, variables }) => ({ data: (await http.post(pathFor(resource, "create"), variables)).data }),

  update: async ({ resource, id, variables }) => ({
    data: (await http.patch(pathFor(resource, "update")(id), variables)).data,
  }),

  deleteOne: async ({ resource, id, variables }) => {
    const { data } = await http.delete(pathFor(resource, "remove")(id), { data: variables });
    // A 204 has no body; Refine still wants a record to hand to onSuccess.
    return { data: data ?? { id } };
  },

  custom: async ({ url, method, payload, query, filters, headers }: CustomParams) => {
    const hasBody = method === "post" || method === "put" || method === "patch" || method === "delete";
    const response = await http.request({
      url: relativeToApi(url),
      method,
      params: customQuery(query, filters),
      data: hasBody ? payload : undefined,
      headers: headers as Record<string, string> | undefined,
    });
    return { data: response.data };
  },
};
