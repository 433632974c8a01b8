// SPEC §2 Order Management: the orders, filtered by status, with the details modal and the dispute
// resolve form. The filter and the page live in the URL, so a view is shareable.
import { useMemo, useState } from "react";
import { useInvalidate } from "@refinedev/core";
import { getDefaultSortOrder } from "@refinedev/antd";
import type { Order } from "@contract";
import { ExportButton } from "@/components/list/export/export-button";
import { useFilterBar } from "@/components/list/filter-bar";
import { ListTable, useListTable } from "@/components/list/list-table";
import { PageHeader } from "@/components/page-header";
import { DEADLINE_SORT, orderColumns } from "./columns";
import { OrderDetailsModal } from "./details-modal";
import { useDisputeLimit } from "./dispute-deadline";
import { orderExport } from "./export";
import { ORDER_FILTERS } from "./filters";
import "./orders.css";

export function OrderList() {
  const table = useListTable<Order>("orders");
  const filters = useFilterBar(table, ORDER_FILTERS, { name: "order", label: "Filter orders" });
  const [selected, setSelected] = useState<Order | null>(null);
  const invalidate = useInvalidate();
  const disputeLimit = useDisputeLimit();
  const deadlineSort = getDefaultSortOrder(DEADLINE_SORT, table.sorters) ?? null;
  const columns = useMemo(() => orderColumns(setSelected, { disputeLimit, deadlineSort }), [disputeLimit, deadlineSort]);
  const exported = useMemo(() => orderExport(disputeLimit), [disputeLimit]);

  return (
    <>
      <PageHeader
        title="Order Management"
        subtitle="View and manage marketplace orders, resolve disputes"
        extra={<ExportButton resource="orders" table={table} columns={exported} />}
      />
      {filters.bar}
      <ListTable table={table} columns={columns} rowKey="id" emptyText="No orders found" size="middle" />
      <OrderDetailsModal
        order={selected}
        onClose={() => setSelected(null)}
        disputeLimit={disputeLimit}
        onResolved={() => {
          setSelected(null);
          void invalidate({ resource: "orders", invalidates: ["list"] });
        }}
      />
    </>
  );
}
