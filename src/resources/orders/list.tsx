// SPEC §2 Order Management: the orders, filtered by status, with the details modal and the dispute
// resolve form. The filter and the page live in the URL (syncWithLocation), so a view is shareable.
import { useEffect, useMemo, useState } from "react";
import { useInvalidate, type HttpError } from "@refinedev/core";
import { useTable } from "@refinedev/antd";
import { PAGE_SIZE, type Order } from "@contract";
import { PageHeader } from "@/components/page-header";
import { ListTable } from "@/components/list/list-table";
import { orderColumns } from "./columns";
import { OrderDetailsModal } from "./details-modal";
import { currentOrderFilter, orderFilters, OrderStatusFilter, ORDER_FILTER_FIELD } from "./filters";
import "./orders.css";

export function OrderList() {
  const table = useTable<Order, HttpError>({
    resource: "orders",
    syncWithLocation: true,
    pagination: { pageSize: PAGE_SIZE },
    // ListTable shows load errors in the page with a Retry; a toast would only repeat them.
    errorNotification: false,
  });
  const { filters, setFilters, setCurrentPage } = table;
  const filter = currentOrderFilter(filters);
  const [selected, setSelected] = useState<Order | null>(null);
  const invalidate = useInvalidate();

  // A hand-edited URL with an unknown filter would be refused by the API while the select said
  // "All Orders": drop it so what is shown and what is asked agree.
  const hasUnknownFilter = filter === undefined && filters.some((f) => "field" in f && f.field === ORDER_FILTER_FIELD);
  useEffect(() => {
    if (hasUnknownFilter) setFilters([], "replace");
  }, [hasUnknownFilter, setFilters]);

  const changeFilter = (value: string) => {
    setFilters(orderFilters(value), "replace");
    setCurrentPage(1);
  };

  const columns = useMemo(() => orderColumns(setSelected), []);

  return (
    <>
      <PageHeader
        title="Order Management"
        subtitle="View and manage marketplace orders, resolve disputes"
        extra={<OrderStatusFilter value={filter} onChange={changeFilter} />}
      />
      <ListTable table={table} columns={columns} rowKey="id" emptyText="No orders found" size="middle" />
      <OrderDetailsModal
        order={selected}
        onClose={() => setSelected(null)}
        onResolved={() => {
          setSelected(null);
          void invalidate({ resource: "orders", invalidates: ["list"] });
        }}
      />
    </>
  );
}
