// The Products list's bulk actions, each row sent as its row action sends it: Feature / Unfeature
// are the star (PUT /products/:id/feature), Enable / Disable the row's toggle with its reason
// (PATCH /admin/products/:id) — so the server audits each row as if done alone. Delete stays one by one.
import { useDataProvider } from "@refinedev/core";
import type { BulkAction } from "@/components/list/bulk/bulk-bar";
import type { Product } from "@contract";
import { activeReasonLabel, activeValues, featureRequest } from "./use-product-actions";

export function useProductBulkActions(): BulkAction<Product>[] {
  const dataProvider = useDataProvider();
  const feature = (featured: boolean): BulkAction<Product> => ({
    label: featured ? "Feature" : "Unfeature",
    applies: (product) => product.isFeatured !== featured,
    send: (product) => {
      const { url, method, values } = featureRequest(product, featured);
      return dataProvider().custom!({ url, method, payload: values });
    },
  });
  const activate = (active: boolean): BulkAction<Product> => ({
    label: active ? "Enable" : "Disable",
    danger: !active,
    reasonLabel: activeReasonLabel(active),
    applies: (product) => product.isActive !== active,
    send: (product, reason = "") =>
      dataProvider().update({ resource: "products", id: product.id, variables: activeValues(active, reason) }),
  });
  return [feature(true), feature(false), activate(true), activate(false)];
}
