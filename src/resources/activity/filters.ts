// Beyond SPEC: the Activity screen's filters, all applied by the API (GET /admin/audit): the admin
// (choices from GET /admin/audit/admins, added at run time), the action, the record type and the
// days. Plain data: the sections list imports it on every route's first load.
import { choices, type FilterOption, type ListFilter } from "@/components/list/filters";
import type { AuditEntry } from "@contract";

/** The record types the trail names, as the Record filter offers them. */
export const TARGET_TYPE_LABELS: Readonly<Record<string, string>> = {
  user: "User",
  token: "Token",
  product: "Product",
  shop: "Shop",
  order: "Order",
  marketplace: "Marketplace",
};

/** The actions the reference server records (server/services), as the Action filter offers them. */
export const ACTION_OPTIONS: readonly FilterOption[] = [
  ["user.update", "User updated"],
  ["user.deactivate", "User deactivated"],
  ["token.create", "Token added"],
  ["token.initialize_sol", "SOL initialized"],
  ["token.update", "Token updated"],
  ["token.deactivate", "Token deactivated"],
  ["token.delete", "Token deleted permanently"],
  ["token.flag", "Token flagged (its mint became risky)"],
  ["product.feature", "Product featured or unfeatured"],
  ["product.enable", "Product enabled"],
  ["product.disable", "Product disabled"],
  ["product.delete", "Product deleted"],
  ["product.restore", "Product restored"],
  ["shop.update", "Shop updated"],
  ["order.note", "Order note added"],
  ["order.resolve_dispute", "Dispute resolved"],
  ["settlement.retry", "Settlement retried"],
  ["settlement.propose", "Payout proposed"],
  ["settlement.approve", "Payout approved"],
  ["settlement.reject", "Payout rejected"],
  ["settlement.expire", "Payout proposal expired"],
  ["marketplace.initialize", "Marketplace initialized"],
].map(([value, label]) => ({ value, label }));

export const ACTIVITY_FILTERS: readonly ListFilter<AuditEntry>[] = [
  { kind: "select", field: "admin", label: "Admin", prefix: true, options: choices("All") },
  { kind: "select", field: "action", label: "Action", prefix: true, options: choices("All", ...ACTION_OPTIONS.map(({ value, label }) => [value, label] as const)) },
  { kind: "select", field: "targetType", label: "Record", prefix: true, options: choices("All", ...Object.entries(TARGET_TYPE_LABELS)) },
  { kind: "dates", from: "from", to: "to", label: "Date range" },
];
