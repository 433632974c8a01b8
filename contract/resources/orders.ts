import type { OrderSort } from "../query.ts";
import { defineResource, listPaths } from "./define.ts";

export const orders = defineResource({
  name: "orders",
  label: "Orders",
  record: { type: "order", label: "Order", schema: "Order", table: "orders", page: "/orders/:id" },
  audit: {
    // Shown as the note itself on the order's timeline.
    "order.note": { label: "Order note added" },
    // Its history adds the resolution from the entry's values after.
    "order.resolve_dispute": { label: "Dispute resolved", history: "Dispute resolved" },
    // Beyond the core API: an admin takes a dispute, or lets it go (before → after: assignedTo).
    "order.assign": { label: "Dispute taken", history: "Dispute taken" },
    "order.release": { label: "Dispute released", history: "Dispute released" },
  },
  api: {
    ...listPaths("/admin/orders", "one"),
    query: [
      // Beyond the core API: an order's short id or a wallet (shown where the API's document lists it).
      "search",
      "filter",
      // Beyond the core API: one record's orders (the records' links); the console sends them only to an API that lists them.
      "buyerId",
      "sellerId",
      "shopId",
      "productId",
      // Beyond the core API: the disputes the admin took, or nobody took.
      "assignee",
    ],
    // Beyond the core API: sort=deadline (the Deadline column; an API without it ignores it).
    sorts: { deadline: { asc: "deadline" satisfies OrderSort } },
  },
  access: {
    resolve: "payouts.propose",
    take: "orders.manage",
    release: "orders.manage",
    // A dispute another admin holds (one who is away): owners only.
    releaseOthers: "team.manage",
    notes: "orders.notes",
    export: "export",
  },
});
