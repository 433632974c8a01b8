// Refine's DataProvider for the marketplace API. The API is not REST-uniform (tokens live under
// /tokens/admin, products are read at /products/:id but changed at /admin/products/:id, shops put
// the total in a sibling `meta`), so each resource says how it is reached — the `api` of its
// declaration in the registry, contract/resources/ — and the generic methods only read that. Adding
// a resource adds its declaration there; nothing here changes. Calls that are not CRUD go through
// `custom` with a path from src/providers/endpoints.ts.
import type { AxiosResponse } from "axios";
import type { BaseKey, BaseRecord, CrudFilter, CrudSort, CustomParams, DataProvider, GetListParams, Pagination } from "@refinedev/core";
import { API_URL } from "@/config";
import { PAGE_SIZE } from "@contract";
import { API_RESOURCES, type ResourceApi } from "@contract/resources";
import { envelopeOf, http, type ApiHttpError } from "@/providers/http";
import { toQueryValue } from "@/providers/query-value";

type ListReader = (response: AxiosResponse) => { data: BaseRecord[]; total: number };
type Path = (id: BaseKey) => string;

/** One row of the data provider's table: a resource's `api`, ready to use. */
export interface ResourceRow {
  list: string;
  /** Refine filter fields (operator "eq") sent as query parameters of the same name; others are dropped. */
  filters: readonly string[];
  /** Refine sorter field → the `sort` query value of each direction; other sorters are not sent. */
  sorts: NonNullable<ResourceApi["sorts"]>;
  /** A filter field → the list path read while it is "true" (never sent itself). */
  views: NonNullable<ResourceApi["views"]>;
  /** The searched list's path for a `search` filter's text; the other filters are then not sent. */
  search?: (term: string) => string;
  read: ListReader;
  one?: Path;
  create?: string;
  update?: Path;
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

// ---- The table, read from the registry ----

/** A path template's filler: `:id` becomes the id, encoded so it stays one path segment. */
function withId(template: string | undefined): Path | undefined {
  return template === undefined ? undefined : (id) => template.replace(":id", encodeURIComponent(String(id)));
}

function rowOf(api: ResourceApi): ResourceRow {
  return {
    list: api.list,
    filters: api.query ?? [],
    sorts: api.sorts ?? {},
    views: api.views ?? {},
    search: api.search === undefined ? undefined : (term) => api.search!.replace(":term", encodeURIComponent(term)),
    read: api.listShape === "data+meta" ? readDataWithMeta : readPaged,
    one: withId(api.one),
    create: api.create,
    update: withId(api.update),
    remove: withId(api.remove),
  };
}

/** The data provider's table: one row per resource of the registry that has an `api`. */
export const resources: Record<string, ResourceRow> = Object.fromEntries(API_RESOURCES.map(({ name, api }) => [name, rowOf(api)]));

// ---- Errors for calls the table cannot serve ----
// Programming errors, but they reach the screen as ordinary HttpErrors (with a status no real call
// here produces) instead of resolving to nothing. Thrown inside async methods, so they reject.

function clientError(statusCode: number, message: string): ApiHttpError {
  return { message, statusCode };
}

function entryFor(resource: string): ResourceRow {
  if (!Object.hasOwn(resources, resource)) throw clientError(404, `Unknown resource "${resource}"`);
  return resources[resource];
}

function pathFor<K extends "one" | "create" | "update" | "remove">(resource: string, operation: K) {
  const path = entryFor(resource)[operation];
  if (!path) throw clientError(405, `"${operation}" is not supported for "${resource}"`);
  return path as NonNullable<ResourceRow[K]>;
}

// ---- Query building ----

function eqFilterValues(filters: CrudFilter[] | undefined): Record<string, string> {
  const values: Record<string, string> = {};
  for (const filter of filters ?? []) {
    if (!("field" in filter) || filter.operator !== "eq") continue;
    const value = toQueryValue(filter.value);
    if (value !== undefined) values[filter.field] = value;
  }
  return values;
}

function pageQuery(pagination: Pagination | undefined): Record<string, string> {
  const { currentPage = 1, pageSize = PAGE_SIZE, mode = "server" } = pagination ?? {};
  // Client/off modes want everything; the API has no "all", so let it apply its own defaults.
  return mode === "server" ? { page: String(currentPage), limit: String(pageSize) } : {};
}

/** The `sort` value of the first sorter, when the resource declares it. */
function sortValue(entry: ResourceRow, sorters: CrudSort[] | undefined): string | undefined {
  const first = sorters?.[0];
  if (!first || !Object.hasOwn(entry.sorts, first.field)) return undefined;
  return entry.sorts[first.field][first.order];
}

// Only declared filters, the declared sort and pagination reach the query. Refine's `meta` never
// does: with syncWithLocation it carries unrelated URL params.
function listQuery(entry: ResourceRow, pagination?: Pagination, filters?: CrudFilter[], sorters?: CrudSort[]) {
  const values = eqFilterValues(filters);
  const query = pageQuery(pagination);
  for (const field of entry.filters) {
    // A searched list's text goes in its path (listRequest), never as a parameter of the list.
    const searchPath = field === "search" && entry.search !== undefined;
    if (values[field] !== undefined && !Object.hasOwn(entry.views, field) && !searchPath) query[field] = values[field];
  }
  const sort = sortValue(entry, sorters);
  if (sort !== undefined) query.sort = sort;
  return query;
}

/** The list's path: a view's while its filter is "true" (the products' trash), else the list's own. */
function listPath(entry: ResourceRow, filters: CrudFilter[] | undefined): string {
  const values = eqFilterValues(filters);
  const view = Object.keys(entry.views).find((field) => values[field] === "true");
  return view === undefined ? entry.list : entry.views[view];
}

/** The request of one page: the searched list's (page and limit only) while the search has text. */
function listRequest(entry: ResourceRow, pagination?: Pagination, filters?: CrudFilter[], sorters?: CrudSort[]) {
  const term = eqFilterValues(filters).search?.trim();
  if (entry.search && term) return { path: entry.search(term), params: pageQuery(pagination) };
  return { path: listPath(entry, filters), params: listQuery(entry, pagination, filters, sorters) };
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

  // Refine puts its query's abort signal in `meta.signal` (an export passes its own the same way):
  // the one piece of meta that is read, so a cancelled read stops its request.
  getList: async <TData extends BaseRecord = BaseRecord>({ resource, pagination, filters, sorters, meta }: GetListParams) => {
    const entry = entryFor(resource);
    const signal = meta?.signal instanceof AbortSignal ? meta.signal : undefined;
    const { path, params } = listRequest(entry, pagination, filters, sorters);
    const response = await http.get(path, { params, signal });
    const { data, total } = entry.read(response);
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

  // Every call that is not plain CRUD (screens' useCustom / useCustomMutation with an `endpoints.*` path).
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
