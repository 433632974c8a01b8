import { defineResource, listPaths } from "./define.ts";

export const users = defineResource({
  name: "users",
  label: "Users",
  record: { type: "user", label: "User", schema: "User", table: "users", page: "/users/:id" },
  audit: {
    "user.update": { label: "User updated", history: "Updated" },
    "user.deactivate": { label: "User deactivated", history: "Deactivated" },
  },
  api: {
    ...listPaths("/users", "one", "update"),
    query: ["search", "role", "verified", "disabled"],
    // The SPEC's search by name, email or wallet: it takes no other filter.
    search: "/users/search/:term",
  },
  access: { edit: "users.manage", deactivate: "users.manage", export: "export" },
});
