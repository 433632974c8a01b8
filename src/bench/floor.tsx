// Exists only for `npm run bench:nav`: the floor page, a plain antd Table of the same 20 users and the
// same columns as the Users list, as plain text: no tooltips, tags, avatars, links, filters, toolbar,
// pager or settings. Its data comes as the Users screen's does: the users' page 1, warmed by the hover
// preload under the same key (its section's meta, no filters or sorters).
import { Table, type TableColumnsType } from "antd";
import { useList } from "@refinedev/core";
import { PAGE_SIZE, type User } from "@contract";
import { SHORTEN } from "@/config";
import { head } from "@/utils/format";
import { FLOOR_META } from "./floor-meta";

const COLUMNS: TableColumnsType<User> = [
  { key: "user", title: "User", render: (_, user) => `${user.displayName?.trim() || "No Name"} ${user.contactInfo?.trim() || "No Email"}` },
  { key: "publicKey", title: "Public Key", render: (_, user) => head(user.publicKey, SHORTEN.sidebarKey) },
  { key: "status", title: "Status", render: (_, user) => user.status?.trim() || "Unknown" },
  { key: "verified", title: "Verified", render: (_, user) => (user.verified ? "Yes" : "No") },
  { key: "active", title: "Active", render: (_, user) => (user.disabled ? "Disabled" : "Active") },
  { key: "actions", title: "Actions", render: (_, user) => (user.disabled ? "Edit" : "Edit Deactivate") },
];

export function FloorPage() {
  const { result, query } = useList<User>({
    resource: "users",
    pagination: { currentPage: 1, pageSize: PAGE_SIZE, mode: "server" },
    filters: [],
    sorters: [],
    meta: FLOOR_META,
  });
  return <Table<User> rowKey="id" columns={COLUMNS} dataSource={result.data} loading={query.isLoading} pagination={false} />;
}
