// What a console section is, and how the app is derived from the list of them (src/resources/index.tsx):
// Refine's resources, the routes and the sidebar come from here; the data provider reads each entry's `api`.
import type { ReactNode } from "react";
import type { ResourceProps } from "@refinedev/core";
import { PAGE_SIZE } from "@contract";
import type { ListFilter } from "@/components/list/filters";
import { lazyScreen, type ScreenLoader } from "@/components/routing/lazy-screen";
import { optionalScreen } from "@/components/routing/optional-section";

/**
 * How the data provider reaches a resource. Paths are relative to the API base; `:id` stands for
 * the record's id (URL-encoded when filled in).
 */
export interface ResourceApi {
  /** GET: one page of the list (`page`, `limit` and the sent filters as query parameters). */
  list: string;
  /** The list's filters (its filters.ts): the select and search ones are sent, nothing else is. */
  filters?: readonly ListFilter<never>[];
  /**
   * How the list's body reads: "paged" (the default) is `{ data: { items, total, ... } }`;
   * "data+meta" is `{ data: [...], meta: { total, ... } }`.
   */
  listShape?: "paged" | "data+meta";
  /**
   * The sorts the list offers, by Refine sorter field (a sortable column's `key`): the value of the
   * `sort` query parameter for each direction. Only the first sorter is sent, and only when declared
   * here; otherwise the API's own order applies.
   */
  sorts?: Readonly<Record<string, { asc?: string; desc?: string }>>;
  /** GET one record, e.g. "/users/:id". */
  one?: string;
  /** POST a new record. */
  create?: string;
  /** PATCH a record. */
  update?: string;
  /** DELETE a record; its variables travel as the body (products: `{ reason }`). */
  remove?: string;
}

/**
 * The first request a screen makes, so hovering its sidebar link can warm the cache with the very
 * same query key. It must describe what the screen really asks first, or the prefetch is wasted:
 * - "list": Refine's useTable/useList on page 1 with `pageSize`, no filters or sorters, no extra meta;
 * - "custom": Refine's useCustom GET of `url` without config or meta.
 */
export type FirstQuery = { type: "list"; pageSize: number } | { type: "custom"; url: string };

/** The first request of a list screen built on useListTable. */
export const firstListPage: FirstQuery = { type: "list", pageSize: PAGE_SIZE };

export interface AdminResource {
  /**
   * Exactly what `<Refine resources>` receives: `list` is also the route path. Keep `meta` plain
   * data: Refine merges it into data-provider calls and query keys.
   */
  resource: ResourceProps & { list: string; show?: `${string}/:id`; meta: { label: string; icon: ReactNode } };
  /** Loads the screen's chunk (used by the route and by sidebar preloading). */
  load: ScreenLoader;
  firstQuery?: FirstQuery;
  /** The data provider's paths and list shape; leave it out for a screen that is not a CRUD resource. */
  api?: ResourceApi;
  /**
   * Beyond SPEC: a section the API may lack. Its sidebar link shows once its `firstQuery` (required)
   * has answered; when that answers 404 the link stays hidden and its route reads Not Found.
   */
  optional?: boolean;
}

/** Everything the app derives from its sections. */
export function sectionsOf(adminResources: AdminResource[]) {
  return {
    adminResources,
    /** What `<Refine resources>` receives. */
    resources: adminResources.map((entry) => entry.resource),
    /**
     * One lazy component per section, created once so React keeps each screen's state across renders.
     * A section with records (`show`, Refine's "/orders/:id") has one route for both: the record opens
     * over its list, which stays mounted with its page and filters (useRecordRoute).
     */
    adminRoutes: adminResources.map((entry) => {
      const Screen = lazyScreen(entry.load);
      const path = entry.resource.show ? `${entry.resource.show}?` : entry.resource.list;
      return { path, Screen: entry.optional ? optionalScreen(entry, Screen) : Screen };
    }),
  };
}
