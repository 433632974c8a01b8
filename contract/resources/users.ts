import { defineResource } from "./define.ts";

export const users = defineResource({
  name: "users",
  label: "Users",
  route: "/users",
  icon: "users",
  record: { type: "user", label: "User", schema: "User", table: "users", page: "/users/:id" },
  audit: {
    "user.update": { label: "User updated", history: "Updated" },
    "user.deactivate": { label: "User deactivated", history: "Deactivated" },
  },
  api: { list: "/users", query: ["role", "verified", "disabled"], one: "/users/:id", update: "/users/:id" },
});
