// Where a record of the audit trail (or a palette result) lives in the console, from its record type
// in the registry (contract/resources/): a type with a record page (Refine's `show`, opened by
// useRecordRoute: orders, users, products, shops) opens the record there; another (a token, the
// marketplace) opens its resource's section.
import { useNavigation } from "@refinedev/core";
import { recordTypeNamed } from "@contract/resources";
import { useStableCallback } from "@/utils/use-stable-callback";

/**
 * `(type, id) → path` of that record, or undefined for a type the console does not show. One function
 * for the screen's life, so that a list's columns built with it stay the same: the paths come from the
 * resources' declared routes, which do not change between renders.
 */
export function useRecordUrl() {
  const { showUrl, listUrl } = useNavigation();
  return useStableCallback((type: string, id: string): string | undefined => {
    const record = recordTypeNamed(type);
    if (!record) return undefined;
    return (record.page && id ? showUrl(record.resource, id) : "") || listUrl(record.resource) || undefined;
  });
}
