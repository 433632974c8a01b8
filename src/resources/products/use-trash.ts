// Whether the API keeps a trash of deleted products (GET /admin/products/deleted, beyond the core
// API). An API without it answers 404: the Deleted filter and Restore are
// left out, without a word, for the rest of the session.
import { useCustom } from "@refinedev/core";
import { resourceNamed } from "@contract/resources";
import { useKnownMissing, useRememberMissing } from "@/providers/query-policy";
import type { PagedList, Product } from "@contract";

export const TRASH_CALL = "productTrash";

/** The trash's path, declared once as the Deleted filter's view (contract/resources/products.ts). */
export const trashPath = (): string => resourceNamed("products").api?.views?.deleted ?? "";

export function useProductTrash(): { available: boolean } {
  const known = useKnownMissing(TRASH_CALL);
  const { query } = useCustom<PagedList<Product>>({
    url: trashPath(),
    method: "get",
    config: { query: { limit: 1 } },
    // Only the answer's status matters here: the list itself says what is wrong with the API.
    errorNotification: false,
    queryOptions: { enabled: !known, retry: false },
  });
  const notFound = useRememberMissing(TRASH_CALL, query.error);
  return { available: !known && !notFound };
}
