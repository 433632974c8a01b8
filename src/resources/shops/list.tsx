// Placeholder until the shops screen is built (its own issue); the route, menu entry and preloading already work.
import { PageHeader } from "@/components/page-header";

export function ShopList() {
  return <PageHeader title="Shop Management" subtitle="Manage marketplace shops and verify sellers" />;
}
