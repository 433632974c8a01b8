// Every record has a URL (Refine's show routes): /orders/:id, /users/:id, /products/:id and
// /shops/:id open that record over its list, from a link or a reload alike; closing returns to the
// list with its filters, and the breadcrumb leads back to it.
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { compileFirst, deferred, findDialogWith, renderApp, setupUser, signedInApi } from "./support";
import { makeOrder, page, openDetails } from "../resources/orders/support";
import { carol, USERS, serveUsers } from "../resources/users/support";
import { paged, product } from "../resources/products/fixtures";
import { shop, shopPage } from "../resources/shops/fixtures";

compileFirst(
  () => import("@/resources/orders/list"),
  () => import("@/resources/users/list"),
  () => import("@/resources/products/list"),
  () => import("@/resources/shops/list"),
);

const filterValue = () => new URLSearchParams(window.location.search).get("filters[0][value]");
const IN_DISPUTE = "currentPage=1&pageSize=20&filters[0][field]=filter&filters[0][operator]=eq&filters[0][value]=in_dispute";
const ADMINS = "currentPage=1&pageSize=20&filters[0][field]=role&filters[0][operator]=eq&filters[0][value]=ADMIN";

describe("record URLs", () => {
  it("/orders/:id opens that order after a reload, even off the loaded page, and closing keeps the list's filter", async () => {
    const listed = makeOrder({ status: "DISPUTED" });
    const elsewhere = makeOrder({ status: "DISPUTED", productSnapshot: { title: "Trezor", price: 1, images: [] } });
    const api = signedInApi();
    api.get("/admin/audit", [404, { message: "Not found" }]);
    api.get("/admin/orders", [200, page([listed])]);
    api.get(`/admin/orders/${elsewhere.id}`, [200, { data: elsewhere }]);
    renderApp(`/orders/${elsewhere.id}?${IN_DISPUTE}`);

    const dialog = await findDialogWith(`Order Details · ${elsewhere.id.slice(0, 8)}`);
    expect(within(dialog).getByText("Trezor")).toBeInTheDocument();
    // The list behind it is the filtered one.
    await waitFor(() => expect(api.requests("GET", "/admin/orders")[0]?.query.filter).toBe("in_dispute"));

    const user = setupUser();
    await user.click(within(dialog).getByRole("link", { name: "Orders" }));
    await waitFor(() => expect(window.location.pathname).toBe("/orders"));
    expect(filterValue()).toBe("in_dispute");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    // A row's View goes to its URL; Close comes back; the list behind is not read again.
    // (Pages of 20: the live updates' own count call reads one row.)
    const pageReads = () => api.requests("GET", "/admin/orders").filter((request) => request.query.limit === "20").length;
    const listReads = pageReads();
    const second = await openDetails(user, listed);
    expect(window.location.pathname).toBe(`/orders/${listed.id}`);
    expect(filterValue()).toBe("in_dispute");
    // The row was on the page: no extra read.
    expect(api.requests("GET", `/admin/orders/${listed.id}`)).toHaveLength(0);
    await user.click(within(second).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(window.location.pathname).toBe("/orders"));
    expect(filterValue()).toBe("in_dispute");
    expect(pageReads()).toBe(listReads);
  });

  it("spins while a shared link reads its record, then says a missing order does not exist, with Retry", async () => {
    const api = signedInApi();
    const read = deferred<[number, unknown]>();
    api.get("/admin/orders", [200, page([])]);
    api.get("/admin/orders/nope", () => read.promise);
    renderApp("/orders/nope");
    // The list behind may be settling too: the record's own spinner is the one in its dialog.
    await waitFor(() => expect(within(screen.getByRole("dialog")).getByRole("status", { name: "Loading" })).toBeInTheDocument());
    read.resolve([404, { message: "Order not found" }]);
    const dialog = await findDialogWith("This record does not exist");
    expect(within(dialog).queryByRole("status", { name: "Loading" })).not.toBeInTheDocument();
    expect(within(dialog).getByText("Order not found")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Retry" })).toBeInTheDocument();
  });

  it("/users/:id opens the Edit User modal with that user's values; Cancel returns to the list", async () => {
    const api = signedInApi();
    serveUsers(api, USERS);
    api.get("/admin/users/stats", [200, { data: { totalUsers: USERS.length } }]);
    api.get("/admin/audit", [404, { message: "Not found" }]);
    api.get(`/users/${carol.id}`, [200, { data: carol }]);
    renderApp(`/users/${carol.id}?${ADMINS}`);

    const dialog = await findDialogWith("Edit User");
    await waitFor(() => expect(within(dialog).getByLabelText("Display Name")).toHaveValue("Carol Diaz"));
    expect(within(dialog).getByText("Carol Diaz", { selector: "[aria-current='page']" })).toBeInTheDocument();

    const user = setupUser();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(window.location.pathname).toBe("/users"));
    expect(filterValue()).toBe("ADMIN");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    // Opening a row's Edit goes to its URL (once the list behind is not loading: antd blurs it then).
    const edit = await screen.findByRole("button", { name: "Edit Carol Diaz" });
    await waitFor(() => expect(edit.closest(".ant-spin-blur")).toBeNull());
    await user.click(edit);
    await waitFor(() => expect(window.location.pathname).toBe(`/users/${carol.id}`));
    await findDialogWith("Edit User");
  });

  it("/products/:id opens the product's drawer, read by GET /products/:id", async () => {
    const api = signedInApi();
    const lamp = product("p-7", { title: "Desk Lamp", description: "Warm light", statusReason: "Recalled", isActive: false });
    api.get("/admin/products", [200, paged([])]);
    api.get("/products/categories", [200, { data: [] }]);
    api.get("/admin/audit", [404, { message: "Not found" }]);
    api.get("/products/p-7", [200, { data: lamp }]);
    renderApp("/products/p-7");

    const drawer = await findDialogWith("Desk Lamp");
    expect(within(drawer).getByText("Warm light")).toBeInTheDocument();
    expect(within(drawer).getByText("Recalled")).toBeInTheDocument();
    const user = setupUser();
    await user.click(within(drawer).getByRole("link", { name: "Products" }));
    // The list's own URL sync (Refine's syncWithLocation) adds its page to the query once it has
    // arrived: only the path is this test's; the query is the list's, as on any arrival.
    await waitFor(() => expect(window.location.pathname).toBe("/products"));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  // A bad record URL says it once, plainly: no second "Error (status code: 404)", no form, nothing to save.
  async function expectOneMissingRecordError(message: string) {
    const dialog = await findDialogWith("This record does not exist");
    expect(within(dialog).getByText(message)).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Retry" })).toBeInTheDocument();
    expect(within(dialog).queryByRole("textbox")).not.toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: /save|update/i })).not.toBeInTheDocument();
    expect(screen.queryByText(/status code/i)).not.toBeInTheDocument();
    expect(screen.getAllByText(message)).toHaveLength(1);
  }

  it.each([
    ["users", "/users/does-not-exist", "/users/does-not-exist", "User not found"],
    ["shops", "/shops/does-not-exist", "/admin/shops/does-not-exist", "Shop not found"],
    ["products", "/products/does-not-exist", "/products/does-not-exist", "Product not found"],
    ["orders", "/orders/does-not-exist", "/admin/orders/does-not-exist", "Order not found"],
  ])("a bad %s record URL shows one clear error, without a form or a live Save", async (_section, url, apiPath, message) => {
    const api = signedInApi();
    serveUsers(api, USERS);
    api.get("/admin/users/stats", [200, { data: { totalUsers: USERS.length } }]);
    api.get("/admin/shops", [200, shopPage([shop("s1")])]);
    api.get("/admin/products", [200, paged([])]);
    api.get("/products/categories", [200, { data: [] }]);
    api.get("/admin/orders", [200, page([])]);
    api.get("/admin/audit", [404, { message: "Not found" }]);
    api.get(apiPath, [404, { message }]);
    renderApp(url);
    await expectOneMissingRecordError(message);
  });
});
