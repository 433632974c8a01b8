// Shop Management (SPEC §2): the admin shop list with its server-side filters (search, category,
// active, verified) kept in the URL, and the Edit Shop modal.
import { useTable } from "@refinedev/antd";
import type { HttpError } from "@refinedev/core";
import { PAGE_SIZE, type Shop } from "@contract";
import { PageHeader } from "@/components/page-header";
import { ListTable } from "@/components/list/list-table";
import { applyFilter, filterValue } from "@/resources/products/list-filters";
import { shopColumns } from "./columns";
import { useShopEditModal } from "./edit-modal";
import { ShopFilters, type ShopFilterValues } from "./filters";
import "@/resources/products/list-filters.css";
import "./shops.css";

export function ShopList() {
  const table = useTable<Shop, HttpError>({
    resource: "shops",
    syncWithLocation: true,
    pagination: { pageSize: PAGE_SIZE },
  });
  const edit = useShopEditModal();

  const values: ShopFilterValues = {
    search: filterValue(table.filters, "search"),
    category: filterValue(table.filters, "category"),
    isActive: filterValue(table.filters, "isActive"),
    isVerified: filterValue(table.filters, "isVerified"),
  };

  return (
    <>
      <PageHeader title="Shop Management" subtitle="Manage marketplace shops and verify sellers" />
      <ShopFilters values={values} onChange={(field, value) => applyFilter(table, field, value)} />
      <ListTable table={table} columns={shopColumns((shop) => edit.show(shop.id))} rowKey="id" emptyText="No shops found" />
      {edit.element}
    </>
  );
}
