import { defineResource, sameAccess } from "./define.ts";

/** The admin team (beyond the core API): who may sign in, with which role. Owners manage it. */
export const team = defineResource({
  name: "team",
  label: "Team",
  beyondSpec: true,
  record: { label: "Team member", type: "admin", schema: "TeamMember" },
  audit: {
    "team.add": { label: "Admin added", history: "Added" },
    "team.change": { label: "Admin role changed", history: "Role changed" },
    "team.remove": { label: "Admin removed", history: "Removed" },
    "team.propose": { label: "Admin grant proposed", history: "Grant proposed" },
    "team.approve": { label: "Admin grant approved", history: "Grant approved" },
    "team.reject": { label: "Admin grant rejected", history: "Grant rejected" },
  },
  api: { list: "/admin/team" },
  access: sameAccess("team.manage", "list", "create", "edit", "delete", "approve", "reject"),
});
