// The Admin filter's choices: the admins the audit trail names (GET /admin/audit/admins, beyond
// the core API). An API without that call answers 404: the filter is left out, without a word.
import { useCustom } from "@refinedev/core";
import { SHORTEN } from "@/config";
import type { FilterOption } from "@/components/list/filters";
import { useKnownMissing, useRememberMissing } from "@/providers/query-policy";
import { endpoints } from "@/providers/endpoints";
import { middle } from "@/utils/format";
import type { AuditAdmins } from "@contract";

export function useAdminOptions(): { options: FilterOption[]; loading: boolean; missing: boolean } {
  const known = useKnownMissing("auditAdmins");
  const { query, result } = useCustom<AuditAdmins>({
    url: endpoints.auditAdmins,
    method: "get",
    // A failed list only leaves the filter with 'All'; the table says what is wrong with the API.
    errorNotification: false,
    queryOptions: { enabled: !known },
  });
  const notFound = useRememberMissing("auditAdmins", query.error);
  const admins = Array.isArray(result.data?.admins) ? result.data.admins : [];
  return {
    options: admins.map((key) => ({ value: key, label: middle(key, SHORTEN.sidebarKey, SHORTEN.walletAddress) })),
    loading: query.isLoading,
    missing: known || notFound,
  };
}
