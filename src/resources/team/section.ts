// The Team section (contract/resources/team.ts): beyond the core API, shown once the API has
// answered its first page of the admin team, to an admin whose role manages it.
import { screen } from "@/components/routing/lazy-screen";
import { defineSection } from "../define";

export const teamSection = defineSection("team", {
  load: screen(() => import("./list"), "TeamList"),
});
