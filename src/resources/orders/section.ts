// The Orders section (contract/resources/orders.ts); the palette opens an order by its id.
import type { Order } from "@contract";
import { SHORTEN } from "@/config";
import { screen } from "@/components/routing/lazy-screen";
import { head } from "@/utils/format";
import { defineSection } from "../define";
import { ORDER_FILTERS } from "./filters";

// Order ids are long opaque keys: only text that could be one is asked for.
const ORDER_ID = /^[\w-]{8,}$/;

export const ordersSection = defineSection("orders", {
  load: screen(() => import("./list"), "OrderList"),
  filters: ORDER_FILTERS,
  lookup: async (provider, text) => {
    if (!ORDER_ID.test(text)) return [];
    const { data: order } = await provider.getOne<Order>({ resource: "orders", id: text });
    return order?.id ? [{ id: String(order.id), name: head(String(order.id), SHORTEN.orderId), subtitle: order.status }] : [];
  },
});
