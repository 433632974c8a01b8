// The Orders section (contract/resources/orders.ts); the palette finds an order by its short id
// (the start of its id) or by its buyer's or seller's wallet.
import { PAGE_SIZE, type Order } from "@contract";
import { resourceNamed } from "@contract/resources";
import { SHORTEN } from "@/config";
import { contains, itemsOf } from "@/components/palette/record-lookup";
import { screen } from "@/components/routing/lazy-screen";
import { head } from "@/utils/format";
import { defineSection } from "../define";
import { ASSIGNEE_FILTER, ORDER_FILTERS } from "./filters";

// A whole order id as the reference API makes them: worth one GET of that order when the API cannot search.
const FULL_ID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

/** Whether `text` names the order: its id's start, or part of its buyer's or seller's wallet. */
export const orderMatches = (order: Order, text: string): boolean =>
  String(order.id).toLowerCase().startsWith(text.toLowerCase()) ||
  contains(order.buyerWalletAddress, text) ||
  contains(order.sellerWalletAddress, text);

export const ordersSection = defineSection("orders", {
  load: screen(() => import("./list"), "OrderList"),
  filters: [
    ...ORDER_FILTERS,
    // Beyond the core API, shown where the API has assignment.
    ASSIGNEE_FILTER,
  ],
  lookup: async (provider, text, limit) => {
    // Only the list is asked (an order's own path answers 404 to anything but a whole id). An API
    // without the search answers its first page, narrowed here.
    const { data } = await provider.custom!({
      url: resourceNamed("orders").api?.list ?? "",
      method: "get",
      query: { search: text, limit: PAGE_SIZE },
    });
    let found = itemsOf<Order>(data).filter((order) => orderMatches(order, text));
    if (found.length === 0 && FULL_ID.test(text)) {
      const one = await provider.getOne<Order>({ resource: "orders", id: text }).catch(() => undefined);
      found = one?.data?.id ? [one.data] : [];
    }
    return found.slice(0, limit).map((order) => ({
      id: String(order.id),
      name: head(String(order.id), SHORTEN.orderId),
      subtitle: order.status,
    }));
  },
});
