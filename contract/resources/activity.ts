import { defineResource } from "./define.ts";

/** The admin audit trail: who did what to which record, and why. */
export const activity = defineResource({
  name: "activity",
  label: "Activity",
  beyondSpec: true,
  record: { label: "Audit entry", schema: "AuditEntry" },
  api: { list: "/admin/audit", query: ["admin", "action", "targetType", "from", "to"] },
  access: { list: "audit.read", export: "export" },
});
