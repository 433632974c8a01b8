// Order Management's status filter. Its value travels as the `filter` query parameter;
// "All Orders" sends none.
import { choices, type ListFilter } from "@/components/list/filters";
import type { Order, OrderFilter } from "@contract";

export const ORDER_FILTERS: readonly ListFilter<Order>[] = [
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
];
