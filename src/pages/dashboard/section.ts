// The Dashboard section (contract/resources/dashboard.ts): its screen starts with the users' counts.
import { screen } from "@/components/routing/lazy-screen";
import { endpoints } from "@/providers/endpoints";
import { defineSection } from "@/resources/define";

export const dashboardSection = defineSection("dashboard", {
  load: screen(() => import("./index"), "DashboardPage"),
  firstQuery: { type: "custom", url: endpoints.userStats },
});
