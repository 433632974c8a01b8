// A throwaway resource's filters, exactly as a real one declares them (see docs/adding-a-resource.md).
import { choices, type ListFilter } from "@/components/list/filters";
import type { Payout } from "./columns";

export const PAYOUT_FILTERS: readonly ListFilter<Payout>[] = [
  { kind: "select", field: "status", label: "Status", options: choices("All Payouts", ["PENDING", "Pending"], ["PAID", "Paid"]) },
];
