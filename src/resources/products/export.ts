// What the Products list's CSV export writes: the table's columns (columns.tsx), as they read on
// screen, with the price in base units and the record id beside them.
import { amountColumn, text, type ExportColumn } from "@/components/list/export/columns";
import type { Product } from "@contract";

export const PRODUCT_EXPORT: readonly ExportColumn<Product>[] = [
  { key: "image", title: "Image URL", value: (product) => text(product.images?.[0]?.thumbnailUrl || product.images?.[0]?.url) },
  { key: "title", title: "Title", value: (product) => product.title, raw: [{ title: "Product ID", value: (product) => text(product.id) }] },
  { key: "title", title: "Description", value: (product) => text(product.description) },
  amountColumn(
    "price",
    "Price",
    (product) => product.price,
    (product) => product.currency,
  ),
  { key: "category", title: "Category", value: (product) => product.category || "N/A" },
  { key: "stock", title: "Stock", value: (product) => text(product.stockQuantity) },
  { key: "featured", title: "Featured", value: (product) => (product.isFeatured ? "Featured" : "Not featured") },
  { key: "status", title: "Status", value: (product) => (product.isActive ? "Active" : "Inactive") },
];
