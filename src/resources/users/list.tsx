// User Management: filters, the users table with its paging, the Edit User modal and
// deactivation with a reason. The URL holds page and filters, so a filtered, paged list is a link
// that reopens as the same view; so does the user being edited (/users/:id).
import { useMemo } from "react";
import type { User } from "@contract";
import { useEditDialog } from "@/components/forms/edit-dialog";
import { useBulk } from "@/components/list/bulk/bulk-bar";
import { useFilterBar } from "@/components/list/filter-bar";
import { ListPage } from "@/components/list/list-page";
import { useListTable } from "@/components/list/list-table";
import { useListView } from "@/components/list/settings/use-list-view";
import { useListPaletteActions } from "@/components/palette/list-actions";
import { lazyDialog } from "@/components/routing/lazy-dialog";
import { useStableCallback } from "@/utils/use-stable-callback";
import { useUserBulkActions } from "./bulk";
import { userColumns, userName } from "./columns";
import { useDeactivateUser } from "./deactivate";
import { USER_EXPORT } from "./export";
import { USER_FILTERS } from "./filters";
import { useRefreshUsers } from "./refresh";
import "./users.css";

const UserEditModal = lazyDialog(() => import("./edit-modal"), "UserEditModal");

const PAGE = { title: "User Management", subtitle: "Manage users and permissions", emptyText: "No users found" };

export function UserList() {
  const table = useListTable<User>("users");
  const filters = useFilterBar(table, USER_FILTERS, { name: "user", label: "Filter users" });
  useListPaletteActions(table, { resource: "users", searchId: "user-filter-search" });
  const editor = useEditDialog<User>(UserEditModal, { resource: "users", routed: true });
  const { deactivate, deactivatingId, holder } = useDeactivateUser();
  const refresh = useRefreshUsers();
  const bulk = useBulk<User>({
    resource: "users",
    table,
    name: userName,
    actions: useUserBulkActions(),
    refresh: () => refresh(),
  });

  const onDeactivate = useStableCallback((user: User) => void deactivate(user));
  const columns = useMemo(
    () => userColumns({ onEdit: editor.open, editIntent: editor.intent, onDeactivate, deactivatingId }),
    [editor.open, editor.intent, onDeactivate, deactivatingId],
  );
  const view = useListView("users", table, columns, { columns: USER_EXPORT });

  return (
    <ListPage {...PAGE} filters={filters.bar} view={view} table={table} bulk={bulk}>
      {editor.modal}
      {holder}
      {bulk.holders}
    </ListPage>
  );
}
