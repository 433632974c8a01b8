import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, onTestFinished } from "vitest";
import { page } from "vitest/browser";
import { deferred, failedRegion, failsTwice, openScreen, renderApp, signedInApi } from "../app/support";

const CARDS = ["Total Users", "Verified Users", "Disabled Users", "Active Users", "Recent Users (last 30 days)", "Admin Users"];

function cardValue(title: string) {
  const card = screen.getByRole("region", { name: title });
  return within(card).getByTestId(/^stat-/).textContent;
}

/** The signed-in admin's API (at `width`), its user stats counting `totalUsers` when given. */
function openDashboard(totalUsers?: number, width?: number) {
  const api = signedInApi(width);
  if (totalUsers !== undefined) api.get("/admin/users/stats", [200, { data: { totalUsers } }]);
  return api;
}

describe("dashboard", () => {
  it("shows the heading, the welcome text and six cards with the API's numbers", async () => {
    const api = openDashboard();
    api.get("/admin/users/stats", [
      200,
      {
        data: { totalUsers: 1234, verifiedUsers: 800, disabledUsers: 12, activeUsers: 1100, recentUsers: 57, adminUsers: 3 },
      },
    ]);
    await openScreen("/", "Dashboard");
    expect(screen.getByText("Welcome to Marketplace Admin")).toBeInTheDocument();
    await screen.findByRole("region", { name: "Total Users" });
    expect(screen.getAllByRole("region").map((card) => card.getAttribute("aria-label"))).toEqual(CARDS);
    expect(CARDS.map(cardValue)).toEqual(["1,234", "800", "12", "1,100", "57", "3"]);
  });

  it("shows 0 for every number the API leaves out", async () => {
    const api = openDashboard();
    api.get("/admin/users/stats", [200, { data: { totalUsers: 9, adminUsers: null } }]);
    renderApp("/");

    await screen.findByRole("region", { name: "Total Users" });
    expect(CARDS.map(cardValue)).toEqual(["9", "0", "0", "0", "0", "0"]);
  });

  it("holds the cards' places while the statistics load, so nothing below moves when they come", async () => {
    const api = openDashboard();
    const stats = deferred<[number, unknown]>();
    const orderStats = deferred<[number, unknown]>();
    api.get("/admin/users/stats", () => stats.promise);
    api.get("/admin/orders/stats", () => orderStats.promise);
    // The charts and the authority stay on their way: the charts' section is what must not move.
    api.get("/admin/orders/stats/daily", () => deferred<[number, unknown]>().promise);
    api.get("/admin/authority", () => deferred<[number, unknown]>().promise);
    renderApp("/");

    const loading = await screen.findByRole("status", { name: "Loading user statistics" });
    const loadingDisputes = screen.getByRole("status", { name: "Loading open disputes" });
    expect(screen.queryByRole("region", { name: "Total Users" })).not.toBeInTheDocument();
    const charts = screen.getByRole("heading", { name: /^Orders, last/ });
    const chartsTop = charts.getBoundingClientRect().top;
    const loadingHeight = loading.getBoundingClientRect().height;
    const loadingDisputesHeight = loadingDisputes.getBoundingClientRect().height;
    expect(loadingHeight).toBeGreaterThan(50);
    expect(loadingDisputesHeight).toBeGreaterThan(50);

    await act(async () => stats.resolve([200, { data: { totalUsers: 5 } }]));
    const card = await screen.findByRole("region", { name: "Total Users" });
    expect(screen.queryByRole("status", { name: "Loading user statistics" })).not.toBeInTheDocument();
    expect(card.parentElement!.getBoundingClientRect().height).toBe(loadingHeight);
    expect(charts.getBoundingClientRect().top).toBe(chartsTop);

    await act(async () => orderStats.resolve([200, { data: { disputedOrders: 4, overdueDisputes: 1 } }]));
    const disputes = await screen.findByRole("region", { name: "Open Disputes" });
    expect(screen.queryByRole("status", { name: "Loading open disputes" })).not.toBeInTheDocument();
    expect(disputes.parentElement!.getBoundingClientRect().height).toBe(loadingDisputesHeight);
    expect(charts.getBoundingClientRect().top).toBe(chartsTop);
  });

  it("shows a load error with Retry, and Retry loads the numbers", async () => {
    const api = openDashboard();
    failsTwice(api, "/admin/users/stats", "Stats are down");
    api.get("/admin/users/stats", [200, { data: { totalUsers: 77 } }]);
    const user = userEvent.setup();
    renderApp("/");

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Could not load user statistics");
    expect(alert).toHaveTextContent("Stats are down");
    expect(screen.queryByRole("region", { name: "Total Users" })).not.toBeInTheDocument();

    await user.click(within(alert).getByRole("button", { name: /Retry/ }));
    await waitFor(() => expect(cardValue("Total Users")).toBe("77"));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});

describe("settlement authority (beyond the core API)", () => {
  const AUTHORITY = "Auth1ty1111111111111111111111111111111111111";
  const health = (overrides: Record<string, unknown> = {}) => ({
    data: {
      cluster: "devnet",
      authority: AUTHORITY,
      lamports: "40835600",
      settlementCostLamports: "4083560",
      settlementsCovered: 10,
      low: true,
      ...overrides,
    },
  });

  it("shows the cluster, the authority and its balance, warns when it covers fewer than 20 settlements, and bands every page", async () => {
    const api = openDashboard(1);
    api.get("/admin/authority", [200, health()]);
    renderApp("/");

    const card = await screen.findByRole("region", { name: "Settlement authority" });
    await within(card).findByText("Devnet");
    expect(card).toHaveTextContent(AUTHORITY);
    expect(card).toHaveTextContent("0.04084 SOL · enough for 10 settlements");
    expect(within(card).getByText("Low authority balance")).toBeInTheDocument();
    expect(card).toHaveTextContent("It pays for only 10 more settlements' fees and rents (0.004084 SOL each at most), fewer than 20.");
    expect(screen.getByRole("note", { name: "Cluster" })).toHaveTextContent("Devnet: settlements move test funds, not real money.");
    // One call serves the card and the banner.
    expect(api.requests("GET").filter(({ path }) => path === "/admin/authority")).toHaveLength(1);
  });

  it.each([
    // A desktop's width, where the banner's text takes one line.
    { width: 1440, height: 900, cluster: "devnet", label: "Devnet" },
    // A phone's, where the longest explanation wraps to a second line: the kept line is as tall.
    { width: 390, height: 844, cluster: "localnet-inprocess", label: "In-process chain" },
  ])(
    "keeps the cluster banner's place while the authority loads, so the screen does not move down when it comes ($width px, $cluster)",
    async ({ width, height, cluster, label }) => {
      await page.viewport(width, height);
      onTestFinished(() => page.viewport(414, 896));
      const api = openDashboard(1, width);
      const authority = deferred<[number, unknown]>();
      api.get("/admin/authority", () => authority.promise);
      await openScreen("/", "Dashboard");

      const heading = screen.getByRole("heading", { name: "Dashboard", level: 1 });
      await waitFor(() => expect(api.requests("GET").some(({ path }) => path === "/admin/authority")).toBe(true));
      const top = heading.getBoundingClientRect().top;
      expect(screen.queryByRole("note", { name: "Cluster" })).not.toBeInTheDocument();

      await act(async () => authority.resolve([200, health({ cluster })]));
      expect(await screen.findByRole("note", { name: "Cluster" })).toHaveTextContent(label);
      expect(heading.getBoundingClientRect().top).toBe(top);
    },
  );

  it("has no warning when funded and no banner on mainnet-beta", async () => {
    const api = openDashboard(1);
    api.get("/admin/authority", [200, health({ cluster: "mainnet-beta", lamports: "5000000000", settlementsCovered: 1224, low: false })]);
    renderApp("/");

    const card = await screen.findByRole("region", { name: "Settlement authority" });
    await within(card).findByText("Mainnet Beta");
    expect(card).toHaveTextContent("5.00 SOL · enough for 1,224 settlements");
    expect(within(card).queryByText("Low authority balance")).not.toBeInTheDocument();
    expect(screen.queryByRole("note", { name: "Cluster" })).not.toBeInTheDocument();
  });

  it("says 'over' a million settlements where the server stops counting", async () => {
    const api = openDashboard(1);
    api.get("/admin/authority", [200, health({ lamports: "99364538791040000", settlementsCovered: 1_000_000, low: false })]);
    renderApp("/");

    const card = await screen.findByRole("region", { name: "Settlement authority" });
    await within(card).findByText("Devnet");
    expect(card).toHaveTextContent("· enough for over 1,000,000 settlements");
  });

  it("says why it could not load, and Retry loads it", async () => {
    const api = openDashboard(1);
    failsTwice(api, "/admin/authority", "RPC node unreachable");
    api.get("/admin/authority", [200, health()]);
    const user = userEvent.setup();
    renderApp("/");

    const { region: card, alert } = await failedRegion(
      "Settlement authority",
      "Could not load the settlement authority",
      "RPC node unreachable",
    );
    await user.click(within(alert).getByRole("button", { name: /Retry/ }));
    await within(card).findByText("Devnet");
    expect(within(card).queryByText("Could not load the settlement authority")).not.toBeInTheDocument();
  });

  it("hides itself without a word when the API has no such call (404) or no settlement (503)", async () => {
    for (const answer of [
      [404, { message: "Not found" }],
      [503, { message: "No settlement service" }],
    ] as const) {
      const api = openDashboard(3);
      api.get("/admin/authority", [...answer]);
      const { unmount } = renderApp("/");
      await waitFor(() => expect(api.requests("GET").some(({ path }) => path === "/admin/authority")).toBe(true));
      await screen.findByRole("region", { name: "Total Users" });
      await waitFor(() => expect(screen.queryByRole("region", { name: "Settlement authority" })).not.toBeInTheDocument());
      expect(screen.queryByRole("note", { name: "Cluster" })).not.toBeInTheDocument();
      expect(screen.queryByRole("alert")).not.toBeInTheDocument();
      unmount();
    }
  });
});

describe("open disputes", () => {
  const stats = (overrides: Record<string, unknown> = {}) => ({
    data: {
      totalOrders: 900,
      newOrders: 10,
      ongoingOrders: 20,
      disputedOrders: 71,
      completedOrders: 700,
      recentOrders: 40,
      byStatus: {},
      ...overrides,
    },
  });

  it("counts the open disputes and the overdue ones, and the count opens the dispute queue, most overdue first", async () => {
    const api = openDashboard(3);
    api.get("/admin/orders/stats", [200, stats({ overdueDisputes: 70 })]);
    api.get("/admin/orders", [200, { data: { items: [], total: 0, page: 1, limit: 20, totalPages: 0 } }]);
    const user = userEvent.setup();
    renderApp("/");

    const card = await screen.findByRole("region", { name: "Open Disputes" });
    expect(within(card).getByTestId("stat-disputedOrders")).toHaveTextContent("71");
    const overdue = within(card).getByRole("link", { name: /70 overdue/ });
    await user.click(overdue);
    await screen.findByRole("heading", { name: "Order Management", level: 1 });
    const url = new URL(window.location.href);
    expect(url.searchParams.get("filters[0][value]")).toBe("in_dispute");
    expect(url.searchParams.get("sorters[0][field]")).toBe("deadline");
    await waitFor(() =>
      expect(api.queries("/admin/orders")).toContainEqual({
        page: "1",
        limit: "20",
        filter: "in_dispute",
        sort: "deadline",
      }),
    );
  });

  it("against an API without the overdue count (the core API) shows the open disputes alone, still opening the queue", async () => {
    const api = openDashboard(3);
    api.get("/admin/orders/stats", [200, stats()]);
    renderApp("/");

    const card = await screen.findByRole("region", { name: "Open Disputes" });
    expect(within(card).getByTestId("stat-disputedOrders")).toHaveTextContent("71");
    expect(card).not.toHaveTextContent(/overdue/);
    expect(within(card).getByRole("link", { name: /Open the dispute queue/ })).toHaveAttribute(
      "href",
      expect.stringContaining("in_dispute"),
    );
  });

  it("hides itself without a word when the order statistics do not load", async () => {
    const api = openDashboard(3);
    api.get("/admin/orders/stats", [404, { message: "Not found" }]);
    renderApp("/");
    await screen.findByRole("region", { name: "Total Users" });
    await waitFor(() => expect(api.requests("GET").some(({ path }) => path === "/admin/orders/stats")).toBe(true));
    expect(screen.queryByRole("region", { name: "Open Disputes" })).not.toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
