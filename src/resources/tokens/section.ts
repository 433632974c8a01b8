// The Tokens section (contract/resources/tokens.ts).
import { screen } from "@/components/routing/lazy-screen";
import { defineSection } from "../define";
import { TOKEN_FILTERS } from "./filters";

export const tokensSection = defineSection("tokens", {
  load: screen(() => import("./list"), "TokenList"),
  filters: TOKEN_FILTERS,
});
