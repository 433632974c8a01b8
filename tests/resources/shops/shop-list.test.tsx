import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Shop } from "@contract";
import {
  choose,
  columnTitles,
  compileFirst,
  deferred,
  DESKTOP,
  openScreen,
  openSelect,
  pagerTests,
  PHONE,
  renderApp,
  setupUser,
  signedInApi,
} from "../../app/support";
import type { FakeApi } from "../../support/fake-api";
import { SELLER_KEY, shop, shopPage } from "./fixtures";

// The machine running these is shared.

compileFirst(() => import("@/resources/shops/list"));

interface Open {
  path?: string;
  items?: Shop[];
  total?: number;
  width?: number;
}

function openShops({ path = "/shops", items = [shop("s1")], total, width = DESKTOP }: Open = {}): FakeApi {
  const api = signedInApi(width);
  api.get("/admin/shops", [200, shopPage(items, total)]);
  renderApp(path);
  return api;
}

const listRequests = (api: FakeApi) => api.requests("GET", "/admin/shops").map((request) => request.query);
const rowOf = (name: string) => screen.getByText(name).closest("tr") as HTMLElement;

describe("Shop Management: the list", () => {
  it("shows the heading, the subtitle and every column of a shop", async () => {
    const api = openShops({
      items: [
        shop("s1", { name: "Gadget Hub", slug: "gadget-hub", productCount: 42, isVerified: true }),
        shop("s2", { name: "Book Nook", slug: "book-nook", logo: null, category: "Books", seller: null, isActive: false }),
      ],
    });

    expect(await screen.findByRole("heading", { name: "Shop Management", level: 1 })).toBeInTheDocument();
    expect(screen.getByText("Manage marketplace shops and verify sellers")).toBeInTheDocument();
    await screen.findByText("Gadget Hub");
    // First the bulk actions' selection column, its header a "Select all" checkbox.
    expect(columnTitles()).toEqual(["", "Shop", "Owner", "Category", "Products", "Status", "Verified", "Actions"]);

    const hub = rowOf("Gadget Hub");
    expect(hub.querySelector("img")).toHaveAttribute("src", "https://logo.test/s1.svg");
    expect(within(hub).getByText("gadget-hub")).toBeInTheDocument();
    expect(within(hub).getByText("Seller s1")).toBeInTheDocument();
    expect(within(hub).getByText(`${SELLER_KEY.slice(0, 8)}...`)).toBeInTheDocument();
    expect(within(hub).getByRole("button", { name: "Copy address" })).toBeInTheDocument();
    expect(within(hub).getByText("Electronics")).toHaveClass("kit-tag");
    expect(within(hub).getByText("42")).toBeInTheDocument();
    expect(within(hub).getByText("Active")).toBeInTheDocument();
    expect(within(hub).getByRole("img", { name: "Verified" })).toBeInTheDocument();
    expect(within(hub).getByRole("button", { name: 'Edit "Gadget Hub"' })).toBeInTheDocument();

    const nook = rowOf("Book Nook");
    expect(nook.querySelector("img")).toBeNull();
    expect(within(nook).getByText("B")).toHaveClass("shop-logo--placeholder");
    expect(within(nook).getByText("Unknown")).toBeInTheDocument();
    expect(within(nook).getByText("Inactive")).toBeInTheDocument();
    expect(within(nook).getByRole("img", { name: "Not verified" })).toBeInTheDocument();

    expect(listRequests(api)).toEqual([{ page: "1", limit: "20" }]);
  });

  it("hides the product count on small screens", async () => {
    openShops({ width: PHONE, items: [shop("s1", { name: "Gadget Hub", productCount: 42 })] });
    await screen.findByText("Gadget Hub");
    const headers = columnTitles();
    expect(headers).not.toContain("Products");
    expect(headers).toContain("Owner");
    expect(within(rowOf("Gadget Hub")).queryByText("42")).not.toBeInTheDocument();
  });

  it("shows a spinner while loading", async () => {
    const api = signedInApi();
    const response = deferred<[number, unknown]>();
    api.get("/admin/shops", () => response.promise);
    await openScreen("/shops", "Shop Management");
    await waitFor(() => expect(document.querySelector(".ant-table-wrapper .ant-spin-spinning")).not.toBeNull());
    await act(async () => response.resolve([200, shopPage([shop("s1", { name: "Gadget Hub" })])]));
    expect(await screen.findByText("Gadget Hub")).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector(".ant-table-wrapper .ant-spin-spinning")).toBeNull());
  });

  // Read from meta.total, by 20.
  pagerTests((total) => openShops({ items: [shop("s1", { name: "Gadget Hub" })], total }), "Gadget Hub", listRequests);
});

describe("Shop Management: filters", () => {
  it("sends category, isActive and isVerified from page 1, and keeps them in the URL", async () => {
    const api = openShops({ path: "/shops?currentPage=2&pageSize=20", total: 45 });
    const user = setupUser();
    await screen.findByText("Shop s1");
    expect(listRequests(api)).toEqual([{ page: "2", limit: "20" }]);

    await choose(user, "Category", "Books");
    await waitFor(() => expect(listRequests(api).at(-1)).toEqual({ page: "1", limit: "20", category: "Books" }));

    await user.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(listRequests(api).at(-1)).toEqual({ page: "2", limit: "20", category: "Books" }));
    await choose(user, "Active status", "Inactive");
    await waitFor(() => expect(listRequests(api).at(-1)).toEqual({ page: "1", limit: "20", category: "Books", isActive: "false" }));

    await choose(user, "Verified", "Verified");
    await waitFor(() =>
      expect(listRequests(api).at(-1)).toEqual({
        page: "1",
        limit: "20",
        category: "Books",
        isActive: "false",
        isVerified: "true",
      }),
    );
    const search = decodeURIComponent(window.location.search);
    expect(search).toContain("currentPage=1");
    expect(search).toMatch(/filters\[\d\]\[field\]=isVerified/);
    expect(search).toMatch(/filters\[\d\]\[value\]=Books/);
  });

  it("offers the Shops screen's options", async () => {
    openShops();
    const user = setupUser();
    await screen.findByText("Shop s1");
    const optionsOf = async (label: string) => {
      const labels = (await openSelect(user, label)).map((option) => option.getAttribute("title"));
      await user.click(screen.getByRole("combobox", { name: label })); // closes it again
      return labels;
    };
    expect(await optionsOf("Category")).toEqual([
      "All Categories",
      "Electronics",
      "Clothes",
      "Books",
      "Home",
      "Sports",
      "Beauty",
      "Automotive",
      "Other",
    ]);
    expect(await optionsOf("Active status")).toEqual(["All", "Active", "Inactive"]);
    expect(await optionsOf("Verified")).toEqual(["All", "Verified", "Not Verified"]);
  });

  it("sends the search text once typing pauses, from page 1, and keeps what was typed", async () => {
    const api = openShops({ path: "/shops?currentPage=2&pageSize=20", total: 45 });
    const user = setupUser();
    await screen.findByText("Shop s1");

    const box = screen.getByRole("textbox", { name: "Search shops" });
    await user.type(box, "gadget hub ");
    await waitFor(() => expect(listRequests(api).at(-1)).toEqual({ page: "1", limit: "20", search: "gadget hub" }));
    // One request for the whole word, not one per key.
    expect(listRequests(api).filter((params) => params?.search !== undefined)).toHaveLength(1);
    expect(box).toHaveValue("gadget hub ");
    expect(decodeURIComponent(window.location.search)).toContain("[value]=gadget hub");

    await user.clear(box);
    await waitFor(() => expect(listRequests(api).at(-1)).toEqual({ page: "1", limit: "20" }));
  });

  it("restores search, filters and page from a shared URL", async () => {
    const url =
      "/shops?currentPage=2&pageSize=20" +
      "&filters[0][field]=search&filters[0][operator]=eq&filters[0][value]=hub" +
      "&filters[1][field]=category&filters[1][operator]=eq&filters[1][value]=Electronics" +
      "&filters[2][field]=isActive&filters[2][operator]=eq&filters[2][value]=true" +
      "&filters[3][field]=isVerified&filters[3][operator]=eq&filters[3][value]=false";
    const api = openShops({ path: url, total: 45 });
    await screen.findByText("Shop s1");

    expect(listRequests(api)).toEqual([
      { page: "2", limit: "20", search: "hub", category: "Electronics", isActive: "true", isVerified: "false" },
    ]);
    expect(screen.getByRole("textbox", { name: "Search shops" })).toHaveValue("hub");
    expect(await screen.findByText("Page 2 of 3")).toBeInTheDocument();
    const filterBar = screen.getByRole("search");
    expect(within(filterBar).getByTitle("Electronics")).toBeInTheDocument();
    expect(within(filterBar).getByTitle("Active")).toBeInTheDocument();
    expect(within(filterBar).getByTitle("Not Verified")).toBeInTheDocument();
  });
});
