// A throwaway resource's section, exactly as a real one is written in src/resources/<name>/section.ts
// (see docs/adding-a-resource.md); the test adds it to the sections list as src/resources/index.ts would.
import type { ResourceName } from "@contract/resources";
import { screen } from "@/components/routing/lazy-screen";
import { defineSection } from "@/resources/define";
import { PAYOUT_FILTERS } from "./filters";

// "payouts" is in the registry at run time (the test adds it); the types know the committed registry only.
export const payoutsSection = defineSection("payouts" as ResourceName, {
  load: screen(() => import("./list"), "PayoutList"),
  filters: PAYOUT_FILTERS,
});
