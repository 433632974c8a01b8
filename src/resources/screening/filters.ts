// Beyond the core API: the Screening list's status filter, sent as the `status` query parameter.
import { statusFilter, type ListFilter } from "@/components/list/filters";
import type { ScreeningHit, ScreeningHitStatus } from "@contract";

export const SCREENING_STATUS_LABELS: Readonly<Record<ScreeningHitStatus, string>> = {
  open: "Open",
  acknowledged: "Acknowledged",
};

export const SCREENING_FILTERS: readonly ListFilter<ScreeningHit>[] = [
  statusFilter("Filter screening hits by status", "All hits", SCREENING_STATUS_LABELS),
];
