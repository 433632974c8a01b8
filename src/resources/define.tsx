// How a console section is made from its resource's declaration in the registry (contract/resources/),
// and what the app derives from the list of sections (src/resources/index.ts): Refine's resources,
// the routes and the screens. A section adds only what the console needs beyond the declaration:
// its screen, its filters, its first query when that is not its list's first page, and how the
// command palette finds its records.
import type { RouteObject } from "react-router";
import { resourceNamed, type ResourceName } from "@contract/resources";
import { readableScreen } from "@/components/access/readable-screen";
import type { ListFilter } from "@/components/list/filters";
import { SectionIcon } from "@/components/layout/section-icon";
import type { SectionIconName } from "@/components/layout/section-icons";
import type { RecordLookup } from "@/components/palette/record-lookup";
import { lazyScreen, type ScreenLoader } from "@/components/routing/lazy-screen";
import { optionalScreen } from "@/components/routing/optional-section";
import { firstListPage, type AdminSection, type FirstQuery } from "@/components/routing/sections";
import { ForbiddenPage } from "@/pages/forbidden";
import { NotFoundPage } from "@/pages/not-found";

export interface SectionParts {
  /** Loads the screen's chunk: `screen(() => import("./list"), "UserList")`. */
  load: ScreenLoader;
  /** What the screen asks first, when it is not its list's first page (a resource with an `api`). */
  firstQuery?: FirstQuery;
  /** The list's filters (its filters.ts): those the API applies must send the registry's `api.query`. */
  filters?: readonly ListFilter<never>[];
  /** How the command palette finds its records (a resource whose record has an audit type). */
  lookup?: RecordLookup;
}

/** The section of the registry's resource `name`. */
export function defineSection(name: ResourceName, { load, firstQuery, filters, lookup }: SectionParts): AdminSection {
  const { label, route, icon, beyondSpec, record, api } = resourceNamed(name);
  if (lookup && !record?.type) throw new Error(`${name}: a palette lookup needs a record type in the registry`);
  return {
    resource: {
      name,
      list: route,
      ...(record?.page ? { show: record.page } : {}),
      meta: { label, icon: <SectionIcon name={icon as SectionIconName} /> },
    },
    load,
    firstQuery: firstQuery ?? (api ? firstListPage : undefined),
    ...(beyondSpec ? { optional: true } : {}),
    api,
    filters,
    ...(lookup && record?.type ? { records: { type: record.type, label: record.label, lookup } } : {}),
  };
}

/** Everything the app derives from its sections. */
export function sectionsOf(adminResources: AdminSection[]) {
  /**
   * One lazy component per section, created once so React keeps each screen's state across renders.
   * A section with records (`show`, Refine's "/orders/:id") has one route for both: the record opens
   * over its list, which stays mounted with its page and filters (useRecordRoute).
   */
  const adminRoutes = adminResources.map((entry) => {
    const Screen = lazyScreen(entry.load);
    const path = entry.resource.show ? `${entry.resource.show}?` : entry.resource.list;
    const offered = entry.optional ? optionalScreen(entry, Screen, NotFoundPage) : Screen;
    return { path, Screen: readableScreen(entry, offered, ForbiddenPage) };
  });
  return {
    adminResources,
    /** What `<Refine resources>` receives. */
    resources: adminResources.map((entry) => entry.resource),
    adminRoutes,
    /** The admin screens, matched by the app's routes and rendered by the layout (which renders the next one ahead too). */
    screens: adminRoutes.map(({ path, Screen }): RouteObject =>
      path === "/" ? { index: true, element: <Screen /> } : { path, element: <Screen /> },
    ),
  };
}
