// Records link to each other: an order to its product, shop, buyer and seller; a user to their
// orders as buyer and as seller and the shops they own; a shop's product and order counts to those
// lists narrowed to the shop; a product to its shop, by name. A narrowed list shows its filter as a
// removable tag naming the record, and keeps it through a reload (the URL). The narrowing filters
// are beyond the core API: against an API whose published document does not list them (or that has
// none) the links and sections that need them are left out, and a URL naming one has it dropped.
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { User } from "@contract";
import type { FakeApi } from "../support/fake-api";
import { serveDocument } from "../support/api-document";
import { compileFirst, findDialogWith, renderApp, setupUser, signedInApi } from "./support";
import { BUYER, makeOrder, page, section, SELLER } from "../resources/orders/support";
import { carol, dave, serveUser, serveUsers, USERS } from "../resources/users/support";
import { paged, product } from "../resources/products/fixtures";
import { shop, shopPage } from "../resources/shops/fixtures";

compileFirst(
  () => import("@/resources/orders/list"),
  () => import("@/resources/users/list"),
  () => import("@/resources/products/list"),
  () => import("@/resources/shops/list"),
);

const FULL_DOCUMENT = {
  "/admin/orders": ["page", "limit", "filter", "buyerId", "sellerId", "shopId", "productId"],
  "/admin/products": ["page", "limit", "category", "isFeatured", "shopId"],
  "/admin/shops": ["page", "limit", "search", "sellerId"],
};

/** `path?filters[0]...` narrowed to `field` = `value`, as the links write it (decoded). */
const narrowed = (path: string, field: string, value: string) =>
  `${path}?filters[0][field]=${field}&filters[0][operator]=eq&filters[0][value]=${value}`;

const hrefOf = (link: HTMLElement) => decodeURIComponent(link.getAttribute("href") ?? "");

/** The users' search: the users holding the wallet searched for. */
function serveUserSearch(api: FakeApi, users: User[]) {
  api.get(/^\/users\/search\/[^/]+$/, (request) => {
    const term = decodeURIComponent(request.path.split("/").pop() ?? "");
    const items = users.filter((user) => user.publicKey.includes(term));
    return [200, { data: { items, total: items.length, page: 1, limit: 10, totalPages: 1 } }];
  });
}

function serveScreens(api: FakeApi) {
  serveUsers(api, USERS);
  serveUser(api, USERS);
  api.get("/admin/users/stats", [200, { data: { totalUsers: USERS.length } }]);
  api.get("/admin/audit", [404, { message: "Not found" }]);
  api.get("/products/categories", [200, { data: [] }]);
}

const buyer: User = { ...carol, publicKey: BUYER };
const seller: User = { ...dave, displayName: "Dave Seller", publicKey: SELLER };

describe("an order's links", () => {
  it("links its product, its shop and its buyer's and seller's user records, without the orders list's filters", async () => {
    const api = signedInApi();
    serveScreens(api);
    const order = makeOrder({ productId: "p-1", shopId: "s-1" });
    api.get("/admin/orders", [200, page([order])]);
    serveUserSearch(api, [buyer, seller]);
    renderApp(`/orders/${order.id}?filters[0][field]=filter&filters[0][operator]=eq&filters[0][value]=new`);
    const dialog = await findDialogWith(`Order Details · ${order.id.slice(0, 8)}`);

    expect(hrefOf(within(section(dialog, "Product Information")).getByRole("link", { name: "Ledger Nano X" }))).toBe("/products/p-1");
    expect(hrefOf(within(section(dialog, "Shop Information")).getByRole("link", { name: "Cold Storage Co" }))).toBe("/shops/s-1");
    const buyerLink = await within(section(dialog, "Buyer")).findByRole("link", { name: "Carol Diaz" });
    expect(hrefOf(buyerLink)).toBe(`/users/${buyer.id}`);
    expect(hrefOf(await within(section(dialog, "Seller")).findByRole("link", { name: "Dave Seller" }))).toBe(`/users/${seller.id}`);
    // Found by the users' search (a core call) on the exact wallet.
    expect(api.requests("GET", `/users/search/${BUYER}`)).not.toHaveLength(0);

    await setupUser().click(buyerLink);
    await waitFor(() => expect(window.location.pathname).toBe(`/users/${buyer.id}`));
    await findDialogWith("Edit User");
  });

  it("links no user where no user holds the wallet", async () => {
    const api = signedInApi();
    serveScreens(api);
    const order = makeOrder();
    api.get("/admin/orders", [200, page([order])]);
    serveUserSearch(api, [seller]);
    renderApp(`/orders/${order.id}`);
    const dialog = await findDialogWith(`Order Details · ${order.id.slice(0, 8)}`);
    await within(section(dialog, "Seller")).findByRole("link", { name: "Dave Seller" });
    const userLinks = within(section(dialog, "Buyer"))
      .queryAllByRole("link")
      .filter((link) => hrefOf(link).startsWith("/users/"));
    expect(userLinks).toHaveLength(0);
    expect(section(dialog, "Buyer")).toHaveTextContent(`Wallet${BUYER}`);
  });
});

describe("a user's orders and shops", () => {
  function serveUserRecords(api: FakeApi) {
    serveScreens(api);
    serveDocument(api, FULL_DOCUMENT);
    api.get("/admin/orders", ({ query }) => {
      if (query.buyerId === carol.id) return [200, page([makeOrder()], 3)];
      if (query.sellerId === carol.id) return [200, page([], 0)];
      return [200, page([makeOrder(), makeOrder()], 40)];
    });
    api.get("/admin/shops", ({ query }) =>
      query.sellerId === carol.id ? [200, shopPage([shop("s-1", { name: "Carol's Corner" })])] : [200, shopPage([shop("s-9")])],
    );
    api.get("/admin/shops/s-1", [200, { data: shop("s-1", { name: "Carol's Corner" }) }]);
  }

  it("shows their orders as buyer and as seller and the shops they own, each a link", async () => {
    const api = signedInApi();
    serveUserRecords(api);
    renderApp(`/users/${carol.id}`);
    const dialog = await findDialogWith("Edit User");
    const records = await within(dialog).findByRole("region", { name: "Orders and shops" });

    const asBuyer = await within(records).findByRole("link", { name: "3 orders as buyer" });
    expect(asBuyer).toHaveTextContent("3 orders");
    expect(hrefOf(asBuyer)).toBe(narrowed("/orders", "buyerId", carol.id));
    await waitFor(() => expect(records).toHaveTextContent("Orders as sellerNone"));
    const shopLink = await within(records).findByRole("link", { name: "Carol's Corner" });
    expect(hrefOf(shopLink)).toBe("/shops/s-1");
  });

  it("a user's orders as buyer open the Orders list narrowed to them, shown as a removable filter", async () => {
    const api = signedInApi();
    serveUserRecords(api);
    renderApp(`/users/${carol.id}`);
    const dialog = await findDialogWith("Edit User");
    const user = setupUser();
    await user.click(await within(dialog).findByRole("link", { name: "3 orders as buyer" }));

    await waitFor(() => expect(window.location.pathname).toBe("/orders"));
    const tag = await screen.findByRole("group", { name: "Buyer: Carol Diaz" });
    const listed = () => api.requests("GET", "/admin/orders").filter((request) => request.query.limit === "20");
    await waitFor(() => expect(listed().at(-1)?.query.buyerId).toBe(carol.id));
    expect(new URLSearchParams(window.location.search).get("filters[0][value]")).toBe(carol.id);

    await user.click(within(tag).getByRole("button", { name: "Remove the Buyer filter" }));
    await waitFor(() => expect(screen.queryByRole("group", { name: /^Buyer:/ })).not.toBeInTheDocument());
    await waitFor(() => expect(listed().at(-1)?.query.buyerId).toBeUndefined());
    expect(window.location.search).not.toContain("buyerId");
  });

  it("a narrowed list's URL keeps the filter through a reload: sent, and shown by the record's name", async () => {
    const api = signedInApi();
    serveUserRecords(api);
    renderApp(narrowed("/orders", "sellerId", carol.id));
    await screen.findByRole("group", { name: "Seller: Carol Diaz" });
    await waitFor(() =>
      expect(
        api.requests("GET", "/admin/orders").some((request) => request.query.sellerId === carol.id && request.query.limit === "20"),
      ).toBe(true),
    );
  });
});

describe("a shop's counts and a product's shop", () => {
  function serveShop(api: FakeApi) {
    serveScreens(api);
    const corner = shop("s-1", {
      name: "Carol's Corner",
      productCount: 12,
      orderCount: 30,
      seller: { id: carol.id, displayName: "Carol Diaz", publicKey: carol.publicKey },
    });
    api.get("/admin/shops", [200, shopPage([corner])]);
    api.get("/admin/shops/s-1", [200, { data: corner }]);
    api.get("/admin/products", [200, paged([product("p-1", { shopId: "s-1" })])]);
    api.get("/admin/orders", [200, page([])]);
  }

  it("opens the shop's products and orders as lists narrowed to the shop, and its owner's record", async () => {
    const api = signedInApi();
    serveShop(api);
    serveDocument(api, FULL_DOCUMENT);
    renderApp("/shops/s-1");
    const dialog = await findDialogWith("Edit Shop");

    const products = await within(dialog).findByRole("link", { name: "12 products of Carol's Corner" });
    expect(hrefOf(products)).toBe(narrowed("/products", "shopId", "s-1"));
    expect(hrefOf(within(dialog).getByRole("link", { name: "30 orders of Carol's Corner" }))).toBe(narrowed("/orders", "shopId", "s-1"));
    expect(hrefOf(within(dialog).getByRole("link", { name: "Carol Diaz" }))).toBe(`/users/${carol.id}`);

    await setupUser().click(products);
    await waitFor(() => expect(window.location.pathname).toBe("/products"));
    await screen.findByRole("group", { name: "Shop: Carol's Corner" });
    await waitFor(() => expect(api.requests("GET", "/admin/products").at(-1)?.query.shopId).toBe("s-1"));
  });

  it("a product names and links its shop", async () => {
    const api = signedInApi();
    serveShop(api);
    // Read off the list's row (products of no shop link nowhere).
    renderApp("/products/p-1");
    const drawer = await findDialogWith("About p-1");
    const link = await within(drawer).findByRole("link", { name: "Carol's Corner" });
    expect(hrefOf(link)).toBe("/shops/s-1");
  });
});

describe("against an API without the narrowing filters", () => {
  it.each([
    ["has no published document", (api: FakeApi) => api.get("/openapi.json", [404, { message: "Not found" }])],
    [
      "publishes only the core API's parameters",
      (api: FakeApi) =>
        serveDocument(api, {
          "/admin/orders": ["page", "limit", "filter"],
          "/admin/products": ["page", "limit"],
          "/admin/shops": ["page", "limit", "search"],
        }),
    ],
  ])("an API that %s: no user sections, plain shop counts, and a URL's narrowing filter dropped", async (_case, serve) => {
    const api = signedInApi();
    serveScreens(api);
    serve(api);
    const corner = shop("s-1", { name: "Carol's Corner" });
    api.get("/admin/shops", [200, shopPage([corner])]);
    api.get("/admin/shops/s-1", [200, { data: corner }]);
    api.get("/admin/orders", [200, page([makeOrder()], 1)]);
    renderApp(`/users/${carol.id}`);
    const dialog = await findDialogWith("Edit User");
    await waitFor(() => expect(within(dialog).getByLabelText("Display Name")).toHaveValue("Carol Diaz"));
    await waitFor(() => expect(api.requests("GET", "/openapi.json")).toHaveLength(1));
    await api.settled();
    expect(within(dialog).queryByRole("region", { name: "Orders and shops" })).not.toBeInTheDocument();
    expect(within(dialog).queryByText("Orders as buyer")).not.toBeInTheDocument();
    // Nothing was asked with a filter the API would have ignored.
    expect(api.requests("GET", "/admin/orders").filter((request) => request.query.buyerId || request.query.sellerId)).toHaveLength(0);
    expect(api.requests("GET", "/admin/shops").filter((request) => request.query.sellerId)).toHaveLength(0);

    const user = setupUser();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(window.location.pathname).toBe("/users"));

    // The shop's counts stay plain numbers (the document is not asked again).
    window.history.pushState(null, "", "/shops/s-1");
    window.dispatchEvent(new PopStateEvent("popstate"));
    const shopDialog = await findDialogWith("Edit Shop");
    await waitFor(() => expect(within(shopDialog).getByText("Products").closest("tr")).toHaveTextContent("12"));
    expect(within(shopDialog).queryByRole("link", { name: /products of/ })).not.toBeInTheDocument();
    expect(within(shopDialog).queryByRole("link", { name: /orders of/ })).not.toBeInTheDocument();
    expect(api.requests("GET", "/openapi.json")).toHaveLength(1);
  });

  it("a URL narrowing the orders to a buyer has the filter dropped, not shown as applied", async () => {
    const api = signedInApi();
    serveScreens(api);
    api.get("/openapi.json", [404, { message: "Not found" }]);
    api.get("/admin/orders", [200, page([makeOrder()], 1)]);
    renderApp(narrowed("/orders", "buyerId", carol.id));
    await waitFor(() => expect(window.location.search).not.toContain("buyerId"));
    expect(screen.queryByRole("group", { name: /^Buyer:/ })).not.toBeInTheDocument();
    await waitFor(() => expect(api.requests("GET", "/admin/orders").at(-1)?.query.buyerId).toBeUndefined());
  });
});
