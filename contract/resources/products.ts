import { defineResource } from "./define.ts";

export const products = defineResource({
  name: "products",
  label: "Products",
  record: { type: "product", label: "Product", schema: "Product", table: "products", page: "/products/:id" },
  audit: {
    // Its history reads "Featured" or "Unfeatured", from the entry's values after.
    "product.feature": { label: "Product featured or unfeatured" },
    "product.enable": { label: "Product enabled", history: "Enabled" },
    "product.disable": { label: "Product disabled", history: "Disabled" },
    "product.delete": { label: "Product deleted", history: "Deleted" },
    "product.restore": { label: "Product restored", history: "Restored" },
  },
  // Read at the public path; changed (isActive + reason) and soft-deleted under /admin.
  api: {
    list: "/admin/products",
    query: [
      "category",
      "isFeatured",
      "deleted",
      // Beyond the core API: one shop's products (the shop's link).
      "shopId",
    ],
    // Beyond the core API: the Deleted filter reads the trash, with who deleted each product.
    views: { deleted: "/admin/products/deleted" },
    one: "/products/:id",
    update: "/admin/products/:id",
    remove: "/admin/products/:id",
  },
  access: { edit: "catalog.manage", delete: "catalog.manage", export: "export" },
});
