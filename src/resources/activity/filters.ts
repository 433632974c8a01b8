// Beyond the core API: the Activity screen's filters, all applied by the API (GET /admin/audit): the
// admin (choices from GET /admin/audit/admins, added at run time), the action, the record type and
// the days. Plain data: the sections list imports it on every route's first load.
import { choices, type ListFilter } from "@/components/list/filters";
import type { AuditEntry } from "@contract";
import { AUDIT_ACTIONS, RECORD_TYPES } from "@contract/resources";

// The actions and record types are the registry's (contract/resources/), in its order.
const ACTION_CHOICES = AUDIT_ACTIONS.map(({ action, label }) => [action, label] as const);
const RECORD_CHOICES = RECORD_TYPES.map(({ type, label }) => [type, label] as const);

export const ACTIVITY_FILTERS: readonly ListFilter<AuditEntry>[] = [
  { kind: "select", field: "admin", label: "Admin", prefix: true, options: choices("All") },
  { kind: "select", field: "action", label: "Action", prefix: true, options: choices("All", ...ACTION_CHOICES) },
  { kind: "select", field: "targetType", label: "Record", prefix: true, options: choices("All", ...RECORD_CHOICES) },
  { kind: "dates", from: "from", to: "to", label: "Date range" },
];
