import { defineResource } from "./define.ts";

export const shops = defineResource({
  name: "shops",
  label: "Shops",
  route: "/shops",
  icon: "shops",
  record: { type: "shop", label: "Shop", schema: "Shop", table: "shops", page: "/shops/:id" },
  audit: {
    "shop.update": { label: "Shop updated", history: "Updated" },
  },
  api: {
    list: "/admin/shops",
    listShape: "data+meta",
    query: [
      "search",
      "category",
      "isActive",
      "isVerified",
      // Beyond the core API: the shops one user owns (the user's link).
      "sellerId",
    ],
    one: "/admin/shops/:id",
    update: "/admin/shops/:id",
  },
  access: { edit: "catalog.manage", export: "export" },
});
