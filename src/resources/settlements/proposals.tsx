// Beyond the core API, four eyes (PAYOUT_APPROVALS=2): a dispute payout proposed by one admin waits
// on the Settlements screen for another. Approve: confirm, sign the same payout with the wallet when
// the API writes decisions (the order's signer, orders/use-decision-signer.ts), then the call, which
// sends the transaction. Reject: the reason first (the shared prompt), then the call. The proposer
// gets neither.
import { useState } from "react";
import { useCustomMutation, useInvalidate, useNotification } from "@refinedev/core";
import { SHORTEN } from "@/config";
import { useConfirm } from "@/components/prompts/confirm";
import { useReasonedCall } from "@/components/prompts/use-reasoned-call";
import { useSessionUser } from "@/components/layout/identity";
import { endpoints } from "@/providers/endpoints";
import type { ApiHttpError } from "@/providers/http";
import { QuotedReason } from "@/components/value/quoted-reason";
import { head } from "@/utils/format";
import type { ApprovalRequest, ApprovalResult, ResolveDisputeRequest, Settlement } from "@contract";
import { confirmationText, DEFAULT_REFUND_PERCENT } from "../orders/dispute-options";
import { DecisionNotSigned, useDecisionSigner, type SigningStage } from "../orders/use-decision-signer";
import { useStableCallback } from "@/utils/use-stable-callback";

export const isProposal = (settlement: Settlement) => settlement.status === "awaiting_approval";

/** A payout's decision as the resolve body, which the approver's (or a retrying admin's) wallet signs again. */
export function decisionBody(settlement: Settlement): ResolveDisputeRequest {
  const base = { resolution: settlement.resolution ?? "REFUND_BUYER", adminNotes: settlement.adminNotes ?? "" };
  return base.resolution === "PARTIAL_REFUND" ? { ...base, refundPercentage: settlement.refundPercentage ?? DEFAULT_REFUND_PERCENT } : base;
}

const orderName = (settlement: Settlement) => `order ${head(settlement.orderId ?? "", SHORTEN.orderId)}`;

export interface ProposalActions {
  /** The signed-in admin's wallet: the proposer of a row gets no Approve / Reject. */
  me: string | undefined;
  approve(settlement: Settlement): Promise<void>;
  reject(settlement: Settlement): Promise<void>;
  /** The proposal whose approval or rejection is in flight. */
  busy: string | undefined;
  /** Where an approval's signature stands (SigningStatus says it). */
  signing: SigningStage;
  holder: React.ReactNode;
}

export function useProposalActions(): ProposalActions {
  const me = useSessionUser()?.publicKey;
  const invalidate = useInvalidate();
  const refresh = () => invalidate({ resource: "settlements", invalidates: ["list"] });
  const { open: notify } = useNotification();
  const { confirm, holder: confirmHolder } = useConfirm();
  const signer = useDecisionSigner();
  const { mutateAsync } = useCustomMutation<ApprovalResult, ApiHttpError, ApprovalRequest>();
  const [approving, setApproving] = useState<string>();

  const rejection = useReasonedCall<Settlement, Settlement>({
    prompt: (settlement) => ({
      confirmText: `Reject the payout proposed for ${orderName(settlement)}? Nothing is sent; the order stays disputed.`,
      reasonLabel: "Reason for rejecting (required):",
      okText: "Reject",
      danger: true,
    }),
    request: (settlement) => ({ url: endpoints.settlementReject(settlement.id), method: "post" }),
    success: () => ({ type: "success", message: "Proposal rejected" }),
    failure: "Could not reject the proposal",
    after: refresh,
  });

  const approve = useStableCallback(async (settlement: Settlement) => {
    const body = decisionBody(settlement);
    const confirmed = await confirm({
      title: "Approve this payout",
      content: (
        <>
          <p>{confirmationText(body.resolution, body.refundPercentage ?? DEFAULT_REFUND_PERCENT)}</p>
          {body.adminNotes ? <QuotedReason text={body.adminNotes} caption="Reason, as the proposer wrote it" /> : null}
        </>
      ),
      okText: "Approve and send",
      danger: true,
    });
    if (!confirmed) return;
    setApproving(settlement.id);
    try {
      const decision = await signer.sign(body, settlement.orderId ?? "");
      await mutateAsync({
        url: endpoints.settlementApprove(settlement.id),
        method: "post",
        values: decision ? { decision } : {},
        successNotification: () => ({ type: "success", message: "Payout approved and sent" }),
        errorNotification: (error) => ({ type: "error", message: "Could not approve the payout", description: error?.message }),
      });
    } catch (error) {
      // The call's refusal is its error notification; a decision the wallet did not sign is said here.
      if (error instanceof DecisionNotSigned)
        notify?.({ type: "error", message: "Could not approve the payout", description: error.message });
    } finally {
      setApproving(undefined);
      await refresh();
    }
  });

  return {
    me,
    approve,
    reject: rejection.run,
    busy: approving ?? rejection.runningId,
    signing: signer.stage,
    holder: (
      <>
        {confirmHolder}
        {rejection.holder}
      </>
    ),
  };
}
