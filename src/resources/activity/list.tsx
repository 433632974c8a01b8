// Beyond the core API: Activity, the admin audit trail of every record (GET /admin/audit), newest
// first, filtered by admin, action, record type and days, each filter in the URL. Each entry links to
// the record it changed; the list exports as CSV. The section hides itself when the API has no audit
// trail (optional section).
import { useMemo } from "react";
import { useFilterBar } from "@/components/list/filter-bar";
import { ListPage } from "@/components/list/list-page";
import { useListTable } from "@/components/list/list-table";
import { useListView } from "@/components/list/settings/use-list-view";
import { useRecordUrl } from "@/components/record/record-url";
import type { AuditEntry } from "@contract";
import { activityColumns } from "./columns";
import { ACTIVITY_EXPORT } from "./export";
import { ACTIVITY_FILTERS } from "./filters";
import { useAdminOptions } from "./use-admin-options";
import "./activity.css";

const PAGE = { title: "Activity", subtitle: "What admins changed, when and why", emptyText: "No activity found" };

export function ActivityList() {
  // Every admin's change adds to the trail, and no live event says so: read again on each visit.
  const table = useListTable<AuditEntry>("activity", { reloadOnOpen: true });
  const admins = useAdminOptions();
  // Without the admins call there is nothing to choose from: the Admin filter is left out.
  const filters = useMemo(
    () => (admins.missing ? ACTIVITY_FILTERS.filter((f) => f.kind !== "select" || f.field !== "admin") : ACTIVITY_FILTERS),
    [admins.missing],
  );
  const bar = useFilterBar(table, filters, {
    name: "activity",
    label: "Filter activity",
    moreOptions: { admin: { options: admins.options, loading: admins.loading } },
  });
  const recordUrl = useRecordUrl();
  const columns = useMemo(() => activityColumns(recordUrl), [recordUrl]);
  const view = useListView("activity", table, columns, { columns: ACTIVITY_EXPORT });

  return <ListPage {...PAGE} filters={bar.bar} view={view} table={table} />;
}
