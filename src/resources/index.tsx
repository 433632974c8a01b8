// The console's sections, declared once. Each entry is a Refine resource (routes and plain-data
// meta), the screen that shows it, the first query its sidebar link may warm, and — for CRUD
// resources — how the data provider reaches it (`api`). The routes, the sidebar and the data
// provider's table all follow from this list (see define.ts and docs/adding-a-resource.md):
// adding a resource = one entry here + one folder src/resources/<name>/ + one server module.
import { SectionIcon } from "@/components/layout/section-icon";
import { screen } from "@/components/routing/lazy-screen";
import { endpoints } from "@/providers/endpoints";
import { benchFloorSection } from "@/bench/section";
import type { OrderSort } from "@contract";
import { ACTIVITY_FILTERS } from "./activity/filters";
import { firstListPage, sectionsOf } from "./define";
import { ORDER_FILTERS } from "./orders/filters";
import { PRODUCT_FILTERS } from "./products/filters";
import { SETTLEMENT_FILTERS } from "./settlements/filters";
import { SHOP_FILTERS } from "./shops/filters";
import { TOKEN_FILTERS } from "./tokens/filters";
import { USER_FILTERS } from "./users/filters";

export { firstListPage, sectionsOf, type AdminResource, type FirstQuery, type ResourceApi } from "./define";

export const { adminResources, resources, adminRoutes } = sectionsOf([
  {
    resource: { name: "dashboard", list: "/", meta: { label: "Dashboard", icon: <SectionIcon name="dashboard" /> } },
    load: screen(() => import("@/pages/dashboard"), "DashboardPage"),
    firstQuery: { type: "custom", url: endpoints.userStats },
  },
  {
    resource: { name: "tokens", list: "/tokens", meta: { label: "Tokens", icon: <SectionIcon name="tokens" /> } },
    load: screen(() => import("./tokens/list"), "TokenList"),
    firstQuery: firstListPage,
    // No GET /tokens/admin/:id: edit forms start from the list row. DELETE is the soft deactivate.
    api: { list: "/tokens/admin", filters: TOKEN_FILTERS, create: "/tokens/admin", update: "/tokens/admin/:id", remove: "/tokens/admin/:id" },
  },
  {
    resource: { name: "users", list: "/users", show: "/users/:id", meta: { label: "Users", icon: <SectionIcon name="users" /> } },
    load: screen(() => import("./users/list"), "UserList"),
    firstQuery: firstListPage,
    api: { list: "/users", filters: USER_FILTERS, one: "/users/:id", update: "/users/:id" },
  },
  {
    resource: { name: "products", list: "/products", show: "/products/:id", meta: { label: "Products", icon: <SectionIcon name="products" /> } },
    load: screen(() => import("./products/list"), "ProductList"),
    firstQuery: firstListPage,
    // Read at the public path (SPEC §7); changed (isActive + reason) and soft-deleted under /admin.
    api: {
      list: "/admin/products",
      filters: PRODUCT_FILTERS,
      one: "/products/:id",
      update: "/admin/products/:id",
      remove: "/admin/products/:id",
    },
  },
  {
    resource: { name: "shops", list: "/shops", show: "/shops/:id", meta: { label: "Shops", icon: <SectionIcon name="shops" /> } },
    load: screen(() => import("./shops/list"), "ShopList"),
    firstQuery: firstListPage,
    api: { list: "/admin/shops", filters: SHOP_FILTERS, listShape: "data+meta", one: "/admin/shops/:id", update: "/admin/shops/:id" },
  },
  {
    resource: { name: "orders", list: "/orders", show: "/orders/:id", meta: { label: "Orders", icon: <SectionIcon name="orders" /> } },
    load: screen(() => import("./orders/list"), "OrderList"),
    firstQuery: firstListPage,
    // Beyond SPEC: sort=deadline (the Deadline column; a SPEC-only API ignores it).
    api: { list: "/admin/orders", filters: ORDER_FILTERS, sorts: { deadline: { asc: "deadline" satisfies OrderSort } }, one: "/admin/orders/:id" },
  },
  {
    // Beyond SPEC: shown only when the API has the settlement queue (GET /admin/settlements).
    resource: { name: "settlements", list: "/settlements", meta: { label: "Settlements", icon: <SectionIcon name="settlements" /> } },
    load: screen(() => import("./settlements/list"), "SettlementList"),
    firstQuery: firstListPage,
    optional: true,
    api: { list: "/admin/settlements", filters: SETTLEMENT_FILTERS },
  },
  {
    // Beyond SPEC: shown only when the API has the audit trail (GET /admin/audit).
    resource: { name: "activity", list: "/activity", meta: { label: "Activity", icon: <SectionIcon name="activity" /> } },
    load: screen(() => import("./activity/list"), "ActivityList"),
    firstQuery: firstListPage,
    optional: true,
    api: { list: endpoints.audit, filters: ACTIVITY_FILTERS },
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
  // `npm run bench:nav`'s yardstick, in its bench build only (vite build --mode bench): see src/bench/.
  ...(import.meta.env.MODE === "bench" ? [benchFloorSection()] : []),
]);
