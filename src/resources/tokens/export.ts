// What the Tokens list's CSV export writes: the table's columns (columns.tsx), as they read on
// screen, with the full mint address beside the shortened one.
import { text, type ExportColumn } from "@/components/list/export/columns";
import { shortMint } from "@/utils/format";
import type { Token } from "@contract";
import { riskLabel } from "./risk";

export const TOKEN_EXPORT: readonly ExportColumn<Token>[] = [
  { key: "logo", title: "Logo URL", value: (token) => text(token.logoUrl) },
  { key: "symbol", title: "Symbol", value: (token) => token.symbol, raw: [{ title: "Token ID", value: (token) => text(token.id) }] },
  { key: "name", title: "Name", value: (token) => token.name },
  {
    key: "mintAddress",
    title: "Mint Address",
    value: (token) => shortMint(token.mintAddress),
    raw: [{ title: "Mint Address (full)", value: (token) => token.mintAddress }],
  },
  { key: "decimals", title: "Decimals", value: (token) => text(token.decimals) },
  { key: "status", title: "Status", value: (token) => (token.isActive ? "Active" : "Inactive") },
  {
    key: "risk",
    title: "Risk",
    value: (token) => riskLabel(token.risk),
    raw: [{ title: "Risk details", value: (token) => text(token.risk?.summary) }],
  },
];
