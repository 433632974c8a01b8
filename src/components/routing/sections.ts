// What a console section is: a resource of the registry (contract/resources/) as Refine and the
// console's shell see it. The sections themselves are declared above this layer (src/resources/:
// each folder's section.ts, listed in src/resources/index.ts); the app hands their list down in
// SectionsContext, so the sidebar, the palette and the routes read it without importing a screen.
import { createContext, useContext, type ReactNode } from "react";
import type { ResourceProps } from "@refinedev/core";
import { PAGE_SIZE } from "@contract";
import type { ResourceApi } from "@contract/resources";
import type { ListFilter } from "@/components/list/filters";
import type { RecordLookup } from "@/components/palette/record-lookup";
import type { ScreenLoader } from "./lazy-screen";

/**
 * The first request a screen makes, so hovering its sidebar link can warm the cache with the very
 * same query key. It must describe what the screen really asks first, or the prefetch is wasted:
 * - "list": Refine's useTable/useList on page 1 with `pageSize`, no filters or sorters, no extra meta
 *   (of `resource`, when the screen lists another resource than its section's);
 * - "custom": Refine's useCustom GET of `url` without config or meta.
 */
export type FirstQuery = { type: "list"; pageSize: number; resource?: string } | { type: "custom"; url: string };

/** The first request of a list screen built on useListTable. */
export const firstListPage: FirstQuery = { type: "list", pageSize: PAGE_SIZE };

export interface AdminSection {
  /**
   * Exactly what `<Refine resources>` receives: `list` is also the route path. Keep `meta` plain
   * data: Refine merges it into data-provider calls and query keys.
   */
  resource: ResourceProps & { list: string; show?: `${string}/:id`; meta: { label: string; icon: ReactNode } };
  /** Loads the screen's chunk (used by the route and by sidebar preloading). */
  load: ScreenLoader;
  firstQuery?: FirstQuery;
  /**
   * Beyond the core API: a section the API may lack. Its sidebar link shows once its
   * `firstQuery` (required) has answered; when that answers 404 the link stays hidden and its route
   * reads Not Found.
   */
  optional?: boolean;
  /** The registry's API of the resource (the data provider reads the same). */
  api?: ResourceApi;
  /** The list's filters: those the API applies send the registry's `api.query`. */
  filters?: readonly ListFilter<never>[];
  /** Its records in the command palette, found from the typed text; with the registry's record type and label. */
  records?: { type: string; label: string; lookup: RecordLookup };
}

/** The console's sections, in the sidebar's order (provided by App). */
export const SectionsContext = createContext<readonly AdminSection[]>([]);

export const useSections = (): readonly AdminSection[] => useContext(SectionsContext);
