// SPEC §2 Order Management: the status filter. Its value travels as the `filter` query parameter
// (the data provider declares that one field for orders); "All Orders" sends none.
import { Select } from "antd";
import type { CrudFilter } from "@refinedev/core";
import type { OrderFilter } from "@contract";

export const ORDER_FILTER_FIELD = "filter";
const ALL = "all";

export const ORDER_FILTER_OPTIONS: { value: OrderFilter | typeof ALL; label: string }[] = [
  { value: ALL, label: "All Orders" },
  { value: "new", label: "New Orders (Not Shipped)" },
  { value: "ongoing", label: "Ongoing (Shipped)" },
  { value: "in_dispute", label: "In Dispute" },
  { value: "completed", label: "Completed" },
];

const KNOWN = new Set<string>(ORDER_FILTER_OPTIONS.map((option) => option.value));

/** The filter a (possibly hand-edited or shared) URL carries, or undefined for all orders. */
export function currentOrderFilter(filters: CrudFilter[]): OrderFilter | undefined {
  const found = filters.find((filter) => "field" in filter && filter.field === ORDER_FILTER_FIELD);
  const value = found?.value as unknown;
  return typeof value === "string" && value !== ALL && KNOWN.has(value) ? (value as OrderFilter) : undefined;
}

/** The filters to set for a chosen option: none for "All Orders". */
export function orderFilters(value: string): CrudFilter[] {
  return value === ALL ? [] : [{ field: ORDER_FILTER_FIELD, operator: "eq", value }];
}

export function OrderStatusFilter({ value, onChange }: { value: OrderFilter | undefined; onChange: (value: string) => void }) {
  return (
    <Select
      aria-label="Filter orders by status"
      className="orders-filter"
      value={value ?? ALL}
      onChange={onChange}
      options={ORDER_FILTER_OPTIONS}
      popupMatchSelectWidth={false}
    />
  );
}
