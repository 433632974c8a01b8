import { act, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { adminResources } from "@/resources";
import { alice, deferred, mockApi, openScreen, renderApp, sidebarSections, signedInApi } from "./support";

describe("auth guard", () => {
  it("shows 'Validating authentication...' while the session is checked, then the screen", async () => {
    const api = signedInApi();
    const validation = deferred<[number, unknown]>();
    api.get("/auth/validate", () => validation.promise);
    api.get("/tokens/admin", [200, { data: { items: [], total: 0, page: 1, limit: 20, totalPages: 0 } }]);

    renderApp("/tokens");
    expect(await screen.findByText("Validating authentication...")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Token Management" })).not.toBeInTheDocument();

    await act(async () => validation.resolve([200, { data: { valid: true, user: { ...alice, isAdmin: true } } }]));
    expect(await screen.findByRole("heading", { name: "Token Management" })).toBeInTheDocument();
    expect(screen.queryByText("Validating authentication...")).not.toBeInTheDocument();
  });

  it("sends a visitor without a session to /login, remembering where they were going", async () => {
    const api = mockApi();
    api.get("/auth/validate", [401, { message: "No session" }]);

    renderApp("/users");
    expect(await screen.findByText("Connect your authorized Solana wallet to access the admin dashboard")).toBeInTheDocument();
    expect(window.location.pathname).toBe("/login");
    expect(new URLSearchParams(window.location.search).get("to")).toBe("/users");
    expect(screen.queryByRole("heading", { name: "User Management" })).not.toBeInTheDocument();
  });
});

describe("routes", () => {
  it.each([
    ["/tokens", "Token Management", "Tokens"],
    ["/users", "User Management", "Users"],
    ["/products", "Product Management", "Products"],
    ["/shops", "Shop Management", "Shops"],
    ["/orders", "Order Management", "Orders"],
    ["/marketplace", "Marketplace Configuration", "Marketplace"],
  ])("%s shows %s inside the admin layout", async (path, heading, label) => {
    signedInApi();
    await openScreen(path, heading);
    expect(screen.getByRole("navigation", { name: "Sections" })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${label} | Marketplace Admin`));
  });

  // The sections beyond the core API, from the registry: an API without one answers its list 404.
  const optional = adminResources.flatMap(({ optional, resource, api }) =>
    optional && api ? [[resource.meta.label, resource.list, api.list]] : [],
  );

  it("knows the optional sections", () => {
    expect(optional.map(([name]) => name)).toEqual(["Settlements", "Screening", "Activity", "Team", "Webhooks"]);
  });

  it.each(optional)("hides the whole %s section when the API has none (404)", async (name, path, list) => {
    const api = signedInApi();
    api.get(list, [404, { message: "Not found" }]);
    await openScreen(path, "Not Found");
    await waitFor(() => expect(api.requests("GET", list)).toHaveLength(1));
    expect(sidebarSections()).toEqual(["Dashboard", "Tokens", "Users", "Products", "Shops", "Orders", "Marketplace"]);
    expect(screen.queryByRole("heading", { name })).not.toBeInTheDocument();
    expect(document.querySelector(".ant-notification-notice")).toBeNull();
  });

  it("shows 'Not Found' for an unmatched route, with a way back", async () => {
    mockApi();
    await openScreen("/no/such/page", "Not Found");
    expect(screen.getByRole("link", { name: "Back to dashboard" })).toHaveAttribute("href", "/");
  });

  it("/login needs no session and does not render the admin layout", async () => {
    const api = mockApi();
    api.get("/auth/validate", [401, { message: "No session" }]);
    renderApp("/login");
    expect(await screen.findByText("Only authorized wallets can access this dashboard.")).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Sections" })).not.toBeInTheDocument();
    expect(window.location.pathname).toBe("/login");
  });
});

describe("the route tree", () => {
  // React Router's own warnings: a leaf route without an element, descendant routes under a parent
  // without a trailing "*", a location no route matches.
  const routerWarning = /Matched leaf route|descendant <Routes>|No routes matched|React Router/;

  it.each([
    ["/", "Dashboard"],
    ["/tokens", "Token Management"],
    ["/users", "User Management"],
    ["/orders", "Order Management"],
    ["/marketplace", "Marketplace Configuration"],
  ])("renders %s signed in without a React Router warning", async (path, heading) => {
    const warn = vi.spyOn(console, "warn");
    const error = vi.spyOn(console, "error");
    signedInApi();
    await openScreen(path, heading);
    const said = [...warn.mock.calls, ...error.mock.calls].map((args) => args.map(String).join(" "));
    expect(said.filter((text) => routerWarning.test(text))).toEqual([]);
  });
});
