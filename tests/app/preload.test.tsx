import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Refine, useCustom, useTable } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { BrowserRouter, Link, Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { PAGE_SIZE } from "@contract";
import { ROUTER } from "@/config";
import { usePreload } from "@/components/routing/use-preload";
import { dataProvider } from "@/providers/data-provider";
import { endpoints } from "@/providers/api";
import { adminResources, resources } from "@/resources";
import { mockApi } from "./support";

const entry = (name: string) => adminResources.find((item) => item.resource.name === name)!;

function Links() {
  const { intentHandlers } = usePreload();
  return (
    <nav>
      <Link to="/tokens" {...intentHandlers(entry("tokens"))}>
        Tokens
      </Link>
      <Link to="/stats" {...intentHandlers(entry("dashboard"))}>
        Dashboard
      </Link>
    </nav>
  );
}

// What a real list screen does first: Refine's useTable on the route's resource, page size 20.
function TokenTable() {
  const { result, tableQuery } = useTable({ pagination: { pageSize: PAGE_SIZE } });
  if (tableQuery.isPending) return <p>loading tokens</p>;
  return <p>tokens: {result.data.map((row) => String(row.symbol)).join(", ")}</p>;
}

// What the dashboard does first.
function Stats() {
  const { query } = useCustom<{ totalUsers: number }>({ url: endpoints.userStats, method: "get" });
  if (query.isPending) return <p>loading stats</p>;
  return <p>total users: {query.data?.data.totalUsers}</p>;
}

function renderShell() {
  window.history.replaceState({}, "", "/");
  return render(
    <BrowserRouter>
      <Refine
        dataProvider={dataProvider}
        routerProvider={routerProvider}
        resources={resources}
        options={{ syncWithLocation: true, disableTelemetry: true, reactQuery: { clientConfig: { defaultOptions: { queries: { staleTime: 300_000, retry: false } } } } }}
      >
        <Links />
        <Routes>
          <Route path="/" element={<p>home</p>} />
          <Route path="/tokens" element={<TokenTable />} />
          <Route path="/stats" element={<Stats />} />
        </Routes>
      </Refine>
    </BrowserRouter>,
  );
}

const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe("sidebar preloading", () => {
  it("warms a list screen's first query under the key its useTable reads, so the click needs no request", async () => {
    const api = mockApi();
    api.onGet("/tokens/admin").reply(200, {
      data: { items: [{ id: "1", symbol: "USDC" }, { id: "2", symbol: "BONK" }], total: 2, page: 1, limit: 20, totalPages: 1 },
    });
    const user = userEvent.setup();
    renderShell();

    await user.hover(screen.getByRole("link", { name: "Tokens" }));
    await wait(ROUTER.preloadDelayMs + 100);
    expect(api.history.get.filter((call) => call.url === "/tokens/admin")).toHaveLength(1);
    expect(api.history.get[api.history.get.length - 1].params).toMatchObject({ page: "1", limit: String(PAGE_SIZE) });

    await user.click(screen.getByRole("link", { name: "Tokens" }));
    expect(await screen.findByText("tokens: USDC, BONK")).toBeInTheDocument();
    expect(api.history.get.filter((call) => call.url === "/tokens/admin")).toHaveLength(1);
  });

  it("warms the dashboard's statistics the same way (useCustom)", async () => {
    const api = mockApi();
    api.onGet(endpoints.userStats).reply(200, { data: { totalUsers: 42 } });
    const user = userEvent.setup();
    renderShell();

    fireEvent.focus(screen.getByRole("link", { name: "Dashboard" }));
    await wait(ROUTER.preloadDelayMs + 100);
    expect(api.history.get.filter((call) => call.url === endpoints.userStats)).toHaveLength(1);

    await user.click(screen.getByRole("link", { name: "Dashboard" }));
    expect(await screen.findByText("total users: 42")).toBeInTheDocument();
    expect(api.history.get.filter((call) => call.url === endpoints.userStats)).toHaveLength(1);
  });

  it("does nothing when the pointer leaves before the preload delay", async () => {
    const api = mockApi();
    api.onGet("/tokens/admin").reply(200, { data: { items: [], total: 0, page: 1, limit: 20, totalPages: 0 } });
    renderShell();

    const link = screen.getByRole("link", { name: "Tokens" });
    fireEvent.mouseEnter(link);
    fireEvent.mouseLeave(link);
    await wait(ROUTER.preloadDelayMs + 150);
    expect(api.history.get.filter((call) => call.url === "/tokens/admin")).toHaveLength(0);
  });
});
