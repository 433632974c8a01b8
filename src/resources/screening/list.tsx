// Beyond the core API: Screening, the listed wallets the server met (GET /admin/screening): a refused
// sign-in, payout or whitelisting, or a re-screen's finding after a list changed, each with the order,
// the party, the list and entry, and what was paid when; filtered by status. An admin acknowledges an
// open hit with a reason. The section hides itself when the API has no screening (optional section).
import { useMemo } from "react";
import { useInvalidate } from "@refinedev/core";
import { Grid } from "antd";
import { useFilterBar } from "@/components/list/filter-bar";
import { ListPage } from "@/components/list/list-page";
import { useListTable } from "@/components/list/list-table";
import { useListView } from "@/components/list/settings/use-list-view";
import { useReasonedCall } from "@/components/prompts/use-reasoned-call";
import { endpoints } from "@/providers/endpoints";
import { shortWallet } from "@/utils/format";
import type { ScreeningHit } from "@contract";
import { PARTY_LABELS, screeningColumns } from "./columns";
import { SCREENING_EXPORT } from "./export";
import { SCREENING_FILTERS } from "./filters";
import "./screening.css";

const PAGE = {
  title: "Screening",
  subtitle: "Wallets found on a screening list: refused steps, and past parties re-screened when a list changed",
  emptyText: "No screening hits",
};

/** Acknowledge: confirm, the reason, the call, a fresh list. */
function useAcknowledge() {
  const invalidate = useInvalidate();
  const { run, runningId, holder } = useReasonedCall<ScreeningHit, ScreeningHit>({
    prompt: (hit) => ({
      confirmText: `Acknowledge that the ${(PARTY_LABELS[hit.party] ?? hit.party).toLowerCase()} wallet ${shortWallet(hit.address)} is on ${hit.listName}?`,
      reasonLabel: "Reason for acknowledging (required):",
      okText: "Acknowledge",
    }),
    request: (hit) => ({ url: endpoints.screeningAcknowledge(hit.id), method: "post" }),
    success: () => ({ type: "success", message: "Hit acknowledged" }),
    failure: "Could not acknowledge the hit",
    after: () => invalidate({ resource: "screening", invalidates: ["list"] }),
  });
  return { acknowledge: run, acknowledging: runningId, holder };
}

export function ScreeningList() {
  // Re-screens add hits on the server alone: read again on each visit.
  const table = useListTable<ScreeningHit>("screening", { reloadOnOpen: true });
  const filters = useFilterBar(table, SCREENING_FILTERS, { name: "screening", label: "Filter screening hits" });
  const { acknowledge, acknowledging, holder } = useAcknowledge();
  // Below antd's `sm` (576 px): the phone's reduced set.
  const phone = Grid.useBreakpoint().sm === false;
  const columns = useMemo(
    () => screeningColumns({ onAcknowledge: (hit) => void acknowledge(hit), acknowledging, phone }),
    [acknowledge, acknowledging, phone],
  );
  const view = useListView("screening", table, columns, { columns: SCREENING_EXPORT });

  return (
    <ListPage {...PAGE} filters={filters.bar} view={view} table={table} size="middle">
      {holder}
    </ListPage>
  );
}
