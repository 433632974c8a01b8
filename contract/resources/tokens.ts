import { defineResource, listPaths } from "./define.ts";

/** The token whitelist. */
export const tokens = defineResource({
  name: "tokens",
  label: "Tokens",
  record: { type: "token", label: "Token", schema: "Token", table: "tokens" },
  audit: {
    "token.create": { label: "Token added", history: "Created" },
    "token.initialize_sol": { label: "SOL initialized", history: "SOL initialized" },
    "token.update": { label: "Token updated", history: "Updated" },
    "token.deactivate": { label: "Token deactivated", history: "Deactivated" },
    // The hard delete, unlike product.delete.
    "token.delete": { label: "Token deleted permanently", history: "Deleted permanently" },
    // A check's finding, not an edit.
    "token.flag": { label: "Token flagged (its mint became risky)", history: "Flagged: its mint became risky" },
  },
  // No GET /tokens/admin/:id: edit forms start from the list row. DELETE is the soft deactivate.
  api: { ...listPaths("/tokens/admin", "create", "update", "remove"), query: [] },
  access: { create: "tokens.manage", edit: "tokens.manage", delete: "tokens.manage", export: "export" },
});
