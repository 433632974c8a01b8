// Every list's row actions are drawn one way: icon buttons (the shared RowAction), each named for
// assistive technology by its verb and record, with a tooltip saying the verb.
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { compileFirst, renderApp, setupUser, signedInApi } from "../app/support";
import { makeOrder, ordersApi, page as orderPage } from "../resources/orders/support";
import { paged, product } from "../resources/products/fixtures";
import { shop, shopPage } from "../resources/shops/fixtures";
import { BONK, page as tokenPage, RAY, USDC } from "../resources/tokens/fixtures";
import { openUsers, USERS } from "../resources/users/support";

compileFirst(
  () => import("@/resources/users/list"),
  () => import("@/resources/products/list"),
  () => import("@/resources/shops/list"),
  () => import("@/resources/tokens/list"),
  () => import("@/resources/orders/list"),
);

/** The buttons in each row's Actions cell, once the rows are there. */
async function rowActions(heading: string, rowCount: number): Promise<HTMLElement[][]> {
  await screen.findByRole("heading", { name: heading, level: 1 });
  const rows = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>(".ant-table-tbody tr.ant-table-row")];
    expect(found).toHaveLength(rowCount);
    return found;
  });
  const headers = [...document.querySelectorAll(".ant-table-thead th")].map((cell) => cell.textContent);
  const column = headers.indexOf("Actions");
  expect(column).toBeGreaterThan(-1);
  return rows.map((row) => [...row.querySelectorAll<HTMLElement>(":scope > td")[column].querySelectorAll<HTMLElement>("button")]);
}

/** Each button is the shared icon button: an icon, no words, a name that starts with its tooltip's verb. */
async function expectOneStyle(screenName: string, actions: HTMLElement[][]) {
  const user = setupUser();
  expect(actions.flat().length).toBeGreaterThan(0);
  for (const button of actions.flat()) {
    const label = button.getAttribute("aria-label") ?? "";
    expect({ screenName, label, words: button.textContent?.trim() }).toEqual({ screenName, label, words: "" });
    expect({ screenName, label, icon: button.querySelector(".anticon") !== null }).toEqual({ screenName, label, icon: true });
    expect({ screenName, label, shared: button.classList.contains("kit-row-action") }).toEqual({ screenName, label, shared: true });
    expect(button.classList.contains("ant-btn-variant-text")).toBe(true);
  }
  // The tooltips, on the first row's buttons.
  for (const button of actions[0]) {
    await user.hover(button);
    const hint = await screen.findByRole("tooltip");
    const label = button.getAttribute("aria-label") ?? "";
    await waitFor(() => expect(label.startsWith(hint.textContent ?? "") && (hint.textContent ?? "").length > 0).toBe(true));
    await user.unhover(button);
    await waitFor(() => expect(screen.queryByRole("tooltip")).not.toBeInTheDocument());
  }
}

describe("row actions", () => {
  it("are icon buttons with a name and a tooltip on Users", async () => {
    openUsers();
    await expectOneStyle("users", await rowActions("User Management", USERS.length));
  });

  it("are icon buttons with a name and a tooltip on Products", async () => {
    const api = signedInApi();
    api.get("/products/categories", [200, { data: [] }]);
    api.get("/admin/products", [200, paged([product("p1"), product("p2", { title: "Second", isActive: false })])]);
    renderApp("/products");
    await expectOneStyle("products", await rowActions("Product Management", 2));
  });

  it("are icon buttons with a name and a tooltip on Shops", async () => {
    const api = signedInApi();
    api.get("/admin/shops", [200, shopPage([shop("s1", { name: "Gadget Hub" }), shop("s2", { name: "Book Nook" })])]);
    renderApp("/shops");
    await expectOneStyle("shops", await rowActions("Shop Management", 2));
  });

  it("are icon buttons with a name and a tooltip on Tokens, active and inactive", async () => {
    const api = signedInApi();
    api.get("/tokens/admin", [200, tokenPage([USDC, BONK, RAY])]);
    renderApp("/tokens");
    await screen.findByText("USD Coin");
    await setupUser().click(screen.getByRole("switch", { name: /Show inactive/ }));
    await expectOneStyle("tokens", await rowActions("Token Management", 3));
  });

  it("are icon buttons with a name and a tooltip on Orders", async () => {
    ordersApi(() => [200, orderPage([makeOrder()])]);
    renderApp("/orders");
    await expectOneStyle("orders", await rowActions("Order Management", 1));
  });
});
