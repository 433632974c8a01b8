// Beyond the core API: the settlement queue (every dispute payout and marketplace initialization the
// server sends), filtered by status, re-read while some are still on their way; a failed one can be
// retried with a reason; a proposed payout (four eyes) approved or rejected by another admin than its
// proposer; Reconcile compares the orders' escrows with the chain.
import { useEffect, useMemo } from "react";
import { useInvalidate } from "@refinedev/core";
import { Grid } from "antd";
import { SETTLEMENTS_POLL_MS, SHORTEN } from "@/config";
import { useFilterBar } from "@/components/list/filter-bar";
import { ListPage } from "@/components/list/list-page";
import { useListTable } from "@/components/list/list-table";
import { useListView } from "@/components/list/settings/use-list-view";
import { usePaletteActions } from "@/components/palette/use-palette-actions";
import { useReasonedCall } from "@/components/prompts/use-reasoned-call";
import { endpoints } from "@/providers/endpoints";
import { useStableCallback } from "@/utils/use-stable-callback";
import { head } from "@/utils/format";
import type { Settlement } from "@contract";
import { SETTLEMENT_KIND_LABELS, settlementColumns } from "./columns";
import { SETTLEMENT_EXPORT } from "./export";
import { SETTLEMENT_FILTERS } from "./filters";
import { useDecisionSigner } from "../orders/use-decision-signer";
import { decisionBody, useProposalActions } from "./proposals";
import { useSettlementReconcile } from "./reconcile";
import { SigningStatus } from "./signing-status";
import { SettlementTotals } from "./totals";
import "./settlements.css";

const inFlight = (settlement: Settlement) => settlement.status === "pending" || settlement.status === "submitted";

/**
 * Retry of a failed settlement: the reason first (the shared prompt), then, for a dispute payout, the
 * wallet's signature over its decision when the API writes decisions (the retrying admin decides it
 * anew), then the call, then a fresh list. Under four eyes the server may make it a proposal (202).
 */
function useSettlementRetry() {
  const invalidate = useInvalidate();
  const signer = useDecisionSigner();
  const { run, runningId, holder } = useReasonedCall<Settlement, Settlement>({
    prompt: (settlement) => {
      const what = `${SETTLEMENT_KIND_LABELS[settlement.kind] ?? "settlement"}${settlement.orderId ? ` of order ${head(settlement.orderId, SHORTEN.orderId)}` : ""}`;
      return {
        confirmText: `Retry the failed ${what.toLowerCase()}? This sends a new blockchain transaction.`,
        reasonLabel: "Reason for retrying (required):",
        okText: "Retry",
        danger: true,
      };
    },
    request: (settlement) => ({ url: endpoints.settlementRetry(settlement.id), method: "post" }),
    extra: async (settlement) => {
      if (settlement.kind !== "dispute_payout" || !settlement.orderId) return undefined;
      const signedDecision = await signer.sign(decisionBody(settlement), settlement.orderId);
      return signedDecision ? { signedDecision } : undefined;
    },
    success: (_settlement, answer) =>
      answer.status === "awaiting_approval"
        ? {
            type: "success",
            message: "Proposed again for approval",
            description: "Another admin must approve this payout before it is sent",
          }
        : { type: "success", message: "Settlement queued again" },
    failure: "Could not retry the settlement",
    after: () => invalidate({ resource: "settlements", invalidates: ["list"] }),
  });
  return { retry: run, retrying: runningId, signing: signer.stage, holder };
}

const PAGE = {
  title: "Settlements",
  subtitle: "Payouts and initializations sent on chain, and the escrows' reconciliation",
  emptyText: "No settlements found",
};

export function SettlementList() {
  const table = useListTable<Settlement>("settlements");
  const filters = useFilterBar(table, SETTLEMENT_FILTERS, { name: "settlement", label: "Filter settlements" });
  const { retry, retrying, signing: retrySigning, holder } = useSettlementRetry();
  const proposals = useProposalActions();
  const { me, approve, reject, busy } = proposals;
  const reconcile = useSettlementReconcile();
  usePaletteActions([{ id: "reconcile", name: "Reconcile escrows", keywords: "chain check settlements", perform: reconcile.run }]);
  // Below antd's `sm` (576 px): the phone's reduced set.
  const phone = Grid.useBreakpoint().sm === false;
  const columns = useMemo(
    () => settlementColumns({ onRetry: (row) => void retry(row), retrying, proposals: { me, approve, reject, busy }, phone }),
    [retry, retrying, me, approve, reject, busy, phone],
  );
  const view = useListView("settlements", table, columns, { columns: SETTLEMENT_EXPORT });

  // A settlement on its way changes on the server alone: re-read until none is.
  const waiting = table.tableQuery.data?.data.some(inFlight) ?? false;
  const refetch = useStableCallback(() => void table.tableQuery.refetch());
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(refetch, SETTLEMENTS_POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, refetch]);

  return (
    <ListPage
      {...PAGE}
      actions={reconcile.button}
      notice={
        <>
          <SigningStatus stage={proposals.signing === "idle" ? retrySigning : proposals.signing} />
          <SettlementTotals />
          {reconcile.outcome}
        </>
      }
      filters={filters.bar}
      view={view}
      table={table}
      size="middle"
    >
      {holder}
      {proposals.holder}
    </ListPage>
  );
}
