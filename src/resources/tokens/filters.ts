// The tokens screen's search and 'Show inactive' toggle work on the rows already loaded: GET
// /tokens/admin takes only page and limit, and the typed text is never sent.
import type { ListFilter } from "@/components/list/filters";
import type { Token } from "@contract";

export const TOKEN_FILTERS: readonly ListFilter<Token>[] = [
  {
    kind: "find",
    key: "search",
    label: "Search tokens",
    placeholder: "Search tokens...",
    hint: "Searches this page by symbol, name or mint",
    matches: (token, text) =>
      [token.symbol, token.name, token.mintAddress].some((field) => (field ?? "").toLowerCase().includes(text.toLowerCase())),
  },
  // Inactive tokens are hidden unless the admin asks for them ('Show inactive').
  { kind: "toggle", key: "showInactive", label: "Show inactive", hides: (token) => !token.isActive },
];

/** Why the table is empty when the page itself is not. */
export function emptyReason(loaded: readonly Token[], search: string): string {
  if (loaded.length === 0) return "No tokens found";
  if (search.trim()) return `No tokens on this page match "${search.trim()}"`;
  return "Every token on this page is inactive: turn on Show inactive to see them";
}
