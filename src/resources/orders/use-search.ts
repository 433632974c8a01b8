// Whether the API searches orders (beyond the core API). A 404 cannot tell: an API without the search
// ignores the parameter and answers the whole list. So, as for the records' links, the API's
// published document says it (list-filter-support.ts): the box shows once it lists `search` on the
// orders' list, and a link's search an API does not apply is dropped, so the list shown is the list
// asked for.
import { useEffect } from "react";
import type { Order } from "@contract";
import type { useListTable } from "@/components/list/list-table";
import { filterValue, withFilter } from "@/components/list/filters";
import { useListFilterSupport } from "@/components/record/list-filter-support";
import { SEARCH_FIELD } from "./filters";

/** Whether the box shows: undefined until the document answers. */
export function useOrderSearch(table: ReturnType<typeof useListTable<Order>>): { available: boolean | undefined } {
  const supported = useListFilterSupport("orders", SEARCH_FIELD);
  const asked = filterValue(table.filters, SEARCH_FIELD) !== "";
  const { filters, setFilters } = table;
  useEffect(() => {
    if (asked && supported === false) setFilters(withFilter(filters, SEARCH_FIELD, ""), "replace");
  }, [asked, supported, filters, setFilters]);

  return { available: supported };
}
