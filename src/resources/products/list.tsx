// Placeholder until the products screen is built (its own issue); the route, menu entry and preloading already work.
import { PageHeader } from "@/components/page-header";

export function ProductList() {
  return <PageHeader title="Product Management" subtitle="Manage products and featured listings" />;
}
