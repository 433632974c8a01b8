// Reading and writing the list filters that live in the URL (syncWithLocation). A filter set from a
// select is a boolean or a string before a reload and always a string after one, so every value is
// read back in its query-string form: the controls then show the same choice either way.
import type { CrudFilter } from "@refinedev/core";
import { toQueryValue } from "@/providers/data-provider";

/** The value of the `eq` filter on `field` as the query string carries it, or "" when there is none. */
export function filterValue(filters: readonly CrudFilter[], field: string): string {
  const found = filters.find((filter) => "field" in filter && filter.field === field);
  return (found && toQueryValue(found.value)) ?? "";
}

/** The filters with `field` set to `value` (or removed when `value` is empty), the others kept. */
export function withFilter(filters: readonly CrudFilter[], field: string, value: string): CrudFilter[] {
  const others = filters.filter((filter) => !("field" in filter && filter.field === field));
  return value ? [...others, { field, operator: "eq", value }] : others;
}

interface FilterableTable {
  filters: CrudFilter[];
  setFilters: (filters: CrudFilter[], behavior?: "merge" | "replace") => void;
  setCurrentPage: (page: number) => void;
}

/** Sets one filter and goes back to page 1, as every filter change must. */
export function applyFilter(table: FilterableTable, field: string, value: string): void {
  table.setFilters(withFilter(table.filters, field, value), "replace");
  table.setCurrentPage(1);
}
