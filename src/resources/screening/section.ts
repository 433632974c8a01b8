// The Screening section (contract/resources/screening.ts): beyond the core API, shown once the API
// has answered its first page.
import { screen } from "@/components/routing/lazy-screen";
import { defineSection } from "../define";
import { SCREENING_FILTERS } from "./filters";

export const screeningSection = defineSection("screening", {
  load: screen(() => import("./list"), "ScreeningList"),
  filters: SCREENING_FILTERS,
});
