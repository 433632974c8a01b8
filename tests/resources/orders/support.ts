// Orders as GET /admin/orders returns them, and the steps the orders tests share.
import { screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import type { Order } from "@contract";
import { compileFirst, findDialogWith, isLiveUpdate, renderApp, signedInApi } from "../../app/support";
import type { FakeApi } from "../../support/fake-api";
import type { TestUser } from "../../app/support";

compileFirst(() => import("@/resources/orders/list"));

export const BUYER = "BuyerWa11etAddress1111111111111111111111111";
export const SELLER = "Se11erWa11etAddress222222222222222222222222";

let counter = 0;

/** A full order; ids differ in their first 8 characters so rows can be told apart. */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  counter += 1;
  const prefix = `ord${String(counter).padStart(5, "0")}`;
  return {
    id: `${prefix}-1111-4222-8333-444455556666`,
    status: "ACTIVE",
    createdAt: "2025-03-04T15:06:00.000Z",
    confirmedAt: null,
    shippedAt: null,
    quantity: 2,
    totalPrice: 2500,
    currency: { symbol: "USDC", decimals: 2 },
    productSnapshot: {
      title: "Ledger Nano X",
      description: "Hardware wallet",
      price: 1250,
      images: [{ thumbnailUrl: "https://img.example/ledger-thumb.png" }],
    },
    shopSnapshot: { name: "Cold Storage Co", logo: null, category: "Electronics" },
    buyerWalletAddress: BUYER,
    buyerContactInfo: "buyer@example.com",
    buyerShippingAddress: "1 Main St, Springfield",
    sellerWalletAddress: SELLER,
    sellerContactInfo: "seller@example.com",
    shippingState: null,
    trackingInfo: null,
    shippingNotes: null,
    disputeRaisedAt: null,
    disputeDescription: null,
    escrowPDA: null,
    transactionSignature: null,
    notes: null,
    ...overrides,
  };
}

export function page(items: Order[], total = items.length, pageNumber = 1) {
  return { data: { items, total, page: pageNumber, limit: 20, totalPages: Math.max(1, Math.ceil(total / 20)) } };
}

export interface OrdersApi {
  api: FakeApi;
  /** The query of every GET /admin/orders, in order. */
  listQueries: () => Record<string, string>[];
}

/** A signed-in admin (`user`: alice, an owner) on a desktop-wide screen; GET /admin/orders answers `reply` each time. */
export function ordersApi(reply: (query: Record<string, string>) => [number, unknown], user?: TestUser): OrdersApi {
  const api = signedInApi(undefined, user);
  // The History section is beyond the core API: a server without the audit trail answers 404.
  api.get("/admin/audit", [404, { message: "Not found" }]);
  // The shell polls the open disputes' count where the API has no event stream: answered apart, so
  // `reply` sees the list's own requests only.
  api.get("/admin/orders", [200, { data: { items: [], total: 0, page: 1, limit: 1, totalPages: 0 } }], {
    query: { page: "1", limit: "1", filter: "in_dispute" },
  });
  api.get("/admin/orders", (request) => reply(request.query));
  // The list's own requests: not the shell's poll of the open disputes' count.
  const listQueries = () =>
    api
      .requests("GET", "/admin/orders")
      .filter((request) => !isLiveUpdate(request))
      .map((request) => request.query);
  return { api, listQueries };
}

export function openOrders(path = "/orders") {
  return renderApp(path);
}

export async function openDetails(user: UserEvent, order: Order) {
  // While the table reloads (a sort, a filter) antd's spinner blurs the rows and takes their clicks.
  const button = await waitFor(() => {
    const found = screen.getByRole("button", { name: `View details of order ${order.id.slice(0, 8)}` });
    if (getComputedStyle(found).pointerEvents === "none") throw new Error("the orders table is still loading");
    return found;
  });
  await user.click(button);
  return findDialogWith(`Order Details · ${order.id.slice(0, 8)}`);
}

export function section(dialog: HTMLElement, name: string) {
  return within(dialog).getByRole("region", { name });
}
