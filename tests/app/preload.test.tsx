// Sidebar preloading in the real App: hovering or focusing a section's link warms its screen's first
// query under the very key the real screen reads, so following the link sends no second request.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { PAGE_SIZE } from "@contract";
import { ROUTER } from "@/config";
import { endpoints } from "@/providers/endpoints";
import { compileFirst, openScreen, signedInApi } from "./support";

const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));
const link = (name: string) => within(screen.getByRole("navigation", { name: "Sections" })).getByRole("link", { name });

/** A signed-in admin on the marketplace screen (whose own first query is neither of the two tested). */
async function openShell() {
  const api = signedInApi();
  api.get(endpoints.marketplaceStatus, [200, { data: { initialized: false } }]);
  api.get("/tokens/admin", [
    200,
    {
      data: {
        items: [
          {
            id: "t1",
            symbol: "USDC",
            name: "USD Coin",
            mintAddress: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
            decimals: 6,
            logoUrl: null,
            isActive: true,
          },
        ],
        total: 1,
        page: 1,
        limit: 20,
        totalPages: 1,
      },
    },
  ]);
  api.get(endpoints.userStats, [200, { data: { totalUsers: 42 } }]);
  await openScreen("/marketplace", "Marketplace Configuration");
  return api;
}

compileFirst(
  () => import("@/pages/marketplace"),
  () => import("@/resources/tokens/list"),
  () => import("@/pages/dashboard"),
);

describe("sidebar preloading", () => {
  it("warms the token list's first page under the key TokenList's useTable reads: the click sends nothing more", async () => {
    const api = await openShell();
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    await user.hover(link("Tokens"));
    await waitFor(() =>
      expect(api.requests("GET", "/tokens/admin").map((request) => request.query)).toEqual([{ page: "1", limit: String(PAGE_SIZE) }]),
    );

    await user.click(link("Tokens"));
    expect(await screen.findByRole("heading", { name: "Token Management", level: 1 })).toBeInTheDocument();
    expect(await screen.findByText("USD Coin")).toBeInTheDocument();
    expect(api.requests("GET", "/tokens/admin")).toHaveLength(1);
  });

  it("warms the dashboard's statistics the same way (useCustom)", async () => {
    const api = await openShell();
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    fireEvent.focus(link("Dashboard"));
    await waitFor(() => expect(api.requests("GET", endpoints.userStats)).toHaveLength(1));

    await user.click(link("Dashboard"));
    expect(await screen.findByRole("region", { name: "Total Users" })).toHaveTextContent("42");
    expect(api.requests("GET", endpoints.userStats)).toHaveLength(1);
  });

  it("renders the hovered screen out of sight with its rows, and the click shows that very screen", async () => {
    const api = await openShell();
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    await user.hover(link("Tokens"));
    // Rendered ahead: in the page, out of sight, and the screen in view is still the marketplace.
    const ahead = await waitFor(() => {
      const cell = [...document.querySelectorAll("td")].find((td) => td.textContent === "USD Coin");
      if (!cell) throw new Error("the token list is not rendered ahead");
      return cell;
    });
    expect(ahead).not.toBeVisible();
    expect(screen.queryByRole("heading", { name: "Token Management" })).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Marketplace Configuration", level: 1 })).toBeVisible();

    await user.click(link("Tokens"));
    expect(await screen.findByRole("heading", { name: "Token Management", level: 1 })).toBeVisible();
    // The same row, shown: not rendered a second time, and its page not asked for again.
    expect(screen.getByText("USD Coin")).toBe(ahead);
    expect(ahead).toBeVisible();
    expect(api.requests("GET", "/tokens/admin")).toHaveLength(1);
    expect(screen.queryByRole("heading", { name: "Marketplace Configuration" })).not.toBeInTheDocument();
  });

  it("asks for the first page as the link is pressed, with no hover before: the click that follows sends nothing more", async () => {
    const api = await openShell();

    // Pressed: the page is asked for at once, while the marketplace is still the screen in view.
    fireEvent.pointerDown(link("Tokens"));
    await waitFor(() => expect(api.requests("GET", "/tokens/admin")).toHaveLength(1));
    expect(screen.getByRole("heading", { name: "Marketplace Configuration", level: 1 })).toBeVisible();

    fireEvent.click(link("Tokens"));
    expect(await screen.findByRole("heading", { name: "Token Management", level: 1 })).toBeInTheDocument();
    expect(await screen.findByText("USD Coin")).toBeInTheDocument();
    await api.settled();
    expect(api.requests("GET", "/tokens/admin")).toHaveLength(1);
  });

  it("does nothing when the pointer leaves before the preload delay", async () => {
    const api = await openShell();

    fireEvent.mouseEnter(link("Tokens"));
    fireEvent.mouseLeave(link("Tokens"));
    await wait(ROUTER.preloadDelayMs + 150);
    await api.settled();
    expect(api.requests("GET", "/tokens/admin")).toHaveLength(0);
  });
});
