// Shop Management's filters, all applied by the API: free-text search (sent once typing pauses),
// category, active status and verified; beyond the core API, the owner (set by a user's link).
import { choices, type ListFilter } from "@/components/list/filters";
import { userLabel } from "@/utils/format";
import { SHOP_CATEGORIES, type Shop } from "@contract";

export const SHOP_FILTERS: readonly ListFilter<Shop>[] = [
  { kind: "search", field: "search", label: "Search shops", placeholder: "Search shops by name or slug..." },
  {
    kind: "select",
    field: "category",
    label: "Category",
    options: choices("All Categories", ...SHOP_CATEGORIES.map((category) => [category, category] as const)),
  },
  // Both of these offer a bare 'All' (the product's wording); the prefix says which is which.
  {
    kind: "select",
    field: "isActive",
    label: "Active status",
    prefix: true,
    options: choices("All", ["true", "Active"], ["false", "Inactive"]),
  },
  {
    kind: "select",
    field: "isVerified",
    label: "Verified",
    prefix: true,
    options: choices("All", ["true", "Verified"], ["false", "Not Verified"]),
  },
  // Beyond the core API: the shops one user owns, set by the user's link.
  { kind: "record", field: "sellerId", label: "Owner", resource: "users", list: "shops", nameOf: userLabel },
];
