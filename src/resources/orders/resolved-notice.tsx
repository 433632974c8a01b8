// What a dispute resolution leaves behind once its dialog has closed: a notification that stays until
// it is closed, naming the order and linking the transaction the way every screen does (Address: the
// short signature, a copy button, the explorer on a public cluster). The form's own message goes
// with the dialog 2 s after the success.
import { notification } from "antd";
import { SHORTEN } from "@/config";
import { Address } from "@/components/value/address";
import { head } from "@/utils/format";
import "@/components/antd/setup";
import type { PayoutProposal, ResolveDisputeResponse } from "@contract";
import { PROPOSED_TEXT, RESOLVED_LEAD } from "./dispute-options";

export type ResolveOutcome = ResolveDisputeResponse | PayoutProposal;

export function showResolvedNotice(orderId: string, outcome: ResolveOutcome) {
  const order = `Order ${orderId.slice(0, SHORTEN.orderId)}`;
  // One at a time: the next resolution's takes its place, so they do not pile up over the list's actions.
  const key = "dispute-resolved";
  if ("settlementId" in outcome) {
    notification.open({ key, type: "info", duration: 0, message: `${order}: payout proposed`, description: PROPOSED_TEXT });
    return;
  }
  const signature = outcome.transactionSignature;
  notification.open({
    key,
    type: "success",
    duration: 0,
    message: `${order}: dispute resolved`,
    description: (
      <span className="resolved-notice">
        {RESOLVED_LEAD}
        <Address value={signature} display={head(signature, SHORTEN.signature)} kind="tx" cluster={outcome.cluster ?? undefined} />
      </span>
    ),
  });
}
