// Tokens as GET /tokens/admin returns them, and the calls the screen makes, read from the fake API.
import { signedInApi } from "../../app/support";
import type { FakeApi } from "../../support/fake-api";
import type { Token } from "@contract";

export const USDC: Token = {
  id: "tok-usdc",
  mintAddress: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
  symbol: "USDC",
  name: "USD Coin",
  decimals: 6,
  logoUrl: "https://example.com/usdc.png",
  isActive: true,
};

export const BONK: Token = {
  id: "tok-bonk",
  mintAddress: "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263",
  symbol: "BONK",
  name: "Bonk",
  decimals: 5,
  logoUrl: null,
  isActive: true,
};

export const RAY: Token = {
  id: "tok-ray",
  mintAddress: "4k3Dyjzvzp8eMZWUXbBCjEvwSkkk59S5iCNLY3QrkX6R",
  symbol: "RAY",
  name: "Raydium",
  decimals: 6,
  logoUrl: null,
  isActive: false,
};

export const NEW_MINT = "JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN";

export function page(items: Token[], { page = 1, total = items.length, limit = 20 } = {}) {
  return { data: { items, total, page, limit, totalPages: Math.max(1, Math.ceil(total / limit)) } };
}

/**
 * A signed-in admin on a desktop-width window, with GET /tokens/admin answering `items` (null: the
 * test sets the list's answers itself; the first route that matches answers).
 */
export function tokensApi(items: Token[] | null = [USDC, BONK, RAY]): FakeApi {
  const api = signedInApi();
  if (items) api.get("/tokens/admin", [200, page(items)]);
  return api;
}

export const tokenListCalls = (api: FakeApi) => api.requests("GET", "/tokens/admin");

// The table's rows, read from its DOM (a row has no accessible name of its own to find it by).
export function tableRows(): HTMLElement[] {
  return Array.from(document.querySelectorAll<HTMLElement>(".ant-table-tbody tr.ant-table-row"));
}

/** The Symbol column of the rows shown, top to bottom. */
export const shownSymbols = () => tableRows().map((row) => row.querySelectorAll("td")[1]?.textContent);

export function rowWith(text: string): HTMLElement {
  const row = tableRows().find((candidate) => Array.from(candidate.querySelectorAll("td")).some((cell) => cell.textContent === text));
  if (!row) throw new Error(`No row with a cell "${text}"; rows: ${shownSymbols().join(", ")}`);
  return row;
}
