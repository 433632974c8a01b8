import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { describe, expect, it, onTestFinished } from "vitest";
import { page as browserPage } from "vitest/browser";
import { endpoints } from "@/providers/endpoints";
import { choose, columnTitles, PHONE, retryFailedList, setViewportWidth, withoutRetryBackoff } from "../../app/support";
import { makeOrder, openDetails, openOrders, ordersApi, page, section, BUYER, SELLER } from "./support";
import { serveDocument } from "../../support/api-document";
import type { FakeApi } from "../../support/fake-api";

const shortDateTime = (iso: string) => new Intl.DateTimeFormat("en-US", { dateStyle: "short", timeStyle: "short" }).format(new Date(iso));

const chooseFilter = (user: UserEvent, label: string) => choose(user, "Filter orders by status", label);

// Full app renders on a shared 2-core machine: generous, but still bounded.
describe("Order Management list", () => {
  it("shows the heading, the subtitle, the columns and each row from data.items", async () => {
    const order = makeOrder({ status: "DISPUTED", totalPrice: 123456, currency: { symbol: "USDC", decimals: 2 } });
    ordersApi(() => [200, page([order])]);
    openOrders();

    expect(await screen.findByRole("heading", { name: "Order Management", level: 1 })).toBeInTheDocument();
    expect(screen.getByText("View and manage marketplace orders, resolve disputes")).toBeInTheDocument();
    const row = (await screen.findByText("Ledger Nano X")).closest("tr")!;
    const headers = columnTitles();
    expect(headers).toEqual(["Order ID", "Image", "Product", "Buyer", "Seller", "Amount", "Status", "Date", "Actions"]);

    const cells = within(row)
      .getAllByRole("cell")
      .map((cell) => cell.textContent);
    expect(cells[0]).toBe(`${order.id.slice(0, 8)}...`);
    expect(cells[2]).toBe("Ledger Nano XQty: 2");
    expect(cells[3]).toBe(`${BUYER.slice(0, 6)}...`);
    expect(cells[4]).toBe(`${SELLER.slice(0, 6)}...`);
    expect(cells[5]).toBe("1,234.56 USDC");
    expect(cells[6]).toBe("DISPUTED");
    // en-US short date and time, in the browser's own time zone.
    expect(cells[7]).toBe(shortDateTime(order.createdAt!));
    expect(cells[7]).toMatch(/^\d{1,2}\/\d{1,2}\/\d{2}, \d{1,2}:\d{2}\s[AP]M$/);
    // Decorative (alt=""): the title sits right next to it.
    expect(row.querySelector("img")).toHaveAttribute("src", "https://img.example/ledger-thumb.png");
    expect(row.querySelector("img")).toHaveAttribute("alt", "");
    // The full wallet is one copy away.
    expect(within(row).getAllByRole("button", { name: "Copy address" })).toHaveLength(2);
    expect(within(row).getByRole("button", { name: `View details of order ${order.id.slice(0, 8)}` })).toBeInTheDocument();
  });

  it("replaces a thumbnail that fails to load with a placeholder of its size", async () => {
    ordersApi(() => [200, page([makeOrder()])]);
    openOrders();
    const row = (await screen.findByText("Ledger Nano X")).closest("tr")!;
    fireEvent.error(row.querySelector("img")!);
    expect(row.querySelector("img")).toBeNull();
    expect(within(row).getByTestId("picture-placeholder")).toHaveStyle({ width: "40px", height: "40px" });
  });

  it("asks for page 1 of 20 with no filter first", async () => {
    const { listQueries } = ordersApi(() => [200, page([makeOrder()])]);
    openOrders();
    await screen.findByText("Ledger Nano X");
    expect(listQueries()).toEqual([{ page: "1", limit: "20" }]);
  });

  it("reads 'Unknown Product' when the product snapshot is missing", async () => {
    ordersApi(() => [200, page([makeOrder({ productSnapshot: null }), makeOrder({ productSnapshot: { title: "" } })])]);
    openOrders();
    expect(await screen.findAllByText("Unknown Product")).toHaveLength(2);
  });

  it("says 'No orders found' when there are none, and shows no pager", async () => {
    ordersApi(() => [200, page([])]);
    openOrders();
    expect(await screen.findByText("No orders found")).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Pagination" })).not.toBeInTheDocument();
  });

  it("offers the Orders screen's five filters", async () => {
    ordersApi(() => [200, page([makeOrder()])]);
    const user = userEvent.setup();
    openOrders();
    await screen.findByText("Ledger Nano X");
    expect(screen.getByRole("combobox", { name: "Filter orders by status" }).closest(".ant-select")).toHaveTextContent("All Orders");
    await user.click(screen.getByRole("combobox", { name: "Filter orders by status" }));
    const listbox = await screen.findByRole("listbox");
    const popup = listbox.parentElement!;
    const labels = Array.from(popup.querySelectorAll(".ant-select-item-option")).map((option) => option.textContent);
    expect(labels).toEqual(["All Orders", "New Orders (Not Shipped)", "Ongoing (Shipped)", "In Dispute", "Completed"]);
  });

  it.each([
    ["New Orders (Not Shipped)", "new", {}],
    ["Ongoing (Shipped)", "ongoing", {}],
    // The dispute queue: the nearest deadline (the most overdue) first.
    ["In Dispute", "in_dispute", { sort: "deadline" }],
    ["Completed", "completed", {}],
  ])("filter %s sends filter=%s and goes back to page 1", async (label, value, sorted) => {
    const { listQueries } = ordersApi((query) => [200, page([makeOrder()], 45, Number(query.page))]);
    const user = userEvent.setup();
    openOrders("/orders?currentPage=3&pageSize=20");
    await screen.findByText("Page 3 of 3");
    expect(listQueries()).toEqual([{ page: "3", limit: "20" }]);

    await chooseFilter(user, label);
    await waitFor(() => expect(listQueries()).toHaveLength(2));
    // One request, already on page 1: no page-3 request with the new filter slips out first.
    expect(listQueries()[1]).toEqual({ page: "1", limit: "20", filter: value, ...sorted });
    expect(await screen.findByText("Page 1 of 3")).toBeInTheDocument();
    const url = new URL(window.location.href);
    expect(url.searchParams.get("currentPage")).toBe("1");
    expect(url.search).toContain(value);
  });

  it("'All Orders' drops the filter", async () => {
    const { listQueries } = ordersApi(() => [200, page([makeOrder()])]);
    const user = userEvent.setup();
    openOrders("/orders?currentPage=1&pageSize=20&filters[0][field]=filter&filters[0][operator]=eq&filters[0][value]=completed");
    await screen.findByText("Ledger Nano X");
    await chooseFilter(user, "All Orders");
    await waitFor(() => expect(listQueries()).toHaveLength(2));
    expect(listQueries()[1]).toEqual({ page: "1", limit: "20" });
  });

  it("restores the filter and the page from a shared URL", async () => {
    const { listQueries } = ordersApi((query) => [200, page([makeOrder()], 60, Number(query.page))]);
    openOrders("/orders?currentPage=2&pageSize=20&filters[0][field]=filter&filters[0][operator]=eq&filters[0][value]=in_dispute");
    expect(await screen.findByText("Page 2 of 3")).toBeInTheDocument();
    expect(listQueries()).toEqual([{ page: "2", limit: "20", filter: "in_dispute", sort: "deadline" }]);
    expect(screen.getByRole("combobox", { name: "Filter orders by status" }).closest(".ant-select")).toHaveTextContent("In Dispute");
  });

  it("sorts In Dispute by deadline by default, most overdue first, and the admin can drop that sort", async () => {
    const { api, listQueries } = ordersApi(() => [
      200,
      page([makeOrder({ status: "DISPUTED", disputeRaisedAt: "2025-03-01T00:00:00.000Z" })]),
    ]);
    api.get(endpoints.marketplaceStatus, [200, { data: { initialized: true, disputeResolutionLimit: 3 * 86_400 } }]);
    const user = userEvent.setup();
    openOrders("/orders?filters[0][field]=filter&filters[0][operator]=eq&filters[0][value]=in_dispute");
    const header = await screen.findByRole("columnheader", { name: /Deadline/ });
    await screen.findByText("Ledger Nano X");
    // One request, already sorted: no newest-first page is asked for first.
    expect(listQueries()).toEqual([{ page: "1", limit: "20", filter: "in_dispute", sort: "deadline" }]);
    expect(header).toHaveAttribute("aria-sort", "ascending");

    await user.click(header);
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ page: "1", limit: "20", filter: "in_dispute" }));
    expect(screen.getByRole("columnheader", { name: /Deadline/ })).not.toHaveAttribute("aria-sort");
  });

  it("pages with Previous / Next, keeping the filter", async () => {
    const { listQueries } = ordersApi((query) => [200, page([makeOrder()], 41, Number(query.page))]);
    const user = userEvent.setup();
    openOrders("/orders?currentPage=1&pageSize=20&filters[0][field]=filter&filters[0][operator]=eq&filters[0][value]=new");
    await screen.findByText("Page 1 of 3");
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByText("Page 2 of 3");
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ page: "2", limit: "20", filter: "new" }));
  });

  it("searches by short id or wallet where the API's document lists the search, beside the status filter", async () => {
    const other = "0therWa11etAddress33333333333333333333333333";
    const orders = [makeOrder(), makeOrder({ buyerWalletAddress: other, productSnapshot: { title: "Trezor Model T" } })];
    const [first, second] = orders;
    // The reference API: an id's start or part of a wallet.
    const { api, listQueries } = ordersApi(({ search }) => {
      const found = orders.filter(
        (o) => !search || o.id.startsWith(search) || [o.buyerWalletAddress, o.sellerWalletAddress].some((w) => w?.includes(search)),
      );
      return [200, page(found)];
    });
    serveDocument(api, { "/admin/orders": ["page", "limit", "filter", "search"] });
    const user = userEvent.setup();
    openOrders("/orders?currentPage=1&pageSize=20&filters[0][field]=filter&filters[0][operator]=eq&filters[0][value]=new");
    await screen.findByText("Trezor Model T");
    const box = await screen.findByRole("textbox", { name: "Search orders" });

    await user.type(box, first.id.slice(0, 8));
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ page: "1", limit: "20", filter: "new", search: first.id.slice(0, 8) }));
    await waitFor(() => expect(screen.queryByText("Trezor Model T")).not.toBeInTheDocument());
    expect(screen.getByText("Ledger Nano X")).toBeInTheDocument();

    await user.clear(box);
    await user.type(box, other.slice(0, 10));
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ page: "1", limit: "20", filter: "new", search: other.slice(0, 10) }));
    await waitFor(() => expect(screen.queryByText("Ledger Nano X")).not.toBeInTheDocument());
    expect(screen.getByText("Trezor Model T")).toBeInTheDocument();
    // The status filter stays usable beside it.
    expect(screen.getByRole("combobox", { name: "Filter orders by status" })).toBeEnabled();
    expect(second.id).not.toBe(first.id);
  });

  it.each([
    ["has no published document (SPEC only)", (api: FakeApi) => api.get("/openapi.json", [404, { message: "Not found" }])],
    ["publishes no search on the list", (api: FakeApi) => serveDocument(api, { "/admin/orders": ["page", "limit", "filter"] })],
  ])("shows no search against an API that %s, and drops a linked search", async (_, publish) => {
    const { api, listQueries } = ordersApi(() => [200, page([makeOrder()])]);
    publish(api);
    openOrders("/orders?currentPage=1&pageSize=20&filters[0][field]=search&filters[0][operator]=eq&filters[0][value]=ord00001");
    await screen.findByText("Ledger Nano X");
    // The link's search dropped once the document says the API would ignore it: the list as it is, without the box.
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ page: "1", limit: "20" }));
    expect(screen.getByRole("combobox", { name: "Filter orders by status" })).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Search orders" })).not.toBeInTheDocument();
    expect(window.location.search).not.toContain("search");
  });

  it("shows its filters and rows together once it knows which filters the API has, so that nothing moves down", async () => {
    const { api, listQueries } = ordersApi(() => [200, page([makeOrder()])]);
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    api.get(endpoints.orderAssignments, async () => {
      await held;
      return [404, { message: "Not found" }];
    });
    openOrders();
    await waitFor(() => expect(listQueries()).toHaveLength(1));
    expect(screen.getByRole("status", { name: "Loading" })).toBeInTheDocument();
    expect(screen.queryByRole("combobox", { name: "Filter orders by status" })).not.toBeInTheDocument();
    expect(screen.queryByText("Ledger Nano X")).not.toBeInTheDocument();

    answer();
    expect(await screen.findByText("Ledger Nano X")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Filter orders by status" })).toBeInTheDocument();
    expect(screen.queryByRole("status", { name: "Loading" })).not.toBeInTheDocument();
  });

  it("shows a load error with Retry instead of an empty table", async () => {
    let calls = 0;
    withoutRetryBackoff();
    ordersApi(() => (++calls <= 2 ? [500, { message: "Orders are down" }] : [200, page([makeOrder()])]));
    openOrders();
    await retryFailedList("Orders are down", "Ledger Nano X");
  });

  it("shows each dispute's time left from the marketplace's limit, marks the overdue one, and sorts by deadline", async () => {
    const HOUR = 3_600_000;
    const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
    const onTime = makeOrder({ status: "DISPUTED", disputeRaisedAt: ago(24 * HOUR + HOUR / 2) });
    const late = makeOrder({ status: "DISPUTED", disputeRaisedAt: ago(75 * HOUR + HOUR / 6) });
    const active = makeOrder({ status: "ACTIVE" });
    const { api, listQueries } = ordersApi(() => [200, page([onTime, late, active])]);
    api.get(endpoints.marketplaceStatus, [200, { data: { initialized: true, disputeResolutionLimit: 3 * 86_400 } }]);
    const user = userEvent.setup();
    openOrders();

    const cellOf = (order: typeof onTime) => within(screen.getByText(`${order.id.slice(0, 8)}...`).closest("tr")!).getAllByRole("cell")[7];
    await screen.findByRole("columnheader", { name: /Deadline/ });
    // The column comes with the marketplace's limit; the rows with the list, which may answer later.
    await screen.findByText(`${late.id.slice(0, 8)}...`);
    const headers = columnTitles();
    expect(headers.slice(6, 9)).toEqual(["Status", "Deadline", "Date"]);
    // 3 days from each opening: 1d 23h 30m left, and 3h 10m past.
    expect(cellOf(onTime)).toHaveTextContent(/^1d 23h left$/);
    expect(cellOf(late)).toHaveTextContent(/^Overdue by 3h 10m$/);
    expect(
      within(cellOf(late))
        .getByText(/Overdue/)
        .closest("[data-tone]"),
    ).toHaveAttribute("data-tone", "error");
    expect(cellOf(active)).toHaveTextContent(/^$/);

    await user.click(screen.getByRole("columnheader", { name: /Deadline/ }));
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ page: "1", limit: "20", sort: "deadline" }));
    expect(new URL(window.location.href).search).toMatch(/sorters\[0\]\[field\]=deadline/);

    const details = await openDetails(user, late);
    expect(section(details, "Dispute Details")).toHaveTextContent(/DeadlineOverdue by 3h 10m/);
  });

  it("keeps each order's status, amount and dispute deadline in view on a 390 px phone, without sideways scrolling", async () => {
    await browserPage.viewport(390, 844);
    onTestFinished(() => browserPage.viewport(414, 896));
    const DAY = 86_400_000;
    const late = makeOrder({
      status: "DISPUTED",
      disputeRaisedAt: new Date(Date.now() - 358 * DAY).toISOString(),
      totalPrice: 99_637_966_093_280,
      currency: { symbol: "SOL", decimals: 9 },
      productSnapshot: { title: "A product with a rather long title that wraps", price: 1, images: [] },
    });
    const active = makeOrder({ status: "ACTIVE" });
    const { api } = ordersApi(() => [200, page([late, active])]);
    api.get(endpoints.marketplaceStatus, [200, { data: { initialized: true, disputeResolutionLimit: 3 * 86_400 } }]);
    setViewportWidth(PHONE);
    openOrders();

    const row = (await screen.findByText(`${late.id.slice(0, 8)}...`)).closest("tr")!;
    const overdue = await within(row).findByText(/^Overdue by/);
    const inView = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.left >= 0 && box.right <= window.innerWidth;
    };
    const scroller = row.closest(".ant-table-content")!;
    await waitFor(() => expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth));
    expect(inView(within(row).getByText("DISPUTED"))).toBe(true);
    expect(inView(within(row).getByText(/99,637\.\d+ SOL/))).toBe(true);
    expect(inView(overdue)).toBe(true);
    const other = screen.getByText(`${active.id.slice(0, 8)}...`).closest("tr")!;
    expect(inView(within(other).getByText("25.00 USDC"))).toBe(true);
  });
});
