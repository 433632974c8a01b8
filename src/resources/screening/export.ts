// What the Screening list's CSV export writes: the table's columns (columns.tsx), with the full
// addresses, ids and version, base units and ISO dates beside them.
import { amountColumn, dateColumn, text, type ExportColumn } from "@/components/list/export/columns";
import type { ScreeningHit } from "@contract";
import { HIT_KIND_LABELS, PARTY_LABELS } from "./columns";
import { SCREENING_STATUS_LABELS } from "./filters";

const NONE = "—";

export const SCREENING_EXPORT: readonly ExportColumn<ScreeningHit>[] = [
  { key: "found", title: "Found by", value: (hit) => HIT_KIND_LABELS[hit.kind] ?? hit.kind },
  dateColumn("found", "Found", (hit) => hit.createdAt),
  { key: "order", title: "Order ID", value: (hit) => text(hit.orderId) || NONE },
  { key: "order", title: "Mint", value: (hit) => text(hit.tokenMint) || NONE },
  { key: "party", title: "Party", value: (hit) => PARTY_LABELS[hit.party] ?? hit.party },
  { key: "party", title: "Address", value: (hit) => hit.address },
  { key: "list", title: "List", value: (hit) => hit.listName },
  { key: "list", title: "Entry", value: (hit) => text(hit.entryId) || NONE },
  { key: "list", title: "Entry reason", value: (hit) => text(hit.entryReason) || NONE },
  { key: "list", title: "List version", value: (hit) => hit.listVersion },
  amountColumn(
    "paid",
    "Paid",
    (hit) => hit.paid?.amount,
    (hit) => (hit.paid ? { symbol: hit.paid.symbol, decimals: hit.paid.decimals } : null),
  ),
  dateColumn("paid", "Paid at", (hit) => hit.paid?.at ?? null),
  { key: "status", title: "Status", value: (hit) => SCREENING_STATUS_LABELS[hit.status] ?? hit.status },
  { key: "status", title: "Acknowledgement", value: (hit) => text(hit.acknowledgement) || NONE },
];
