// What the Settlements list's CSV export writes: the table's columns (columns.tsx), as they read on
// screen, with the full ids and signature, base units and ISO dates beside them.
import { SHORTEN } from "@/config";
import { amountColumn, dateColumn, text, type ExportColumn } from "@/components/list/export/columns";
import { formatAmount, head } from "@/utils/format";
import type { Settlement } from "@contract";
import { landingHint, SETTLEMENT_KIND_LABELS } from "./columns";
import { SETTLEMENT_STATUS_LABELS } from "./filters";

const NONE = "—";

/** A dispute payout's token (none: the initialization, or a server that does not say). */
const currencyOf = (settlement: Settlement) =>
  settlement.amounts ? { symbol: settlement.amounts.symbol, decimals: settlement.amounts.decimals } : null;

export const SETTLEMENT_EXPORT: readonly ExportColumn<Settlement>[] = [
  {
    key: "order",
    title: "Kind",
    value: (settlement) => SETTLEMENT_KIND_LABELS[settlement.kind] ?? settlement.kind,
    raw: [{ title: "Settlement ID", value: (settlement) => settlement.id }],
  },
  {
    key: "order",
    title: "Order",
    value: (settlement) => (settlement.orderId ? head(settlement.orderId, SHORTEN.orderId) : NONE),
    raw: [{ title: "Order ID (full)", value: (settlement) => text(settlement.orderId) }],
  },
  { key: "status", title: "Status", value: (settlement) => SETTLEMENT_STATUS_LABELS[settlement.status] ?? settlement.status },
  { key: "status", title: "Last error", value: (settlement) => settlement.lastError || NONE },
  amountColumn("amounts", "Buyer amount", (settlement) => settlement.amounts?.buyer, currencyOf),
  {
    key: "amounts",
    title: "Seller amount",
    value: (settlement) => formatAmount(settlement.amounts?.seller, currencyOf(settlement)),
    raw: [{ title: "Seller amount (base units)", value: (settlement) => text(settlement.amounts?.seller) }],
  },
  {
    key: "signature",
    title: "Signature",
    value: (settlement) => (settlement.signature ? head(settlement.signature, SHORTEN.signature) : NONE),
    raw: [{ title: "Signature (full)", value: (settlement) => text(settlement.signature) }],
  },
  {
    key: "signature",
    title: "Attempts",
    value: (settlement) => text(settlement.attempts),
    raw: [{ title: "Landing", value: (settlement) => landingHint(settlement) ?? NONE }],
  },
  dateColumn("updatedAt", "Created", (settlement) => settlement.createdAt),
  dateColumn("updatedAt", "Updated", (settlement) => settlement.updatedAt),
];
