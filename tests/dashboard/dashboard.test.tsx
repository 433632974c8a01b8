import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { deferred, renderApp, signedInApi } from "../app/support";

const CARDS = [
  "Total Users",
  "Verified Users",
  "Disabled Users",
  "Active Users",
  "Recent Users (last 30 days)",
  "Admin Users",
];

function cardValue(title: string) {
  const card = screen.getByRole("region", { name: title });
  return within(card).getByTestId(/^stat-/).textContent;
}

function openDashboard() {
  const api = signedInApi();
  return api;
}

describe("dashboard", () => {
  it("shows the heading, the welcome text and six cards with the API's numbers", async () => {
    const api = openDashboard();
    api.get("/admin/users/stats", [200, {
      data: { totalUsers: 1234, verifiedUsers: 800, disabledUsers: 12, activeUsers: 1100, recentUsers: 57, adminUsers: 3 },
    }]);
    renderApp("/");

    expect(await screen.findByRole("heading", { name: "Dashboard", level: 1 })).toBeInTheDocument();
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

  it("shows a spinner while the statistics load", async () => {
    const api = openDashboard();
    const stats = deferred<[number, unknown]>();
    api.get("/admin/users/stats", () => stats.promise);
    renderApp("/");

    expect(await screen.findByRole("status", { name: "Loading user statistics" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Total Users" })).not.toBeInTheDocument();

    await act(async () => stats.resolve([200, { data: { totalUsers: 5 } }]));
    expect(await screen.findByRole("region", { name: "Total Users" })).toBeInTheDocument();
    expect(screen.queryByRole("status", { name: "Loading user statistics" })).not.toBeInTheDocument();
  });

  it("shows a load error with Retry, and Retry loads the numbers", async () => {
    const api = openDashboard();
    // Two failures: the request and the query's one automatic retry (QUERY_CACHE.retry).
    api.get("/admin/users/stats", [500, { message: "Stats are down" }], { once: true });
    api.get("/admin/users/stats", [500, { message: "Stats are down" }], { once: true });
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
