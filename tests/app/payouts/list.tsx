// A throwaway resource's screen, exactly as a real one is written (see docs/adding-a-resource.md).
import { useFilterBar } from "@/components/list/filter-bar";
import { ListTable, useListTable } from "@/components/list/list-table";
import { PageHeader } from "@/components/page-header";
import { payoutColumns, type Payout } from "./columns";
import { PAYOUT_FILTERS } from "./filters";

export function PayoutList() {
  const table = useListTable<Payout>("payouts");
  const filters = useFilterBar(table, PAYOUT_FILTERS, { name: "payout", label: "Filter payouts" });
  return (
    <>
      <PageHeader title="Payouts" subtitle="What the marketplace owes its shops" />
      {filters.bar}
      <ListTable table={table} columns={payoutColumns} rowKey="id" emptyText="No payouts found" />
    </>
  );
}
