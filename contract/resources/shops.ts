import { defineResource, listPaths } from "./define.ts";

export const shops = defineResource({
  name: "shops",
  label: "Shops",
  record: { type: "shop", label: "Shop", schema: "Shop", table: "shops", page: "/shops/:id" },
  audit: {
    "shop.update": { label: "Shop updated", history: "Updated" },
  },
  api: {
    ...listPaths("/admin/shops", "one", "update"),
    listShape: "data+meta",
    query: [
      "search",
      "category",
      "isActive",
      "isVerified",
      // Beyond the core API: the shops one user owns (the user's link).
      "sellerId",
    ],
  },
  access: { edit: "catalog.manage", export: "export" },
});
