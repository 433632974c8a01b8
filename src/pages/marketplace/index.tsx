// Placeholder until the marketplace screen is built (its own issue); route, menu entry and preloading work.
import { PageHeader } from "@/components/page-header";

export function MarketplacePage() {
  return <PageHeader title="Marketplace Configuration" subtitle="Manage blockchain marketplace settings" />;
}
