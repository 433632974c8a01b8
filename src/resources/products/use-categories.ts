// The Category filter's options (GET /products/categories), refetched after every product change
// because featuring, disabling and deleting can all move the counts.
import { useCustom } from "@refinedev/core";
import { endpoints } from "@/providers/api";
import type { ProductCategory } from "@contract";

export interface CategoryOption {
  value: string;
  label: string;
}

export function categoryOptions(categories: readonly ProductCategory[] | undefined): CategoryOption[] {
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
