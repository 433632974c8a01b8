// A link to a list narrowed to one record's rows (a user's orders, a shop's products): the filter
// goes into the URL as the list keeps its filters (Refine's syncWithLocation), so the list opens
// with it applied and shown as a removable filter (record-filter-tag.tsx), and a reload keeps it.
// Such filters are beyond the core API: a link is drawn only where the API applies its filter
// (list-filter-support.ts), and `useFilteredRows` reads the first rows it leads to and how many.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { stringifyTableParams, useList, useNavigation, type BaseKey, type BaseRecord, type HttpError } from "@refinedev/core";
import { useListFilterSupport } from "./list-filter-support";

/** `resource`'s list URL narrowed to the rows whose `field` is `id`. */
export function useFilteredListUrl(resource: string, field: string, id: BaseKey): string {
  const { listUrl } = useNavigation();
  return `${listUrl(resource)}?${stringifyTableParams({ filters: [{ field, operator: "eq", value: String(id) }], sorters: [] })}`;
}

export function FilteredListLink({
  resource,
  field,
  id,
  children,
  label,
}: {
  resource: string;
  field: string;
  id: BaseKey;
  children: ReactNode;
  label?: string;
}) {
  return (
    <Link className="record-link" to={useFilteredListUrl(resource, field, id)} aria-label={label}>
      {children}
    </Link>
  );
}

/** The first rows of a narrowed list, and how many there are in all. */
export interface FilteredRows<TRow> {
  rows: TRow[];
  total: number;
}

/**
 * The first `count` of `resource`'s rows whose `field` is `id` (one, just for the total, by
 * default), once the API is known to apply the filter: `undefined` while that or the rows are not
 * known, `null` when the API does not apply it or the list cannot be read (the link is left out).
 */
export function useFilteredRows<TRow extends BaseRecord>(
  resource: string,
  field: string,
  id: BaseKey,
  count = 1,
): FilteredRows<TRow> | null | undefined {
  const applied = useListFilterSupport(resource, field);
  const { result, query } = useList<TRow, HttpError>({
    resource,
    filters: [{ field, operator: "eq", value: String(id) }],
    pagination: { currentPage: 1, pageSize: count },
    queryOptions: { enabled: applied === true },
    errorNotification: false,
  });
  if (applied === false || query.isError) return null;
  return applied && query.isSuccess ? { rows: result.data, total: result.total ?? result.data.length } : undefined;
}
