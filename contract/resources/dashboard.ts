import { defineResource } from "./define.ts";

/** The landing screen: counts and charts; no list of its own. */
export const dashboard = defineResource({
  name: "dashboard",
  label: "Dashboard",
  route: "/",
});
