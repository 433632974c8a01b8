// Placeholder until the users screen is built (its own issue); the route, menu entry and preloading already work.
import { PageHeader } from "@/components/page-header";

export function UserList() {
  return <PageHeader title="User Management" subtitle="Manage users and permissions" />;
}
