// Product Management (SPEC §2): the admin product list with its server-side Category and Featured
// filters (kept in the URL), a search box over the loaded page, and the row actions.
import { useMemo, useState } from "react";
import { useTable } from "@refinedev/antd";
import type { HttpError } from "@refinedev/core";
import { PAGE_SIZE, type Product } from "@contract";
import { PageHeader } from "@/components/page-header";
import { ListTable } from "@/components/list/list-table";
import { productColumns } from "./columns";
import { ProductFilters, searchLoaded } from "./filters";
import { applyFilter, filterValue } from "./list-filters";
import { useProductCategories } from "./use-categories";
import { useProductActions } from "./use-product-actions";
import "./list-filters.css";
import "./products.css";

export function ProductList() {
  const table = useTable<Product, HttpError>({
    resource: "products",
    syncWithLocation: true,
    pagination: { pageSize: PAGE_SIZE },
  });
  const categories = useProductCategories();
  const actions = useProductActions(categories.refetch);
  const [search, setSearch] = useState("");

  const loaded = table.tableProps.dataSource;
  const rows = useMemo(() => searchLoaded(loaded ?? [], search), [loaded, search]);
  const columns = productColumns(actions);

  return (
    <>
      <PageHeader title="Product Management" subtitle="Manage products and featured listings" />
      <ProductFilters
        search={search}
        onSearch={setSearch}
        category={filterValue(table.filters, "category")}
        categories={categories.options}
        categoriesLoading={categories.loading}
        onCategory={(value) => applyFilter(table, "category", value)}
        featured={filterValue(table.filters, "isFeatured")}
        onFeatured={(value) => applyFilter(table, "isFeatured", value)}
      />
      <ListTable
        table={table}
        dataSource={rows}
        columns={columns}
        rowKey="id"
        size="middle"
        emptyText="No products found"
      />
      {actions.holders}
    </>
  );
}
