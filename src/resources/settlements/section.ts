// The Settlements section (contract/resources/settlements.ts): beyond the core API, shown once
// the API has answered its first page.
import { screen } from "@/components/routing/lazy-screen";
import { defineSection } from "../define";
import { SETTLEMENT_FILTERS } from "./filters";

export const settlementsSection = defineSection("settlements", {
  load: screen(() => import("./list"), "SettlementList"),
  filters: SETTLEMENT_FILTERS,
});
