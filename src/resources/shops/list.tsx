// Shop Management: the admin shop list with its filters (search, category, active,
// verified) kept in the URL, and the Edit Shop modal (/shops/:id).
import { useMemo } from "react";
import type { Shop } from "@contract";
import { useEditDialog } from "@/components/forms/edit-dialog";
import { useBulk } from "@/components/list/bulk/bulk-bar";
import { useFilterBar } from "@/components/list/filter-bar";
import { ListPage } from "@/components/list/list-page";
import { useListTable } from "@/components/list/list-table";
import { useListView } from "@/components/list/settings/use-list-view";
import { useListPaletteActions } from "@/components/palette/list-actions";
import { lazyDialog } from "@/components/routing/lazy-dialog";
import { useShopBulkActions } from "./bulk";
import { shopColumns } from "./columns";
import { SHOP_EXPORT } from "./export";
import { SHOP_FILTERS } from "./filters";
import "./shops.css";

const ShopEditModal = lazyDialog(() => import("./edit-modal"), "ShopEditModal");

const shopName = (shop: Shop) => shop.name;

const PAGE = { title: "Shop Management", subtitle: "Manage marketplace shops and verify sellers", emptyText: "No shops found" };

export function ShopList() {
  const table = useListTable<Shop>("shops");
  const filters = useFilterBar(table, SHOP_FILTERS, { name: "shop", label: "Filter shops" });
  useListPaletteActions(table, { resource: "shops", searchId: "shop-filter-search" });
  const editor = useEditDialog<Shop>(ShopEditModal, { resource: "shops", routed: true });
  const columns = useMemo(() => shopColumns(editor.open, editor.intent), [editor.open, editor.intent]);
  const view = useListView("shops", table, columns, { columns: SHOP_EXPORT });
  const bulk = useBulk<Shop>({
    resource: "shops",
    table,
    name: shopName,
    actions: useShopBulkActions(),
  });

  return (
    <ListPage {...PAGE} filters={filters.bar} view={view} table={table} bulk={bulk}>
      {editor.modal}
      {bulk.holders}
    </ListPage>
  );
}
