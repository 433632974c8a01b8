// What the Orders list's CSV export writes: the table's columns (columns.tsx), as they read on
// screen, with the full ids and wallets, the amount in base units and ISO dates beside them.
import { SHORTEN } from "@/config";
import { amountColumn, dateColumn, isoDate, text, type ExportColumn } from "@/components/list/export/columns";
import { disputeDeadline, head } from "@/utils/format";
import type { Order } from "@contract";
import { DEADLINE_SORT } from "./columns";
import { orderThumbnail, orderTitle } from "./order-text";

const deadlineOf = (order: Order, limit: number, now: number) =>
  order.status === "DISPUTED" ? disputeDeadline(order.disputeRaisedAt, limit, now) : null;

/**
 * The Deadline column only where the table has it: with the marketplace's dispute limit. The time
 * left is counted when the file is written (`now`), as the screen counts it when it draws.
 */
export function orderExport(disputeLimit?: number, now: () => number = Date.now): ExportColumn<Order>[] {
  const deadline: ExportColumn<Order>[] =
    disputeLimit === undefined
      ? []
      : [
          {
            key: DEADLINE_SORT,
            title: "Deadline",
            value: (order) => deadlineOf(order, disputeLimit, now())?.text ?? "",
            raw: [{ title: "Deadline (ISO 8601)", value: (order) => isoDate(deadlineOf(order, disputeLimit, now())?.at) }],
          },
        ];
  return [
    {
      key: "id",
      title: "Order ID",
      value: (order) => head(order.id, SHORTEN.orderId),
      raw: [{ title: "Order ID (full)", value: (order) => order.id }],
    },
    { key: "thumbnail", title: "Image URL", value: (order) => text(orderThumbnail(order)) },
    { key: "title", title: "Product", value: orderTitle },
    { key: "title", title: "Quantity", value: (order) => text(order.quantity ?? "N/A") },
    {
      key: "buyer",
      title: "Buyer",
      value: (order) => head(order.buyerWalletAddress, SHORTEN.orderWallet),
      raw: [{ title: "Buyer (full)", value: (order) => text(order.buyerWalletAddress) }],
    },
    {
      key: "seller",
      title: "Seller",
      value: (order) => head(order.sellerWalletAddress, SHORTEN.orderWallet),
      raw: [{ title: "Seller (full)", value: (order) => text(order.sellerWalletAddress) }],
    },
    amountColumn(
      "amount",
      "Amount",
      (order) => order.totalPrice,
      (order) => order.currency,
    ),
    { key: "status", title: "Status", value: (order) => order.status || "N/A" },
    ...deadline,
    dateColumn("createdAt", "Date", (order) => order.createdAt),
  ];
}
