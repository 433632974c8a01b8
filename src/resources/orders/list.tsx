// Placeholder until the orders screen is built (its own issue); the route, menu entry and preloading already work.
import { PageHeader } from "@/components/page-header";

export function OrderList() {
  return <PageHeader title="Order Management" subtitle="View and manage marketplace orders, resolve disputes" />;
}
