// Where a record of the audit trail (or a palette result) lives in the console. Orders, users,
// products and shops have a record route (Refine's `show`, opened by useRecordRoute); a token lives
// on the Tokens screen and the marketplace on its own.
import { useNavigation } from "@refinedev/core";
import { useStableCallback } from "@/utils/use-stable-callback";

/** The audit trail's target types (server/services/audit.ts). */
export type RecordType = "user" | "token" | "product" | "shop" | "order" | "marketplace";

const RESOURCE_OF: Readonly<Record<RecordType, string>> = {
  user: "users",
  token: "tokens",
  product: "products",
  shop: "shops",
  order: "orders",
  marketplace: "marketplace",
};

/** Types whose records have a URL of their own; the others open their section. */
const WITH_RECORD_URL: ReadonlySet<string> = new Set<RecordType>(["user", "product", "shop", "order"]);

export const isRecordType = (type: string): type is RecordType => Object.hasOwn(RESOURCE_OF, type);

/**
 * `(type, id) → path` of that record, or undefined for a type the console does not show. One function
 * for the screen's life, so that a list's columns built with it stay the same: the paths come from the
 * resources' declared routes, which do not change between renders.
 */
export function useRecordUrl() {
  const { showUrl, listUrl } = useNavigation();
  return useStableCallback((type: string, id: string): string | undefined => {
    if (!isRecordType(type)) return undefined;
    const resource = RESOURCE_OF[type];
    return (WITH_RECORD_URL.has(type) && id ? showUrl(resource, id) : "") || listUrl(resource) || undefined;
  });
}
