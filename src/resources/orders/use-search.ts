// Whether the API searches orders (beyond the core API). A 404 cannot tell: an API without the search
// ignores the parameter and answers the list. So the answer says it: an API that searches repeats the
// search it applied (null for none), which the data provider hands on as the list's `applied`. Until
// an answer has said so the box stays out; a link's search that an API ignored is dropped, so the
// list shown is the list asked for.
import { useEffect, useState } from "react";
import type { Order } from "@contract";
import type { useListTable } from "@/components/list/list-table";
import { filterValue, withFilter } from "@/components/list/filters";
import { SEARCH_FIELD } from "./filters";

export function useOrderSearch(table: ReturnType<typeof useListTable<Order>>): { available: boolean } {
  const answer = table.tableQuery.data as { applied?: Record<string, unknown> } | undefined;
  const applies = answer !== undefined && Object.hasOwn(answer.applied ?? {}, SEARCH_FIELD);
  const ignores = answer !== undefined && !applies;
  // Once an answer has shown it, it stays (a later answer on its way keeps the box where it is).
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (applies) setSeen(true);
  }, [applies]);

  const asked = filterValue(table.filters, SEARCH_FIELD) !== "";
  const { filters, setFilters } = table;
  useEffect(() => {
    if (asked && ignores) setFilters(withFilter(filters, SEARCH_FIELD, ""), "replace");
  }, [asked, ignores, filters, setFilters]);

  return { available: seen || applies };
}
