// The console's sections, declared once. Refine gets `resource` (routes and meta: plain data, because
// Refine merges meta into data-provider calls and query keys); the router and the sidebar get the
// rest. Adding a resource = one entry here + one folder src/resources/<name>/ (+ one row in the
// data provider's table in src/providers/data-provider.ts).
import type { ReactNode } from "react";
import type { ResourceProps } from "@refinedev/core";
import { PAGE_SIZE } from "@contract";
import { endpoints } from "@/providers/api";
import { lazyScreen, screen, type ScreenLoader } from "@/components/routing/lazy-screen";
import { SectionIcon } from "@/components/layout/section-icon";

/**
 * The first request a screen makes, so hovering its sidebar link can warm the cache with the very
 * same query key. It must describe what the screen really asks first, or the prefetch is wasted:
 * - "list": Refine's useTable/useList on page 1 with `pageSize`, no filters or sorters, no extra meta;
 * - "custom": Refine's useCustom GET of `url` without config or meta.
 */
export type FirstQuery = { type: "list"; pageSize: number } | { type: "custom"; url: string };

export interface AdminResource {
  /** Exactly what `<Refine resources>` receives. `list` is also the route path. */
  resource: ResourceProps & { list: string; meta: { label: string; icon: ReactNode } };
  /** Loads the screen's chunk (used by the route and by sidebar preloading). */
  load: ScreenLoader;
  firstQuery?: FirstQuery;
}

const firstListPage: FirstQuery = { type: "list", pageSize: PAGE_SIZE };

export const adminResources: AdminResource[] = [
  {
    resource: { name: "dashboard", list: "/", meta: { label: "Dashboard", icon: <SectionIcon name="dashboard" /> } },
    load: screen(() => import("@/pages/dashboard"), "DashboardPage"),
    firstQuery: { type: "custom", url: endpoints.userStats },
  },
  {
    resource: { name: "tokens", list: "/tokens", meta: { label: "Tokens", icon: <SectionIcon name="tokens" /> } },
    load: screen(() => import("./tokens/list"), "TokenList"),
    firstQuery: firstListPage,
  },
  {
    resource: { name: "users", list: "/users", meta: { label: "Users", icon: <SectionIcon name="users" /> } },
    load: screen(() => import("./users/list"), "UserList"),
    firstQuery: firstListPage,
  },
  {
    resource: { name: "products", list: "/products", meta: { label: "Products", icon: <SectionIcon name="products" /> } },
    load: screen(() => import("./products/list"), "ProductList"),
    firstQuery: firstListPage,
  },
  {
    resource: { name: "shops", list: "/shops", meta: { label: "Shops", icon: <SectionIcon name="shops" /> } },
    load: screen(() => import("./shops/list"), "ShopList"),
    firstQuery: firstListPage,
  },
  {
    resource: { name: "orders", list: "/orders", meta: { label: "Orders", icon: <SectionIcon name="orders" /> } },
    load: screen(() => import("./orders/list"), "OrderList"),
    firstQuery: firstListPage,
  },
  {
    resource: {
      name: "marketplace",
      list: "/marketplace",
      meta: { label: "Marketplace", icon: <SectionIcon name="marketplace" /> },
    },
    load: screen(() => import("@/pages/marketplace"), "MarketplacePage"),
    firstQuery: { type: "custom", url: endpoints.marketplaceStatus },
  },
];

/** What `<Refine resources>` receives. */
export const resources: ResourceProps[] = adminResources.map((entry) => entry.resource);

/** One lazy component per section, created once so React keeps each screen's state across renders. */
export const adminRoutes = adminResources.map((entry) => ({
  path: entry.resource.list,
  Screen: lazyScreen(entry.load),
}));
