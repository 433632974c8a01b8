// What the Team list's CSV export writes: the table's columns (columns.tsx) as they read on screen,
// with the full keys beside them.
import { SHORTEN } from "@/config";
import { dateColumn, type ExportColumn } from "@/components/list/export/columns";
import { head } from "@/utils/format";
import { roleLabel, SOURCE_LABELS, type TeamRow } from "./roles";

export const TEAM_EXPORT: readonly ExportColumn<TeamRow>[] = [
  {
    key: "admin",
    title: "Admin",
    value: (member) => member.displayName?.trim() || head(member.publicKey, SHORTEN.sidebarKey),
    raw: [{ title: "Wallet", value: (member) => member.publicKey }],
  },
  { key: "role", title: "Role", value: (member) => roleLabel(member.role) },
  { key: "source", title: "Source", value: (member) => SOURCE_LABELS[member.source] },
  {
    key: "addedBy",
    title: "Added by",
    value: (member) => (member.addedBy ? head(member.addedBy, SHORTEN.sidebarKey) : ""),
    raw: [{ title: "Added by (full)", value: (member) => member.addedBy ?? "" }],
  },
  dateColumn("addedAt", "Added", (member) => member.addedAt ?? null, "ISO"),
];
