// The Category filter's options (GET /products/categories), refetched after every product change
// because featuring, disabling and deleting can all move the counts.
import { useCustom } from "@refinedev/core";
import type { FilterOption } from "@/components/list/filters";
import { endpoints } from "@/providers/endpoints";
import type { ProductCategory } from "@contract";

export function categoryOptions(categories: readonly ProductCategory[] | undefined): FilterOption[] {
  return (categories ?? []).map(({ category, count }) => ({ value: category, label: `${category} (${count})` }));
}

export function useProductCategories() {
  const { query, result } = useCustom<ProductCategory[]>({
    url: endpoints.productCategories,
    method: "get",
    // A failed category list only leaves the filter empty; the table says what is wrong with the API.
    errorNotification: false,
  });
  const data = Array.isArray(result.data) ? result.data : undefined;
  return { options: categoryOptions(data), loading: query.isLoading, refetch: () => void query.refetch() };
}
