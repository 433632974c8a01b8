// The dispute queue: Orders filtered In Dispute, the nearest deadline (the most overdue dispute)
// first. Its own module so the dashboard links to it without loading the orders screen.
import type { CrudSort } from "@refinedev/core";
import type { OrderFilter } from "@contract";
import { DEADLINE_SORT } from "./deadline-sort";

export const IN_DISPUTE: OrderFilter = "in_dispute";

/** The queue's own sort, In Dispute's default (sort=deadline). */
export const DISPUTE_QUEUE_SORTERS: CrudSort[] = [{ field: DEADLINE_SORT, order: "asc" }];

/** The queue's URL, as the list's own URL state writes it (Refine's syncWithLocation). */
export const DISPUTE_QUEUE_URL =
  `/orders?currentPage=1&pageSize=20&filters[0][field]=filter&filters[0][operator]=eq&filters[0][value]=${IN_DISPUTE}` +
  `&sorters[0][field]=${DEADLINE_SORT}&sorters[0][order]=asc`;
