// The Activity section (contract/resources/activity.ts): beyond the core API, shown once the API
// has answered its first page of the audit trail.
import { screen } from "@/components/routing/lazy-screen";
import { defineSection } from "../define";
import { ACTIVITY_FILTERS } from "./filters";

export const activitySection = defineSection("activity", {
  load: screen(() => import("./list"), "ActivityList"),
  filters: ACTIVITY_FILTERS,
});
