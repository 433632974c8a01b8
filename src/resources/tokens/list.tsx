// Placeholder until the tokens screen is built (its own issue); the route, menu entry and preloading already work.
import { PageHeader } from "@/components/page-header";

export function TokenList() {
  return <PageHeader title="Token Management" subtitle="Manage SPL token whitelist" />;
}
