// Product Management: the admin product list with its Category and Featured filters (kept
// in the URL), a search box over the loaded page, the row actions, and each product's own URL
// (/products/:id, a drawer over the list, a lazy dialog: loaded on first use). Beyond the core API,
// the Deleted filter shows the trash, where a product is restored with a reason.
import { useEffect, useMemo } from "react";
import { filterValue, withFilter } from "@/components/list/filters";
import { useInvalidate } from "@refinedev/core";
import type { Product } from "@contract";
import { useBulk } from "@/components/list/bulk/bulk-bar";
import { useFilterBar } from "@/components/list/filter-bar";
import { ListPage } from "@/components/list/list-page";
import { useListTable } from "@/components/list/list-table";
import { useListView } from "@/components/list/settings/use-list-view";
import { lazyDialog } from "@/components/routing/lazy-dialog";
import { useRoutedRecord } from "@/components/routing/use-record-route";
import { useListPaletteActions } from "@/components/palette/list-actions";
import { useProductBulkActions } from "./bulk";
import { productColumns } from "./columns";
import { PRODUCT_EXPORT } from "./export";
import { DELETED_FIELD, PRODUCT_FILTERS } from "./filters";
import { useProductCategories } from "./use-categories";
import { useProductActions } from "./use-product-actions";
import { useProductTrash } from "./use-trash";
import "./products.css";

const ProductShowDrawer = lazyDialog(() => import("./show-drawer"), "ProductShowDrawer");

const productTitle = (product: Product) => product.title;

const PAGE = { title: "Product Management", subtitle: "Manage products and featured listings", emptyText: "No products found" };
const WITHOUT_TRASH = PRODUCT_FILTERS.filter((filter) => filter.kind !== "select" || filter.field !== DELETED_FIELD);

export function ProductList() {
  const table = useListTable<Product>("products");
  const categories = useProductCategories();
  const trash = useProductTrash();
  const askedForTrash = filterValue(table.filters, DELETED_FIELD) === "true";
  const inTrash = trash.available && askedForTrash;
  const { filters: current, setFilters } = table;
  // A link into the trash opened against an API without one: the listed products instead.
  useEffect(() => {
    if (askedForTrash && !trash.available) setFilters(withFilter(current, DELETED_FIELD, ""), "replace");
  }, [askedForTrash, trash.available, current, setFilters]);
  const filters = useFilterBar(table, trash.available ? PRODUCT_FILTERS : WITHOUT_TRASH, {
    name: "product",
    label: "Filter products",
    moreOptions: { category: categories },
  });
  const actions = useProductActions(categories.refetch);
  const { busy, toggleFeatured, toggleActive, remove, restore } = actions;
  const columns = useMemo(
    () => productColumns({ busy, toggleFeatured, toggleActive, remove, restore }, { trash: inTrash }),
    [busy, toggleFeatured, toggleActive, remove, restore, inTrash],
  );
  const view = useListView("products", table, columns, { columns: PRODUCT_EXPORT, keep: filters.keep });
  const invalidate = useInvalidate();
  const bulk = useBulk<Product>({
    resource: "products",
    table,
    keep: filters.keep,
    resetOn: filters.values,
    name: productTitle,
    actions: useProductBulkActions(),
    // Every change can move the counts of the Category filter.
    refresh: () => Promise.all([invalidate({ resource: "products", invalidates: ["list", "many", "detail"] }), categories.refetch()]),
  });
  const details = useRoutedRecord<Product>("products", table.tableQuery.data?.data);
  useListPaletteActions(table, { resource: "products", searchId: "product-filter-search" });

  return (
    // The bulk actions change listed products: the trash offers only Restore, one by one.
    <ListPage
      {...PAGE}
      filters={filters.bar}
      view={view}
      table={table}
      dataSource={filters.rows}
      size="middle"
      bulk={inTrash ? undefined : bulk}
    >
      {actions.holders}
      {bulk.holders}
      <ProductShowDrawer.Host active={details.id !== undefined} details={details} restore={trash.available ? restore : undefined} />
    </ListPage>
  );
}
