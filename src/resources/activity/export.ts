// What the Activity list's CSV export writes: the table's columns (columns.tsx) as they read on
// screen (the admin's name, each change before → after), with the full admin key, the action's code, the record id and the proofs beside them.
import { SHORTEN } from "@/config";
import { actionLabel, changeLines } from "@/components/history/audit-labels";
import { dateColumn, text, type ExportColumn } from "@/components/list/export/columns";
import { head } from "@/utils/format";
import type { AuditEntry } from "@contract";
import { targetText } from "./columns";

export const ACTIVITY_EXPORT: readonly ExportColumn<AuditEntry>[] = [
  dateColumn("when", "When", (entry) => entry.createdAt, "ISO"),
  {
    key: "admin",
    title: "Admin",
    value: (entry) => entry.adminName || head(entry.adminPublicKey, SHORTEN.sidebarKey),
    raw: [{ title: "Admin (full)", value: (entry) => entry.adminPublicKey }],
  },
  {
    key: "action",
    title: "Action",
    value: (entry) =>
      [actionLabel(entry.action, entry.after), ...changeLines(entry.changes).map((c) => `${c.label}: ${c.before} → ${c.after}`)].join("; "),
    raw: [{ title: "Action code", value: (entry) => entry.action }],
  },
  {
    key: "target",
    title: "Record",
    value: (entry) => targetText(entry),
    raw: [
      { title: "Record type", value: (entry) => entry.targetType },
      { title: "Record ID", value: (entry) => entry.targetId },
    ],
  },
  { key: "reason", title: "Reason", value: (entry) => text(entry.reason) },
  {
    key: "signature",
    title: "Transaction",
    value: (entry) => text(entry.transactionSignature),
    raw: [
      { title: "Cluster", value: (entry) => text(entry.cluster) },
      { title: "Decision signature", value: (entry) => text(entry.signedDecision?.signature) },
      { title: "Decision message", value: (entry) => text(entry.signedDecision?.message) },
    ],
  },
];
