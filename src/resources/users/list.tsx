// SPEC §2 User Management: filters, the users table with its paging, the Edit User modal and
// deactivation with a reason. The URL holds page and filters (syncWithLocation), so a filtered,
// paged list is a link that reopens as the same view.
import { useTable } from "@refinedev/antd";
import type { CrudFilter, HttpError } from "@refinedev/core";
import "@/components/antd/setup";
import { PAGE_SIZE, type User } from "@contract";
import { ListTable } from "@/components/list/list-table";
import { PageHeader } from "@/components/page-header";
import { userColumns } from "./columns";
import { useDeactivateUser } from "./deactivate";
import { useUserEditModal } from "./edit-modal";
import { UserFilters } from "./filters";
import "./users.css";

export function UserList() {
  const table = useTable<User, HttpError>({
    resource: "users",
    syncWithLocation: true,
    pagination: { pageSize: PAGE_SIZE },
    // The list's load error is shown in the page with a Retry (ListTable), not as a toast too.
    errorNotification: false,
  });
  const { filters, setFilters, setCurrentPage } = table;
  const editor = useUserEditModal();
  const { deactivate, deactivatingId, holder } = useDeactivateUser();

  const columns = userColumns({ onEdit: editor.open, onDeactivate: (user) => void deactivate(user), deactivatingId });

  function changeFilters(next: CrudFilter[]) {
    setFilters(next, "replace");
    setCurrentPage(1);
  }

  return (
    <>
      <PageHeader title="User Management" subtitle="Manage users and permissions" />
      <UserFilters filters={filters} onChange={changeFilters} />
      <ListTable table={table} columns={columns} rowKey="id" emptyText="No users found" />
      {editor.modal}
      {holder}
    </>
  );
}
