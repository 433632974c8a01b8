// What the Users list's CSV export writes: the table's columns (columns.tsx), as they read on screen,
// with the full key and the record id beside them.
import { SHORTEN } from "@/config";
import type { ExportColumn } from "@/components/list/export/columns";
import { head } from "@/utils/format";
import type { User } from "@contract";

export const USER_EXPORT: readonly ExportColumn<User>[] = [
  {
    key: "user",
    title: "User",
    value: (user) => user.displayName?.trim() || "No Name",
    raw: [{ title: "User ID", value: (user) => user.id }],
  },
  { key: "user", title: "Email", value: (user) => user.contactInfo?.trim() || "No Email" },
  {
    key: "publicKey",
    title: "Public Key",
    value: (user) => head(user.publicKey, SHORTEN.sidebarKey),
    raw: [{ title: "Public Key (full)", value: (user) => user.publicKey }],
  },
  { key: "status", title: "Status", value: (user) => user.status?.trim() || "Unknown" },
  { key: "verified", title: "Verified", value: (user) => (user.verified ? "Verified" : "Not verified") },
  { key: "active", title: "Active", value: (user) => (user.disabled ? "Disabled" : "Active") },
];
