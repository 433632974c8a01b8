// Beyond the core API: the settlement queue's status filter, sent as the `status` query parameter.
import { choices, type ListFilter } from "@/components/list/filters";
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
  {
    kind: "select",
    field: "status",
    label: "Filter settlements by status",
    options: choices("All Settlements", ...(Object.entries(SETTLEMENT_STATUS_LABELS) as [SettlementQueueStatus, string][])),
  },
];
