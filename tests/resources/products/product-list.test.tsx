import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Product } from "@contract";
import { choose, columnTitles, compileFirst, pagerTests, renderApp, screenRequests, setupUser, signedInApi } from "../../app/support";
import type { FakeApi } from "../../support/fake-api";
import { paged, product } from "./fixtures";

const CATEGORIES = [
  { category: "Books", count: 3 },
  { category: "Home", count: 12 },
];

interface Open {
  path?: string;
  items?: Product[];
  total?: number;
}

function openProducts({ path = "/products", items = [product("p1")], total }: Open = {}): FakeApi {
  const api = signedInApi();
  api.get("/products/categories", [200, { data: CATEGORIES }]);
  api.get("/admin/products", [200, paged(items, total)]);
  renderApp(path);
  return api;
}

const listRequests = (api: FakeApi) => api.requests("GET", "/admin/products").map((request) => request.query);
const rowOf = (title: string) => screen.getByText(title).closest("tr") as HTMLElement;

/** The cells every product row has: price, stock (its class says in or out), Featured, status and the status's toggle. */
interface RowCells {
  price: string;
  stock: [text: string, state: "in" | "out"];
  featured: boolean;
  status: string;
  toggle: "Enable" | "Disable";
}

function expectCells(title: string, { price, stock: [stock, state], featured, status, toggle }: RowCells) {
  const row = within(rowOf(title));
  expect(row.getByText(price)).toBeInTheDocument();
  expect(row.getByText(stock)).toHaveClass(`product-stock--${state}`);
  expect(row.getByRole("button", { name: `Featured: ${title}` })).toHaveAttribute("aria-pressed", String(featured));
  expect(row.getByText(status)).toBeInTheDocument();
  expect(row.getByRole("button", { name: `${toggle} "${title}"` })).toBeInTheDocument();
}

// The screen and the layout are lazy chunks Vite compiles on first use; doing it here keeps that
// one-off cost out of the first test's waiting time.
// The machine running these is shared.

compileFirst(() => import("@/resources/products/list"));

describe("Product Management: the list", () => {
  it("shows the heading, the subtitle and every column of a product", async () => {
    const api = openProducts({
      items: [
        product("p1", { title: "Desk Lamp", description: "Warm light", price: 1_500_000_000, stockQuantity: 4 }),
        product("p2", {
          title: "Mug",
          description: null,
          price: 2_500_000,
          currency: { symbol: "USDC", decimals: 6 },
          category: "Home",
          stockQuantity: 0,
          isFeatured: true,
          isActive: false,
          images: [],
        }),
      ],
    });

    expect(await screen.findByRole("heading", { name: "Product Management", level: 1 })).toBeInTheDocument();
    expect(screen.getByText("Manage products and featured listings")).toBeInTheDocument();
    await screen.findByText("Desk Lamp");
    const headers = columnTitles();
    // First the bulk actions' selection column, its header a "Select all" checkbox.
    expect(headers).toEqual(["", "Image", "Title", "Price", "Category", "Stock", "Featured", "Status", "Actions"]);

    const lamp = rowOf("Desk Lamp");
    expect(lamp.querySelector("img")).toHaveAttribute("src", "https://img.test/p1-thumb.jpg");
    expect(within(lamp).getByText("Warm light")).toBeInTheDocument();
    expect(within(lamp).getByText("Books")).toBeInTheDocument();
    expect(within(lamp).getByRole("button", { name: 'Delete "Desk Lamp"' })).toBeInTheDocument();
    expectCells("Desk Lamp", { price: "1.50 SOL", stock: ["4", "in"], featured: false, status: "Active", toggle: "Disable" });

    expect(within(rowOf("Mug")).getByText("No Img")).toBeInTheDocument();
    expectCells("Mug", { price: "2.50 USDC", stock: ["0", "out"], featured: true, status: "Inactive", toggle: "Enable" });

    expect(listRequests(api)).toEqual([{ page: "1", limit: "20" }]);
    expect(api.requests("GET", "/products/categories")).toHaveLength(1);
  });

  it("shows 'No Img' when the thumbnail does not load", async () => {
    openProducts({ items: [product("p1", { title: "Desk Lamp" })] });
    const image = (await screen.findByText("Desk Lamp")).closest("tr")!.querySelector("img")!;
    image.dispatchEvent(new Event("error"));
    expect(await within(rowOf("Desk Lamp")).findByText("No Img")).toBeInTheDocument();
  });

  it("shows 'No products found' for an empty result", async () => {
    openProducts({ items: [] });
    expect(await screen.findByText("No products found")).toBeInTheDocument();
  });

  pagerTests((total) => openProducts({ items: [product("p1", { title: "Desk Lamp" })], total }), "Desk Lamp", listRequests);
});

describe("Product Management: search and filters", () => {
  it("searches the loaded rows without sending the text, and says so", async () => {
    const api = openProducts({
      items: [product("p1", { title: "Desk Lamp" }), product("p2", { title: "Mug", description: "Stoneware" })],
    });
    const user = setupUser();
    await screen.findByText("Desk Lamp");
    const before = screenRequests(api).length;
    const pagesBefore = listRequests(api).length;

    const box = screen.getByRole("textbox", { name: "Search products on this page" });
    expect(box).toHaveAttribute("placeholder", "Search products on this page...");
    await user.type(box, "stone");
    expect(screen.queryByText("Desk Lamp")).not.toBeInTheDocument();
    expect(screen.getByText("Mug")).toBeInTheDocument();

    await user.clear(box);
    await user.type(box, "nothing like this");
    expect(screen.getByText("No products found")).toBeInTheDocument();
    // The shell's idle reads of the other lists (settlements, screening, audit, team, webhooks) may land
    // during the typing on a loaded machine; no products page is read, and nothing carries the text.
    expect(listRequests(api)).toHaveLength(pagesBefore);
    const sent = screenRequests(api)
      .slice(before)
      .map((request) => JSON.stringify([request.path, request.query, request.body]));
    expect(sent.filter((request) => /stone|nothing/.test(request))).toEqual([]);
  });

  it("builds the Category filter as 'category (count)' and sends the choice from page 1", async () => {
    const api = openProducts({ path: "/products?currentPage=2&pageSize=20", total: 45 });
    const user = setupUser();
    await screen.findByText("Product p1");
    expect(listRequests(api)).toEqual([{ page: "2", limit: "20" }]);

    await user.click(screen.getByRole("combobox", { name: "Category" }));
    const labels = (await screen.findAllByRole("option")).map((option) => option.textContent);
    expect(labels).toEqual(expect.arrayContaining(["All Categories", "Books (3)", "Home (12)"]));
    await user.click(document.querySelector('.ant-select-item-option[title="Home (12)"]')!);

    await waitFor(() => expect(listRequests(api).at(-1)).toEqual({ page: "1", limit: "20", category: "Home" }));
    const search = decodeURIComponent(window.location.search);
    expect(search).toContain("filters[0][field]=category");
    expect(search).toContain("filters[0][value]=Home");
    expect(search).toContain("currentPage=1");
  });

  it("maps the Featured filter to isFeatured and keeps the category", async () => {
    const api = openProducts();
    const user = setupUser();
    await screen.findByText("Product p1");

    await choose(user, "Category", "Books (3)");
    await choose(user, "Featured", "Featured Only");
    await waitFor(() => expect(listRequests(api).at(-1)).toEqual({ page: "1", limit: "20", category: "Books", isFeatured: "true" }));
    await choose(user, "Featured", "Not Featured");
    await waitFor(() => expect(listRequests(api).at(-1)).toEqual({ page: "1", limit: "20", category: "Books", isFeatured: "false" }));
    // Back to "All Products": the category-only page is already cached, so the URL says it.
    await choose(user, "Featured", "All Products");
    await waitFor(() => expect(decodeURIComponent(window.location.search)).not.toContain("isFeatured"));
    expect(decodeURIComponent(window.location.search)).toContain("filters[0][value]=Books");
  });

  it("restores the filters and the page from a shared URL", async () => {
    const url =
      "/products?currentPage=2&pageSize=20&filters[0][field]=category&filters[0][operator]=eq&filters[0][value]=Books" +
      "&filters[1][field]=isFeatured&filters[1][operator]=eq&filters[1][value]=false";
    const api = openProducts({ path: url, total: 45 });
    await screen.findByText("Product p1");

    expect(listRequests(api)).toEqual([{ page: "2", limit: "20", category: "Books", isFeatured: "false" }]);
    expect(await screen.findByText("Page 2 of 3")).toBeInTheDocument();
    await screen.findByTitle("Books (3)");
    expect(screen.getByTitle("Not Featured")).toBeInTheDocument();
  });
});
