// Product Management's filters: a search box that only narrows the rows already loaded (its
// text is never sent), and the Category and Featured filters the API applies; beyond the core API,
// Deleted shows the trash instead of the listed products (list.tsx leaves it out when the API lacks it). The categories
// come from the API (use-categories.ts) and are added to the Category select at run time.
import { choices, type ListFilter } from "@/components/list/filters";
import type { Product, Shop } from "@contract";

export const PRODUCT_FILTERS: readonly ListFilter<Product>[] = [
  {
    kind: "find",
    key: "search",
    label: "Search products on this page",
    placeholder: "Search products on this page...",
    matches: (product, text) =>
      [product.title, product.description, product.category].some((field) => field?.toLowerCase().includes(text.toLowerCase())),
  },
  { kind: "select", field: "category", label: "Category", options: choices("All Categories") },
  {
    kind: "select",
    field: "isFeatured",
    label: "Featured",
    options: choices("All Products", ["true", "Featured Only"], ["false", "Not Featured"]),
  },
  { kind: "select", field: "deleted", label: "Show", prefix: true, options: choices("Listed", ["true", "Deleted"]) },
  // Beyond the core API: one shop's products, set by the shop's link.
  { kind: "record", field: "shopId", label: "Shop", resource: "shops", list: "products", nameOf: (shop: Shop) => shop.name },
];

/** The Deleted filter's field: the products' trash (`views` in contract/resources/products.ts). */
export const DELETED_FIELD = "deleted";
