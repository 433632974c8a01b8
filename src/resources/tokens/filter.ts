// The tokens screen's search and 'Show inactive' toggle work on the rows already loaded: GET
// /tokens/admin takes only page and limit (SPEC §7), and SPEC §2 says the typed text is not sent.
import type { Token } from "@contract";

export interface TokenView {
  search: string;
  /** Inactive tokens are hidden unless the admin asks for them (SPEC §2 'Show inactive'). */
  showInactive: boolean;
}

export function matchesSearch(token: Token, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [token.symbol, token.name, token.mintAddress].some((field) => (field ?? "").toLowerCase().includes(needle));
}

export function visibleTokens(rows: readonly Token[], { search, showInactive }: TokenView): Token[] {
  return rows.filter((token) => (showInactive || token.isActive) && matchesSearch(token, search));
}

/** Why the table is empty when the page itself is not. */
export function emptyReason(rows: readonly Token[], view: TokenView): string {
  if (rows.length === 0) return "No tokens found";
  if (view.search.trim()) return `No tokens on this page match "${view.search.trim()}"`;
  return "Every token on this page is inactive: turn on Show inactive to see them";
}
