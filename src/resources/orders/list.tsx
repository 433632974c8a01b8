// Order Management: the orders, searched by short id or wallet (beyond the core API) and filtered by status, with the details modal and the dispute
// resolve form. The filter and the page live in the URL, so a view is shareable; so does the open
// order (/orders/:id). The details, with their forms, are a lazy dialog: loaded on first use.
import { useMemo } from "react";
import { Grid } from "antd";
import { useInvalidate, useParsed, type CrudFilter } from "@refinedev/core";
import type { Order } from "@contract";
import { useFilterBar } from "@/components/list/filter-bar";
import { ListPage } from "@/components/list/list-page";
import { sortOrderOf, useListTable } from "@/components/list/list-table";
import { useListView } from "@/components/list/settings/use-list-view";
import { lazyDialog } from "@/components/routing/lazy-dialog";
import { useRoutedRecord } from "@/components/routing/use-record-route";
import { usePaletteActions } from "@/components/palette/use-palette-actions";
import { filterValue, withFilter } from "@/components/list/filters";
import { useStableCallback } from "@/utils/use-stable-callback";
import { useSessionUser } from "@/components/layout/identity";
import { useAssignments } from "./assignee";
import { DEADLINE_SORT, orderColumns } from "./columns";
import { useDisputeLimit } from "./dispute-deadline";
import { orderExport } from "./export";
import { ASSIGNEE_FILTER, ORDER_FILTERS, SEARCH_FIELD } from "./filters";
import { DISPUTE_QUEUE_SORTERS, IN_DISPUTE } from "./queue";
import { useOrderSearch } from "./use-search";
import "./orders.css";

const OrderDetailsModal = lazyDialog(() => import("./details-modal"), "OrderDetailsModal");

const WITHOUT_SEARCH = ORDER_FILTERS.filter((filter) => filter.kind !== "search" || filter.field !== SEARCH_FIELD);

const PAGE = { title: "Order Management", subtitle: "View and manage marketplace orders, resolve disputes", emptyText: "No orders found" };

export function OrderList() {
  // In Dispute opens sorted by deadline (a URL without a sort, or the filter chosen); the admin may
  // drop or change that sort like any other.
  const parsed = useParsed();
  const opensInDispute = filterValue(parsed.params?.filters ?? [], "filter") === IN_DISPUTE;
  const table = useListTable<Order>("orders", { initialSorters: opensInDispute ? DISPUTE_QUEUE_SORTERS : undefined });
  const search = useOrderSearch(table);
  const { setFilters, setSorters } = table;
  const filterTo = useStableCallback((next: CrudFilter[], behavior?: "merge" | "replace") => {
    const entering = filterValue(next, "filter") === IN_DISPUTE && filterValue(table.filters, "filter") !== IN_DISPUTE;
    setFilters(next, behavior);
    if (entering) setSorters(DISPUTE_QUEUE_SORTERS);
  });
  // Beyond the core API: the search where the API's document lists it; who took each dispute, and
  // the filter by it, where the API has assignment.
  const assignments = useAssignments();
  const me = useSessionUser()?.publicKey;
  const assignable = assignments.available === true;
  const shownFilters = useMemo(
    () => [...(search.available ? ORDER_FILTERS : WITHOUT_SEARCH), ...(assignable ? [ASSIGNEE_FILTER] : [])],
    [search.available, assignable],
  );
  const filters = useFilterBar({ ...table, setFilters: filterTo }, shownFilters, { name: "order", label: "Filter orders" });
  // Until both are known the bar may still grow, so the rows wait for it rather than move down.
  const settling = search.available === undefined || assignments.available === undefined;
  // The details are the order's URL (/orders/:id), over the list.
  const details = useRoutedRecord<Order>("orders", table.tableQuery.data?.data);
  const openOrder = details.open;
  const invalidate = useInvalidate();
  const disputeLimit = useDisputeLimit();
  const deadlineSort = sortOrderOf(DEADLINE_SORT, table.sorters) ?? null;
  // Below antd's `sm` (576 px): the phone's reduced set.
  const phone = Grid.useBreakpoint().sm === false;
  usePaletteActions([
    {
      id: "disputed",
      name: "Show disputed orders",
      keywords: "in dispute resolve",
      perform: () => {
        filterTo(withFilter(table.filters, "filter", IN_DISPUTE), "replace");
        table.setCurrentPage(1);
      },
    },
  ]);
  const columns = useMemo(
    () =>
      orderColumns((order) => openOrder(order.id), {
        disputeLimit,
        deadlineSort,
        viewIntent: OrderDetailsModal.intent,
        phone,
        assignee: assignable ? { me } : undefined,
      }),
    [openOrder, disputeLimit, deadlineSort, phone, assignable, me],
  );
  const exported = useMemo(() => orderExport(disputeLimit), [disputeLimit]);
  const view = useListView("orders", table, columns, { columns: exported });

  return (
    <ListPage {...PAGE} filters={filters.bar} view={view} table={table} size="middle" settling={settling}>
      <OrderDetailsModal.Host
        active={details.id !== undefined}
        details={details}
        disputeLimit={disputeLimit}
        onResolved={() => {
          details.close();
          void invalidate({ resource: "orders", invalidates: ["list"] });
        }}
      />
    </ListPage>
  );
}
