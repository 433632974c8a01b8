// A throwaway resource's screen, exactly as a real one is written (see docs/adding-a-resource.md),
// with one row action: Mark paid, the declaration's update (PATCH /admin/payouts/:id), pessimistic.
import { Button, type TableColumnsType } from "antd";
import { useUpdate } from "@refinedev/core";
import { useFilterBar } from "@/components/list/filter-bar";
import { ListTable, useListTable } from "@/components/list/list-table";
import { PageHeader } from "@/components/page-header";
import { payoutColumns, type Payout } from "./columns";
import { PAYOUT_FILTERS } from "./filters";

export function PayoutList() {
  const table = useListTable<Payout>("payouts");
  const filters = useFilterBar(table, PAYOUT_FILTERS, { name: "payout", label: "Filter payouts" });
  const { mutate: update } = useUpdate<Payout>();
  const columns: TableColumnsType<Payout> = [
    ...payoutColumns,
    {
      key: "actions",
      title: "Actions",
      render: (_, payout) =>
        payout.status === "PENDING" && (
          <Button
            size="small"
            aria-label={`Mark the payout to ${payout.shopName} paid`}
            onClick={() => update({ resource: "payouts", id: payout.id, values: { status: "PAID" }, mutationMode: "pessimistic" })}
          >
            Mark paid
          </Button>
        ),
    },
  ];
  return (
    <>
      <PageHeader title="Payouts" subtitle="What the marketplace owes its shops" />
      {filters.bar}
      <ListTable table={table} columns={columns} rowKey="id" emptyText="No payouts found" />
    </>
  );
}
