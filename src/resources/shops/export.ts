// What the Shops list's CSV export writes: the table's columns (columns.tsx), as they read on
// screen, with the owner's full key and the record id beside them.
import { SHORTEN } from "@/config";
import { text, type ExportColumn } from "@/components/list/export/columns";
import { head } from "@/utils/format";
import type { Shop } from "@contract";

export const SHOP_EXPORT: readonly ExportColumn<Shop>[] = [
  { key: "shop", title: "Shop", value: (shop) => shop.name, raw: [{ title: "Shop ID", value: (shop) => text(shop.id) }] },
  { key: "shop", title: "Slug", value: (shop) => text(shop.slug) },
  { key: "owner", title: "Owner", value: (shop) => shop.seller?.displayName || "Unknown" },
  {
    key: "owner",
    title: "Owner Key",
    value: (shop) => head(shop.seller?.publicKey, SHORTEN.shopOwnerList),
    raw: [{ title: "Owner Key (full)", value: (shop) => text(shop.seller?.publicKey) }],
  },
  { key: "category", title: "Category", value: (shop) => shop.category || "N/A" },
  { key: "products", title: "Products", value: (shop) => text(shop.productCount ?? 0) },
  { key: "status", title: "Status", value: (shop) => (shop.isActive ? "Active" : "Inactive") },
  { key: "verified", title: "Verified", value: (shop) => (shop.isVerified ? "Verified" : "Not verified") },
];
