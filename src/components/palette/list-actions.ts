// The palette actions every filtered list offers: put the cursor in its search box, and clear the
// filters the API applies (while there are some). Ids follow the filter bar's (`<name>-filter-<key>`).
import { nounsOf } from "@contract/resources";
import type { FilterableTable } from "@/components/list/filter-bar";
import { usePaletteActions } from "./use-palette-actions";

export interface ListPaletteOptions {
  /** "products": the actions read "Search products", "Clear product filters" (the declaration's nouns). */
  resource: string;
  /** The id of the list's search box, when it has one. */
  searchId?: string;
}

export function useListPaletteActions<Row>(table: FilterableTable<Row>, { resource, searchId }: ListPaletteOptions): void {
  const { plural, singular } = nounsOf(resource);
  usePaletteActions([
    searchId !== undefined && {
      id: "search",
      name: `Search ${plural}`,
      keywords: "find filter",
      // After the palette has let go of the focus.
      perform: () => {
        setTimeout(() => document.getElementById(searchId)?.focus(), 0);
      },
    },
    table.filters.length > 0 && {
      id: "clear-filters",
      name: `Clear ${singular} filters`,
      keywords: "reset all",
      perform: () => {
        table.setFilters([], "replace");
        table.setCurrentPage(1);
      },
    },
  ]);
}
