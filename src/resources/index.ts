// The console's sections, in the sidebar's order: one line per resource of the registry
// (contract/resources/), whose folder's section.ts adds what the console needs (its screen, its
// filters, its palette lookup). Refine's resources, the routes, the sidebar and the palette all follow
// from this list (define.tsx, docs/adding-a-resource.md).
import { benchFloorSection } from "@/bench/section";
import { dashboardSection } from "@/pages/dashboard/section";
import { marketplaceSection } from "@/pages/marketplace/section";
import { activitySection } from "./activity/section";
import { sectionsOf } from "./define";
import { ordersSection } from "./orders/section";
import { productsSection } from "./products/section";
import { screeningSection } from "./screening/section";
import { settlementsSection } from "./settlements/section";
import { shopsSection } from "./shops/section";
import { teamSection } from "./team/section";
import { tokensSection } from "./tokens/section";
import { usersSection } from "./users/section";
import { webhooksSection } from "./webhooks/section";

export { defineSection, sectionsOf, type SectionParts } from "./define";
export { firstListPage, type AdminSection, type FirstQuery } from "@/components/routing/sections";

export const { adminResources, resources, adminRoutes, screens } = sectionsOf([
  dashboardSection,
  tokensSection,
  usersSection,
  productsSection,
  shopsSection,
  ordersSection,
  settlementsSection,
  screeningSection,
  activitySection,
  marketplaceSection,
  teamSection,
  webhooksSection,
  // `npm run bench:nav`'s yardstick, in its bench build only (vite build --mode bench): see src/bench/.
  ...(import.meta.env.MODE === "bench" ? [benchFloorSection()] : []),
]);
