import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { columnTitles, compileFirst, failsTwice, openScreen, retryFailedList, screenRequests, sidebarSettled } from "../../app/support";
import { BONK, page, RAY, rowWith, shownSymbols, tokenListCalls, tokensApi, USDC } from "./fixtures";

compileFirst(
  () => import("@/resources/tokens/list"),
  () => import("@/components/antd/notifier"),
);

function openTokens() {
  return openScreen("/tokens", "Token Management");
}

/** The screen with its rows once every first read has answered; `sent()` lists the screen's requests so far. */
async function openSettled() {
  const api = tokensApi();
  await openTokens();
  await screen.findByText("USD Coin");
  // The screen's and the sidebar's first reads all answered (a loaded machine may send the last ones after the rows show).
  await sidebarSettled(api);
  const sent = () => screenRequests(api).map((r) => `${r.method} ${r.path}`);
  return { api, sent, before: sent() };
}

const rowOf = rowWith;
const symbols = shownSymbols;

// The whole admin shell renders, on a machine shared with other runs: generous time.
describe("Token Management list", () => {
  it("shows the Tokens screen's texts, columns and rows, asking GET /tokens/admin for page 1 of 20", async () => {
    const api = tokensApi();
    await openTokens();

    expect(screen.getByText("Manage SPL token whitelist")).toBeInTheDocument();
    expect(screen.getByPlaceholderText("Search tokens...")).toBeInTheDocument();
    expect(screen.getByText("Searches this page by symbol, name or mint")).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: /Show inactive/ })).not.toBeChecked();
    expect(screen.getByRole("button", { name: /Init SOL/ })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Add Token/ })).toBeInTheDocument();
    const headers = columnTitles();
    expect(headers).toEqual(["Logo", "Symbol", "Name", "Mint Address", "Decimals", "Status", "Actions"]);

    await screen.findByText("USD Coin");
    const usdc = within(rowOf("USD Coin"));
    expect(usdc.getByRole("img", { name: "USDC logo" })).toHaveAttribute("src", USDC.logoUrl);
    expect(usdc.getByText("EPjFWdd5...yTDt1v")).toBeInTheDocument();
    expect(usdc.getByRole("button", { name: "Copy address" })).toBeInTheDocument();
    expect(rowOf("USD Coin").querySelectorAll("td")[4]).toHaveTextContent(/^6$/);
    expect(usdc.getByText("Active")).toBeInTheDocument();
    expect(usdc.getByRole("button", { name: "Edit USDC" })).toBeInTheDocument();
    expect(usdc.getByRole("button", { name: "Deactivate USDC" })).toBeInTheDocument();
    // No logo: the first two letters of the symbol.
    expect(within(rowOf("Bonk")).getByText("BO")).toBeInTheDocument();

    // Inactive tokens are hidden until 'Show inactive' is on.
    expect(symbols()).toEqual(["USDC", "BONK"]);
    expect(screen.getByText("(1 hidden)")).toBeInTheDocument();

    expect(tokenListCalls(api)).toHaveLength(1);
    expect(tokenListCalls(api)[0].query).toEqual({ page: "1", limit: "20" });
    // One page only: no pager.
    expect(screen.queryByText(/Page 1 of/)).not.toBeInTheDocument();
  });

  it("'Show inactive' reveals the inactive rows with their badge and sends nothing", async () => {
    const { sent, before } = await openSettled();

    await userEvent.click(screen.getByRole("switch", { name: /Show inactive/ }));
    expect(symbols()).toEqual(["USDC", "BONK", "RAY"]);
    const ray = within(rowOf("Raydium"));
    expect(ray.getByText("Inactive")).toBeInTheDocument();
    expect(ray.getByRole("button", { name: "Activate RAY" })).toBeInTheDocument();

    await userEvent.click(screen.getByRole("switch", { name: /Show inactive/ }));
    expect(symbols()).toEqual(["USDC", "BONK"]);
    expect(sent()).toEqual(before);
  });

  it("searches the loaded rows by symbol, name or mint, never sending the text", async () => {
    const { api, sent, before } = await openSettled();
    const box = screen.getByPlaceholderText("Search tokens...");
    const user = userEvent.setup();
    // Each text pasted in one go: the search reads the rows already loaded, whatever the keys.
    const search = async (text: string) => {
      await user.clear(box);
      await user.paste(text);
    };

    await search("bonk");
    expect(symbols()).toEqual(["BONK"]);
    await search("usd coin");
    expect(symbols()).toEqual(["USDC"]);
    await search("DezXAZ8z7P");
    expect(symbols()).toEqual(["BONK"]);
    await search("raydium");
    expect(screen.getByText('No tokens on this page match "raydium"')).toBeInTheDocument();
    await user.click(screen.getByRole("switch", { name: /Show inactive/ }));
    expect(symbols()).toEqual(["RAY"]);

    expect(sent()).toEqual(before);
    expect(JSON.stringify(api.requests())).not.toMatch(/raydium|DezXAZ8z7P|usd coin/i);
  });

  it("deactivates and activates with PATCH /tokens/admin/:id { isActive }, then reloads the list", async () => {
    const api = tokensApi();
    api.patch(`/tokens/admin/${USDC.id}`, [200, { data: { ...USDC, isActive: false } }]);
    api.patch(`/tokens/admin/${RAY.id}`, [200, { data: { ...RAY, isActive: true } }]);
    await openTokens();
    await screen.findByText("USD Coin");

    // The server's next answer: USDC inactive.
    api.get("/tokens/admin", [200, page([{ ...USDC, isActive: false }, BONK, RAY])]);
    await userEvent.click(screen.getByRole("button", { name: "Deactivate USDC" }));
    await waitFor(() => expect(symbols()).toEqual(["BONK"]));
    expect(api.requests("PATCH")).toHaveLength(1);
    expect(api.requests("PATCH")[0].path).toBe(`/tokens/admin/${USDC.id}`);
    expect(api.requests("PATCH")[0].body).toEqual({ isActive: false });
    expect(tokenListCalls(api)).toHaveLength(2);

    await userEvent.click(screen.getByRole("switch", { name: /Show inactive/ }));
    api.get("/tokens/admin", [200, page([{ ...USDC, isActive: false }, BONK, { ...RAY, isActive: true }])]);
    await userEvent.click(screen.getByRole("button", { name: "Activate RAY" }));
    await waitFor(() => expect(within(rowOf("Raydium")).getByText("Active")).toBeInTheDocument());
    expect(api.requests("PATCH")[1].path).toBe(`/tokens/admin/${RAY.id}`);
    expect(api.requests("PATCH")[1].body).toEqual({ isActive: true });
  });

  it("Init SOL posts /tokens/admin/initialize-sol without a body, says so and reloads the list", async () => {
    const api = tokensApi();
    const sol = {
      ...USDC,
      id: "tok-sol",
      symbol: "SOL",
      name: "Solana",
      decimals: 9,
      logoUrl: null,
      mintAddress: "So11111111111111111111111111111111111111112",
    };
    api.post("/tokens/admin/initialize-sol", [201, { data: sol }], { once: true });
    await openTokens();
    await screen.findByText("USD Coin");

    api.get("/tokens/admin", [200, page([sol, USDC, BONK, RAY])]);
    await userEvent.click(screen.getByRole("button", { name: /Init SOL/ }));
    expect(await screen.findByText("SOL added to the token whitelist")).toBeInTheDocument();
    await screen.findByText("Solana");
    expect(api.requests("POST")).toHaveLength(1);
    expect(api.requests("POST")[0].body).toBeUndefined();
    expect(tokenListCalls(api)).toHaveLength(2);
  });

  it("Init SOL shows the server's message when SOL is already listed (409)", async () => {
    const api = tokensApi();
    api.post("/tokens/admin/initialize-sol", [409, { message: "Native SOL is already initialized" }]);
    await openTokens();
    await screen.findByText("USD Coin");

    await userEvent.click(screen.getByRole("button", { name: /Init SOL/ }));
    expect(await screen.findByText("Native SOL is already initialized")).toBeInTheDocument();
    expect(screen.getByText("Could not initialize SOL")).toBeInTheDocument();
  });

  it("pages with Previous / 'Page x of y' / Next when there is more than one page", async () => {
    const api = tokensApi(null);
    api.get("/tokens/admin", [200, page([USDC, BONK], { total: 45 })], { query: { page: "1", limit: "20" } });
    api.get("/tokens/admin", [200, page([RAY], { page: 2, total: 45 })], { query: { page: "2", limit: "20" } });
    await openTokens();
    expect(await screen.findByText("Page 1 of 3")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();

    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Page 2 of 3")).toBeInTheDocument();
    await waitFor(() => expect(tokenListCalls(api).at(-1)?.query).toEqual({ page: "2", limit: "20" }));
    expect(window.location.search).toContain("currentPage=2");
  });

  it("shows a load error with Retry instead of an empty table", async () => {
    const api = tokensApi(null);
    failsTwice(api, "/tokens/admin", "Tokens are down");
    api.get("/tokens/admin", [200, page([USDC])]);
    await openTokens();

    await retryFailedList("Tokens are down", "USD Coin");
  });
});
