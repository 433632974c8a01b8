// The Marketplace section (contract/resources/marketplace.ts): its screen starts with the status.
import { screen } from "@/components/routing/lazy-screen";
import { endpoints } from "@/providers/endpoints";
import { defineSection } from "@/resources/define";

export const marketplaceSection = defineSection("marketplace", {
  load: screen(() => import("./index"), "MarketplacePage"),
  firstQuery: { type: "custom", url: endpoints.marketplaceStatus },
});
