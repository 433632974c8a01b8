// What the list and the details modal read off an order the same way.
import type { Order } from "@contract";

export const UNKNOWN_PRODUCT = "Unknown Product";

export function orderTitle(order: Order): string {
  return order.productSnapshot?.title?.trim() || UNKNOWN_PRODUCT;
}

/** The first product image, thumbnail preferred (the snapshot may be missing altogether). */
export function orderThumbnail(order: Order): string | undefined {
  const image = order.productSnapshot?.images?.[0];
  return image?.thumbnailUrl || image?.url || undefined;
}
