import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { createRoot } from "react-dom/client";
import { describe, expect, it, onTestFinished } from "vitest";
import { page } from "vitest/browser";
import { AdminLayout } from "@/components/layout/admin-layout";
import { isSectionActive } from "@/components/layout/active";
import { authStore } from "@/providers/auth-store";
import {
  ADMIN_KEY,
  alice,
  DESKTOP,
  InProviders,
  mockApi,
  openScreen,
  PHONE,
  renderInProviders,
  signedInApi,
  signIn,
  spyOnFullNavigation,
} from "../app/support";

const SECTIONS = ["Dashboard", "Tokens", "Users", "Products", "Shops", "Orders", "Marketplace"];
const keyOnly = { id: "u-2", publicKey: ADMIN_KEY, displayName: null, role: "MARKETPLACE_AUTHORITY" };

function sectionLink(name: string) {
  return within(screen.getByRole("navigation", { name: "Sections" })).getByRole("link", { name });
}

function activeSections() {
  const nav = screen.getByRole("navigation", { name: "Sections" });
  return within(nav)
    .getAllByRole("link")
    .filter((link) => link.getAttribute("aria-current") === "page")
    .map((link) => link.textContent);
}

/** The layout's routes: itself at any path (deeper than the app's routes), over a placeholder screen. */
function LayoutRoutes() {
  return (
    <Routes>
      <Route path="*" element={<AdminLayout />}>
        <Route path="*" element={<p>screen</p>} />
      </Route>
    </Routes>
  );
}

/** The layout alone at `path`, with the real providers and sections. */
function renderLayoutAt(path: string) {
  return renderInProviders(path, <LayoutRoutes />);
}

describe("sidebar", () => {
  it("lists the seven sections under the title 'Admin', Dashboard active only on /", async () => {
    signedInApi();
    await openScreen("/", "Dashboard");

    const nav = screen.getByRole("navigation", { name: "Sections" });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(SECTIONS);
    expect(screen.getByText("Admin")).toBeInTheDocument();
    expect(activeSections()).toEqual(["Dashboard"]);
    expect(sectionLink("Dashboard").closest("li")).toHaveClass("ant-menu-item-selected");
    expect(sectionLink("Tokens").closest("li")).not.toHaveClass("ant-menu-item-selected");
  });

  it("marks Tokens, not Dashboard, on /tokens", async () => {
    signedInApi();
    await openScreen("/tokens", "Token Management");
    expect(activeSections()).toEqual(["Tokens"]);
  });

  it("keeps a section active on paths below its own", async () => {
    signedInApi();
    renderLayoutAt("/orders/7f3c/details");
    await screen.findByText("screen");
    expect(activeSections()).toEqual(["Orders"]);
    expect(isSectionActive("/", "/orders")).toBe(false);
    expect(isSectionActive("/", "/")).toBe(true);
    expect(isSectionActive("/tokens", "/tokens/1/edit")).toBe(true);
    expect(isSectionActive("/tokens", "/users")).toBe(false);
  });

  it("shows 'Logged in as' with the display name and a role badge", async () => {
    signedInApi();
    renderLayoutAt("/users");
    const panel = await screen.findByTestId("sidebar-user");
    expect(within(panel).getByText("Logged in as")).toBeInTheDocument();
    expect(await within(panel).findByText("Alice")).toBeInTheDocument();
    expect(within(panel).getByText("ADMIN")).toHaveClass("ant-tag");
  });

  it("falls back to the first 8 characters of the key plus an ellipsis", async () => {
    signedInApi(DESKTOP, keyOnly);
    renderLayoutAt("/users");
    const panel = await screen.findByTestId("sidebar-user");
    expect(await within(panel).findByText(`${ADMIN_KEY.slice(0, 8)}...`)).toBeInTheDocument();
    expect(within(panel).getByText("MARKETPLACE_AUTHORITY")).toBeInTheDocument();
  });

  it("Logout calls the auth provider's logout (POST /auth/logout) and leaves for /login", async () => {
    const api = signedInApi();
    api.post("/auth/logout", [200, { data: { success: true } }]);
    const toLogin = spyOnFullNavigation();
    const user = userEvent.setup();
    renderLayoutAt("/");
    const panel = await screen.findByTestId("sidebar-user");

    await user.click(within(panel).getByRole("button", { name: /Logout/ }));
    await waitFor(() => expect(toLogin).toHaveBeenCalledTimes(1));
    expect(api.requests("POST").map((call) => call.path)).toEqual(["/auth/logout"]);
    expect(authStore.get().isAuthenticated).toBe(false);
  });
});

describe("wide screens", () => {
  it("paint the sidebar from the first frame at 1440 px, never the small screens' top bar", async () => {
    await page.viewport(1440, 900);
    onTestFinished(() => page.viewport(414, 896));
    signIn(mockApi());
    window.history.replaceState({}, "", "/shops");
    const host = document.body.appendChild(document.createElement("div"));
    const root = createRoot(host);
    // Rendered as the app renders (not in act(), which would flush every effect before a frame could paint).
    const reactGlobals = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const actEnvironment = reactGlobals.IS_REACT_ACT_ENVIRONMENT;
    reactGlobals.IS_REACT_ACT_ENVIRONMENT = false;
    onTestFinished(() => {
      root.unmount();
      host.remove();
      reactGlobals.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    });
    // What each frame is about to paint (animation frame callbacks run just before it), from the first with the layout.
    const firstPainted = new Promise<{ sidebar: boolean; topBar: boolean }>((resolve) => {
      const look = () => {
        const layout = host.querySelector(".admin-layout");
        if (!layout) return void requestAnimationFrame(look);
        resolve({ sidebar: layout.querySelector(".admin-sider") !== null, topBar: layout.querySelector(".admin-topbar") !== null });
      };
      requestAnimationFrame(look);
    });
    root.render(
      <InProviders>
        <LayoutRoutes />
      </InProviders>,
    );
    expect(await firstPainted).toEqual({ sidebar: true, topBar: false });
  });
});

describe("small screens", () => {
  it("show a top bar with the title and the display name's initial; the sidebar moves into a drawer", async () => {
    signedInApi(PHONE);
    const user = userEvent.setup();
    renderLayoutAt("/shops");
    await screen.findByText("screen");

    const banner = screen.getByRole("banner");
    expect(within(banner).getByText("Admin")).toBeInTheDocument();
    await waitFor(() => expect(within(banner).getByTestId("topbar-avatar")).toHaveTextContent(/^A$/));
    expect(screen.queryByRole("navigation", { name: "Sections" })).not.toBeInTheDocument();

    await user.click(within(banner).getByRole("button", { name: "Open navigation" }));
    const nav = await screen.findByRole("navigation", { name: "Sections" });
    expect(within(nav).getAllByRole("link")).toHaveLength(7);
    expect(activeSections()).toEqual(["Shops"]);
    expect(screen.getByText("Logged in as")).toBeInTheDocument();
  });

  it("show the key's first 2 characters in the avatar when there is no display name", async () => {
    signedInApi(PHONE, keyOnly);
    renderLayoutAt("/");
    const avatar = await screen.findByTestId("topbar-avatar");
    await waitFor(() => expect(avatar).toHaveTextContent(new RegExp(`^${ADMIN_KEY.slice(0, 2)}$`)));
  });

  it("the avatar menu's Logout signs out through the auth provider", async () => {
    const api = signedInApi(PHONE, alice);
    api.post("/auth/logout", [200, { data: { success: true } }]);
    const toLogin = spyOnFullNavigation();
    const user = userEvent.setup();
    renderLayoutAt("/");

    await user.click(await screen.findByRole("button", { name: /Account menu/ }));
    await user.click(await screen.findByRole("menuitem", { name: /Logout/ }));
    await waitFor(() => expect(toLogin).toHaveBeenCalledTimes(1));
    expect(api.requests("POST").map((call) => call.path)).toEqual(["/auth/logout"]);
    expect(authStore.get()).toEqual({ user: null, isAuthenticated: false });
  });
});
