// Beyond the core API: the settlement queue's status filter, sent as the `status` query parameter.
import { statusFilter, type ListFilter } from "@/components/list/filters";
import type { Settlement, SettlementQueueStatus } from "@contract";

export const SETTLEMENT_STATUS_LABELS: Readonly<Record<SettlementQueueStatus, string>> = {
  awaiting_approval: "Awaiting approval",
  pending: "Pending",
  submitted: "Submitted",
  confirmed: "Confirmed",
  failed: "Failed",
  rejected: "Rejected",
  expired: "Expired",
};

export const SETTLEMENT_FILTERS: readonly ListFilter<Settlement>[] = [
  statusFilter("Filter settlements by status", "All Settlements", SETTLEMENT_STATUS_LABELS),
];
