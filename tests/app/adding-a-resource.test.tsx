// Adding a resource is one entry in the sections list of src/resources/index.tsx and one folder
// (docs/adding-a-resource.md). This test does exactly that with a throwaway "payouts" resource — the
// entry below, the folder ./payouts — and nothing else: the real App, sidebar, routes and data
// provider must pick it up from the list alone, and its screen must show what the API (msw) sends.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { compileFirst, renderApp, signedInApi } from "./support";

// src/resources/index.tsx as it would read with one more entry: the same helper builds the app's
// sections from the same list, plus the new entry, written as the guide writes it.
vi.mock("@/resources", async (importOriginal) => {
  const index = await importOriginal<typeof import("@/resources")>();
  const { screen: namedScreen } = await import("@/components/routing/lazy-screen");
  const { SectionIcon } = await import("@/components/layout/section-icon");
  const { createElement } = await import("react"); // the factory runs before this file's imports: no JSX here
  const { PAYOUT_FILTERS } = await import("./payouts/filters");
  const payouts: import("@/resources").AdminResource = {
    resource: { name: "payouts", list: "/payouts", meta: { label: "Payouts", icon: createElement(SectionIcon, { name: "orders" }) } },
    load: namedScreen(() => import("./payouts/list"), "PayoutList"),
    firstQuery: index.firstListPage,
    api: { list: "/admin/payouts", filters: PAYOUT_FILTERS, one: "/admin/payouts/:id" },
  };
  return { ...index, ...index.sectionsOf([...index.adminResources, payouts]) };
});

const PAYOUTS = [
  { id: "po-1", shopName: "Gadget Hub", amount: 1250, status: "PENDING" },
  { id: "po-2", shopName: "Book Nook", amount: 90, status: "PAID" },
];

function payoutsApi() {
  const api = signedInApi();
  api.get("/admin/payouts", ({ query }) => {
    const items = PAYOUTS.filter((payout) => !query.status || payout.status === query.status);
    return [200, { data: { items, total: items.length, page: 1, limit: 20, totalPages: 1 } }];
  });
  return api;
}

compileFirst(() => import("./payouts/list"));

describe("a resource added by one entry and one folder", { timeout: 90_000 }, () => {
  it("gets a sidebar link and a route, and its list shows the API's rows", async () => {
    const api = payoutsApi();
    renderApp("/payouts");

    expect(await screen.findByRole("heading", { name: "Payouts", level: 1 })).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Sections" });
    expect(within(nav).getByRole("link", { name: "Payouts" })).toHaveAttribute("aria-current", "page");
    expect(await screen.findByText("Gadget Hub")).toBeInTheDocument();
    expect(screen.getByText("Book Nook")).toBeInTheDocument();
    expect(api.requests("GET", "/admin/payouts").map((request) => request.query)).toEqual([{ page: "1", limit: "20" }]);
  });

  it("sends its declared filter, keeps it in the URL, and nothing else it was not told to send", async () => {
    const api = payoutsApi();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderApp("/payouts?foo=bar");
    await screen.findByText("Gadget Hub");

    await user.click(screen.getByRole("combobox", { name: "Status" }));
    await user.click(document.querySelector('.ant-select-item-option[title="Paid"]')!);

    await waitFor(() => expect(screen.queryByText("Gadget Hub")).not.toBeInTheDocument());
    expect(screen.getByText("Book Nook")).toBeInTheDocument();
    expect(api.requests("GET", "/admin/payouts").at(-1)?.query).toEqual({ page: "1", limit: "20", status: "PAID" });
    expect(decodeURIComponent(window.location.search)).toContain("filters[0][field]=status");
  });
});
