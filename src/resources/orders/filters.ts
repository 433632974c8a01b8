// Order Management's filters: beyond the core API a search by short id or wallet (list.tsx leaves
// it out where the API's document does not list it), and the status filter, whose value travels as the
// `filter` query parameter ("All Orders" sends none). Beyond the core API too, a record's link
// narrows the list to that buyer's, seller's, shop's or product's orders.
import { choices, type ListFilter } from "@/components/list/filters";
import { userLabel } from "@/utils/format";
import type { Order, OrderAssignee, OrderFilter, Product, Shop } from "@contract";

/** The search's field, sent as `search`. */
export const SEARCH_FIELD = "search";

export const ORDER_FILTERS: readonly ListFilter<Order>[] = [
  { kind: "search", field: SEARCH_FIELD, label: "Search orders", placeholder: "Search by order id or wallet..." },
  {
    kind: "select",
    field: "filter",
    label: "Filter orders by status",
    options: choices(
      "All Orders",
      ["new" satisfies OrderFilter, "New Orders (Not Shipped)"],
      ["ongoing" satisfies OrderFilter, "Ongoing (Shipped)"],
      ["in_dispute" satisfies OrderFilter, "In Dispute"],
      ["completed" satisfies OrderFilter, "Completed"],
    ),
  },
  // Beyond the core API: one record's orders, set by that record's link.
  { kind: "record", field: "buyerId", label: "Buyer", resource: "users", list: "orders", nameOf: userLabel },
  { kind: "record", field: "sellerId", label: "Seller", resource: "users", list: "orders", nameOf: userLabel },
  { kind: "record", field: "shopId", label: "Shop", resource: "shops", list: "orders", nameOf: (shop: Shop) => shop.name },
  {
    kind: "record",
    field: "productId",
    label: "Product",
    resource: "products",
    list: "orders",
    nameOf: (product: Product) => product.title,
  },
];

/**
 * Beyond the core API: who took the dispute, sent as `assignee`; "Anyone" sends none. The list shows
 * it only where the API has assignment (assignee.tsx).
 */
export const ASSIGNEE_FILTER: ListFilter<Order> = {
  kind: "select",
  field: "assignee",
  label: "Filter orders by assignee",
  options: choices("Anyone", ["me" satisfies OrderAssignee, "Assigned to me"], ["none" satisfies OrderAssignee, "Unassigned"]),
};
