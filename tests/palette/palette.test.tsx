// The command palette against the fake API: Ctrl+K opens it on the sections the sidebar shows; typed
// text is looked up once typing pauses, as a user (the core API's user search), a product and a shop
// (their lists' search) and an order by its short id or a wallet (the orders list's search, or its
// first page narrowed where the API cannot search); the hits open their record; nothing is asked that
// answers 404 for want of the record; what the API lacks or refuses adds nothing and says nothing.
import { StrictMode } from "react";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import { page as browserPage } from "vitest/browser";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import type { Order, Product, Shop, User } from "@contract";
import App from "@/App";
import { PaletteButton, paletteChunk } from "@/components/palette/launcher";
import { compileFirst, deferred, openPalette, openScreen, paletteOptions as options, setupUser, signedInApi } from "../app/support";

compileFirst(
  () => import("@/pages/dashboard"),
  () => import("@/resources/shops/list"),
  () => import("@/resources/tokens/list"),
);

const USER: Partial<User> = {
  id: "u-9",
  displayName: "Alice Cooper",
  publicKey: "AliceWa11et1111111111111111111111111111111",
  role: "USER",
};
const SHOP: Partial<Shop> = { id: "s-7", name: "Alice's Attic", category: "Vintage" };
const UNRELATED: Partial<Product> = { id: "p-1", title: "Desk lamp", category: "Home" };
const ORDER_ID = "ord12345-1111-4222-8333-444455556666";
const SELLER_KEY = "Se11erKey2222222222222222222222222222222222";
const ORDER: Partial<Order> = { id: ORDER_ID, status: "DISPUTED", buyerWalletAddress: "B".repeat(44), sellerWalletAddress: SELLER_KEY };

const paged = <T,>(items: T[]) => ({ data: { items, total: items.length, page: 1, limit: 4, totalPages: 1 } });

/** The palette opened once the dashboard is up. */
async function openOnDashboard(user: ReturnType<typeof setupUser>) {
  await openScreen("/", "Dashboard");
  return openPalette(user);
}

describe("command palette", () => {
  it("opens on Ctrl+K with the sidebar's sections, and goes to one with Enter", async () => {
    signedInApi();
    const user = setupUser();
    const dialog = await openOnDashboard(user);
    const box = within(dialog).getByRole("combobox", { name: "Search sections, records and actions" });
    expect(box).toHaveFocus();
    // Optional sections the API lacks (the fake answers 404) are left out, as in the sidebar.
    await waitFor(() => expect(options(dialog)).toEqual(["Dashboard", "Tokens", "Users", "Products", "Shops", "Orders", "Marketplace"]));
    await user.keyboard("Shops");
    await waitFor(() => expect(within(dialog).getByRole("option", { selected: true })).toHaveTextContent("Shops"));
    await user.keyboard("{Enter}");
    await waitFor(() => expect(window.location.pathname).toBe("/shops"));
  });

  it("looks up the typed text as a user, a product and a shop, once typing pauses, and opens a hit", async () => {
    const api = signedInApi();
    api.get(/^\/users\/search\//, (request) => [200, paged(decodeURIComponent(request.path).includes("alice") ? [USER] : [])]);
    // An API without the title search (beyond the core API) answers its first page: an unrelated product.
    api.get("/admin/products", [200, paged([UNRELATED])]);
    api.get("/admin/shops", [200, { data: [SHOP], meta: { total: 1 } }]);
    const user = setupUser();
    const dialog = await openOnDashboard(user);
    await user.keyboard("alice");

    const hit = await within(dialog).findByRole("option", { name: /Open user Alice Cooper/ });
    expect(within(dialog).getByRole("option", { name: /Open shop Alice's Attic/ })).toBeInTheDocument();
    expect(options(dialog).some((text) => text?.includes("Desk lamp"))).toBe(false);
    expect(within(hit).getByText(USER.publicKey!)).toBeInTheDocument();

    // One lookup of each kind, for the text as it stood when typing paused.
    expect(api.requests("GET", /^\/users\/search\//).map((request) => request.path)).toEqual(["/users/search/alice"]);
    expect(api.queries("/admin/products")).toEqual([{ search: "alice", limit: "4" }]);
    expect(api.queries("/admin/shops")).toEqual([{ page: "1", limit: "4", search: "alice" }]);
    // No order's own path was asked for (only the list, which the fake lacks here).
    expect(api.requests("GET", /^\/admin\/orders\/(?!stats(\/|$))/)).toEqual([]);

    while (!within(dialog).getByRole("option", { selected: true }).textContent?.includes("Open user")) await user.keyboard("{ArrowDown}");
    await user.keyboard("{Enter}");
    await waitFor(() => expect(window.location.pathname).toMatch(/^\/users(\/u-9)?$/));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Command palette" })).not.toBeInTheDocument());
  });

  it("finds an order by its short id or a wallet through the list's search, and asks no call that answers 404", async () => {
    const api = signedInApi();
    const other: Partial<Order> = { id: "ffee0011-1111-4222-8333-444455556666", status: "ACTIVE", buyerWalletAddress: "Z".repeat(44) };
    // The reference API: the search applied (an id's start or part of a wallet).
    api.get("/admin/orders", ({ query }) => {
      const text = query.search ?? "";
      const found = [ORDER, other].filter(
        (o) => o.id!.startsWith(text) || [o.buyerWalletAddress, o.sellerWalletAddress].some((w) => w?.includes(text)),
      );
      return [200, paged(found)];
    });
    api.get(/^\/users\/search\//, [200, paged([])]);
    api.get("/admin/products", [200, paged([])]);
    api.get("/admin/shops", [200, { data: [], meta: { total: 0 } }]);
    const user = setupUser();
    const dialog = await openOnDashboard(user);
    const before = api.requests().length;

    await user.keyboard("ord12345");
    const hit = await within(dialog).findByRole("option", { name: /Open order ord12345\.\.\./ });
    expect(hit).toHaveTextContent("DISPUTED");
    expect(options(dialog).filter((text) => text?.startsWith("Open"))).toEqual([hit.textContent]);

    await user.keyboard("{Control>}a{/Control}{Backspace}");
    await user.keyboard(SELLER_KEY.slice(0, 12));
    // The first search's hit may still show: wait for the wallet's own search to have been answered.
    await waitFor(() =>
      expect(api.requests("GET", "/admin/orders").some((request) => request.query.search === SELLER_KEY.slice(0, 12))).toBe(true),
    );
    await api.settled();
    await within(dialog).findByRole("option", { name: /Open order ord12345\.\.\./ });
    expect(options(dialog).some((text) => text?.includes("ffee0011"))).toBe(false);

    // Once per pause in typing, not per key, and only calls the API has: the list searched, never an
    // order's own path. A loaded machine may pause mid-word, so a search may also be asked for a start
    // of what was typed; both whole texts are asked.
    const asked = api.requests().slice(before);
    const searches = asked
      .filter((request) => request.path === "/admin/orders" && request.query.search !== undefined)
      .map((request) => request.query);
    const typed = ["ord12345", SELLER_KEY.slice(0, 12)];
    for (const query of searches) {
      expect(query.limit).toBe("20");
      expect(typed.some((text) => text.startsWith(query.search!))).toBe(true);
    }
    expect(searches.map((query) => query.search)).toEqual(expect.arrayContaining(typed));
    expect(searches.length).toBeLessThan(typed.join("").length / 2);
    expect(asked.filter((request) => /^\/admin\/orders\/(?!stats)/.test(request.path))).toEqual([]);
  });

  it("against an API without the orders search (SPEC only), narrows its first page, opens a whole id by its own path, and says nothing of refusals", async () => {
    const api = signedInApi();
    const unrelated: Partial<Order> = { id: "ffee0011-1111-4222-8333-444455556666", status: "ACTIVE" };
    const older = "abcd0000-1111-4222-8333-444455556666";
    // The search ignored: the first page as it is.
    api.get("/admin/orders", [200, paged([ORDER, unrelated])]);
    api.get(`/admin/orders/${older}`, [200, { data: { id: older, status: "COMPLETED" } satisfies Partial<Order> }]);
    api.get(/^\/users\/search\//, [500, { message: "Search is down" }]);
    api.get("/admin/products", [400, { message: "Bad search" }]);
    api.get("/admin/shops", [404, { message: "Not found" }]);
    const user = setupUser();
    const dialog = await openOnDashboard(user);

    await user.keyboard("ORD123");
    const hit = await within(dialog).findByRole("option", { name: /Open order ord12345\.\.\./ });
    expect(options(dialog).filter((text) => text?.startsWith("Open"))).toEqual([hit.textContent]);
    expect(api.requests("GET", /^\/admin\/orders\/(?!stats)/)).toEqual([]);

    // A whole id that is not on the first page: its own path, the one call the API has for it.
    await user.keyboard("{Control>}a{/Control}{Backspace}");
    await user.keyboard(older);
    const found = await within(dialog).findByRole("option", { name: /Open order abcd0000\.\.\./ });
    expect(found).toHaveTextContent("COMPLETED");
    expect(api.requests("GET", /^\/admin\/orders\/(?!stats)/).map((request) => request.path)).toEqual([`/admin/orders/${older}`]);
    expect(document.querySelector(".ant-notification-notice")).toBeNull();
    expect(within(dialog).queryByText(/down|Bad search/)).not.toBeInTheDocument();
  });

  it("finds a user by name, email or wallet through the SPEC's user search", async () => {
    const api = signedInApi();
    const email = "alice@example.com";
    api.get(/^\/users\/search\//, (request) => {
      const term = decodeURIComponent(request.path.split("/").pop() ?? "").toLowerCase();
      const matches = [USER.displayName, email, USER.publicKey].some((field) => field!.toLowerCase().includes(term));
      return [200, paged(matches ? [USER] : [])];
    });
    api.get("/admin/orders", [200, paged([])]);
    const user = setupUser();
    const dialog = await openOnDashboard(user);
    for (const text of ["cooper", email, USER.publicKey!.slice(0, 12)]) {
      await user.keyboard("{Control>}a{/Control}{Backspace}");
      await user.keyboard(text);
      await waitFor(() => expect(api.requests("GET", /^\/users\/search\//).at(-1)?.path).toBe(`/users/search/${encodeURIComponent(text)}`));
      await within(dialog).findByRole("option", { name: /Open user Alice Cooper/ });
    }
  });

  it("opens on the first Ctrl+K or Search click even before it has loaded, with the screen's actions", async () => {
    // The palette's chunk loads when the browser is idle; here it never is, so the key loads it.
    vi.stubGlobal("requestIdleCallback", () => 0);
    const api = signedInApi();
    api.get("/tokens/admin", [200, paged([])]);
    const user = setupUser();
    await openScreen("/tokens", "Token Management");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Command palette" })).not.toBeInTheDocument());
    let dialog = await openPalette(user);
    await waitFor(() => expect(within(dialog).getByRole("combobox")).toHaveFocus());
    await waitFor(() => expect(within(dialog).getByRole("group", { name: "This screen" })).toHaveTextContent("Add Token"));
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Command palette" })).not.toBeInTheDocument());
    // Loaded now: kbar takes the shortcut, and the sidebar's button opens it too.
    await openPalette(user);
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Command palette" })).not.toBeInTheDocument());
    await user.click(screen.getByRole("button", { name: /Search/ }));
    dialog = await screen.findByRole("dialog", { name: "Command palette" });
    await waitFor(() => expect(options(dialog)).toContain("Shops"));
  });

  it("offers the current screen's own actions, and only while it is open", async () => {
    const api = signedInApi();
    api.get("/tokens/admin", [200, paged([])]);
    api.get("/admin/shops", [200, { data: [SHOP], meta: { total: 1 } }]);
    const user = setupUser();
    await openScreen("/tokens", "Token Management");
    let dialog = await openPalette(user);
    await user.keyboard("add token");
    await waitFor(() => expect(within(dialog).getByRole("option", { selected: true })).toHaveTextContent("Add Token"));
    await user.keyboard("{Enter}");
    const modal = await screen.findByRole("dialog", { name: "Add New Token" });
    // The action's own dialog has the focus, not whatever had it before the palette.
    await waitFor(() => expect(modal.contains(document.activeElement)).toBe(true));
    await user.click(within(modal).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add New Token" })).not.toBeInTheDocument());

    // On Shops: its search box and, once a filter is set, clearing them; Tokens' action is gone.
    await user.click(within(screen.getByRole("navigation", { name: "Sections" })).getByRole("link", { name: "Shops" }));
    await screen.findByText("Alice's Attic");
    dialog = await openPalette(user);
    await waitFor(() => expect(within(dialog).getByRole("group", { name: "This screen" })).toBeInTheDocument());
    expect(options(within(dialog).getByRole("group", { name: "This screen" }))).toEqual(["Search shops"]);
    expect(options(dialog)).not.toContain("Add Token");
    await user.keyboard("search shops{Enter}");
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Search shops" })).toHaveFocus());
    await user.keyboard("attic");
    await waitFor(() => expect(window.location.search).toContain("attic"));
    dialog = await openPalette(user);
    await user.keyboard("clear shop filters");
    await waitFor(() => expect(within(dialog).getByRole("option", { selected: true })).toHaveTextContent("Clear shop filters"));
    await user.keyboard("{Enter}");
    await waitFor(() => expect(window.location.search).not.toContain("attic"));
    // The unfiltered first page again (from the cache), and an empty box.
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Search shops" })).toHaveValue(""));
  });
});

describe("the palette's code, unasked", () => {
  for (const fine of [true, false]) {
    it(
      fine
        ? "loads once the layout is idle where there is a fine pointer, for a first Ctrl+K to open at once"
        : "waits for the Search button on a touch screen, which has no Ctrl+K",
      async () => {
        signedInApi();
        // The pointer asked after the width the signed-in api set up answers for.
        const byWidth = window.matchMedia;
        vi.stubGlobal("matchMedia", (query: string) =>
          query === "(any-pointer: fine)" ? { media: query, matches: fine } : byWidth(query),
        );
        vi.stubGlobal("requestIdleCallback", (callback: IdleRequestCallback) => {
          callback({ didTimeout: false, timeRemaining: () => 50 });
          return 1;
        });
        const spy = vi.spyOn(paletteChunk, "load");
        const user = setupUser();
        await openScreen("/", "Dashboard");
        if (fine) {
          await waitFor(() => expect(spy).toHaveBeenCalledTimes(1));
        } else {
          expect(spy).not.toHaveBeenCalled();
          await user.click(screen.getByRole("button", { name: /Search/ }));
          await screen.findByRole("dialog", { name: "Command palette" });
          expect(spy).toHaveBeenCalledTimes(1);
        }
      },
    );
  }
});

describe("the palette's code arriving", () => {
  it("leaves the focus where it is: a filter's search box keeps it, and what is typed", async () => {
    // kbar's provider blurs a focused input when its effect runs again with the palette closed, as
    // StrictMode runs a new component's effects twice in development: mounted when its code arrived,
    // it took the focus from whatever box the admin was typing in.
    const held = deferred<void>();
    const load = paletteChunk.load;
    const spy = vi.spyOn(paletteChunk, "load").mockImplementation(() => held.promise.then(load));
    const byWidth = window.matchMedia;
    vi.stubGlobal("matchMedia", (query: string) => (query === "(any-pointer: fine)" ? { media: query, matches: true } : byWidth(query)));
    const api = signedInApi();
    api.get("/admin/shops", [200, { data: [SHOP], meta: { total: 1 } }]);
    window.history.replaceState({}, "", "/shops");
    render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    const box = await screen.findByRole("textbox", { name: "Search shops" });
    await waitFor(() => expect(spy).toHaveBeenCalled());
    const user = setupUser();
    await user.click(box);
    await user.keyboard("att");

    await act(async () => {
      held.resolve();
      await spy.mock.results[0].value;
    });
    expect(box).toHaveFocus();
    await user.keyboard("ic");
    expect(box).toHaveValue("attic");
  });
});

describe("the shortcut before the palette has loaded", () => {
  const ctrlK = (repeat = false) =>
    document.body.dispatchEvent(
      new KeyboardEvent("keydown", { key: "k", code: "KeyK", ctrlKey: true, repeat, bubbles: true, cancelable: true }),
    );

  it("opens the palette once its held-back code arrives, for a Ctrl+K pressed (and repeated) as the sidebar's Search shows", async () => {
    // A busy machine: the palette's code (fetched as soon as the layout is idle) takes its time.
    const held = deferred<void>();
    const load = paletteChunk.load;
    const spy = vi.spyOn(paletteChunk, "load").mockImplementation(() => held.promise.then(load));
    // The key goes down the moment the button is on screen, as an admin's would: before anything
    // the page does after showing it. Held a little long, it repeats.
    let pressed = false;
    const watcher = new MutationObserver(() => {
      const search = document.querySelector(".palette-trigger");
      if (pressed || !search) return;
      pressed = true;
      expect(search).toHaveTextContent("Ctrl K");
      ctrlK();
      ctrlK(true);
    });
    watcher.observe(document.body, { childList: true, subtree: true });
    onTestFinished(() => watcher.disconnect());
    signedInApi();
    await openScreen("/", "Dashboard");
    await waitFor(() => expect(pressed).toBe(true));
    await waitFor(() => expect(spy).toHaveBeenCalled());
    expect(screen.queryByRole("dialog", { name: "Command palette" })).not.toBeInTheDocument();

    held.resolve();
    const dialog = await screen.findByRole("dialog", { name: "Command palette" });
    await waitFor(() => expect(within(dialog).getByRole("combobox")).toHaveFocus());
    // Loaded: kbar's own shortcut closes it.
    await setupUser().keyboard("{Control>}k{/Control}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Command palette" })).not.toBeInTheDocument());
  });

  it("still opens on a press after a first load of its code failed", async () => {
    vi.stubGlobal("requestIdleCallback", () => 0);
    const load = paletteChunk.load;
    const offline = deferred<void>();
    const spy = vi
      .spyOn(paletteChunk, "load")
      .mockImplementationOnce(() => offline.promise.then(() => Promise.reject(new Error("Failed to fetch dynamically imported module"))))
      .mockImplementation(load);
    signedInApi();
    await openScreen("/", "Dashboard");
    ctrlK();
    offline.resolve();
    await waitFor(() => expect(spy).toHaveBeenCalledTimes(1));
    // Back online, the admin presses again: the palette loads and opens.
    ctrlK();
    const dialog = await screen.findByRole("dialog", { name: "Command palette" });
    await waitFor(() => expect(within(dialog).getByRole("combobox")).toHaveFocus());
    expect(spy).toHaveBeenCalledTimes(2);
  });
});

describe("the sidebar's Search button", () => {
  const keysShown = () => {
    const keys = screen.getByRole("button", { name: /Search/ }).querySelector("kbd")!;
    return getComputedStyle(keys).display !== "none" && keys.getBoundingClientRect().width > 0;
  };

  it("shows the Ctrl K hint on a wide screen, and not on a phone, where there is no such key", async () => {
    onTestFinished(() => browserPage.viewport(414, 896));
    await browserPage.viewport(1440, 900);
    const { unmount } = render(<PaletteButton />);
    expect(keysShown()).toBe(true);
    unmount();

    await browserPage.viewport(390, 844);
    render(<PaletteButton />);
    expect(keysShown()).toBe(false);
    expect(screen.getByRole("button", { name: /Search/ })).toBeVisible();
  });
});
