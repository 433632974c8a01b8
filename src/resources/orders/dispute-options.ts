// The dispute resolve form's three resolutions, what each pays out, and the wording of
// the confirmation each needs before a blockchain transaction runs.
import { REFUND_PERCENT_DEFAULT, REFUND_PERCENT_MAX, type DisputeResolution } from "@contract";
import { SHORTEN } from "@/config";

export const DEFAULT_RESOLUTION: DisputeResolution = "RELEASE_TO_SELLER";
export const DEFAULT_REFUND_PERCENT = REFUND_PERCENT_DEFAULT;

export const RESOLUTION_OPTIONS: { value: DisputeResolution; label: string; hint: string }[] = [
  { value: "REFUND_BUYER", label: "Refund Buyer", hint: "100% to the buyer" },
  { value: "RELEASE_TO_SELLER", label: "Release to Seller", hint: "0% refund: the full amount goes to the seller" },
  { value: "PARTIAL_REFUND", label: "Partial Refund", hint: "A custom split between the buyer and the seller" },
];

/** The split as the confirmation words it: 'x% to buyer and (100-x)% to seller'. */
export function splitText(buyerPercent: number): string {
  return `${buyerPercent}% to buyer and ${REFUND_PERCENT_MAX - buyerPercent}% to seller`;
}

const IRREVERSIBLE = "This will execute a blockchain transaction and cannot be undone.";

export function confirmationText(resolution: DisputeResolution, refundPercentage: number): string {
  switch (resolution) {
    case "REFUND_BUYER":
      return `Refund 100% of the order to the buyer? ${IRREVERSIBLE}`;
    case "RELEASE_TO_SELLER":
      return `Release the full amount to the seller (0% refund)? ${IRREVERSIBLE}`;
    case "PARTIAL_REFUND":
      return `Resolve with a partial refund: ${splitText(refundPercentage)}? ${IRREVERSIBLE}`;
  }
}

export const RESOLVE_FAILED = "Failed to resolve dispute";

/** What a resolution proposed under four eyes (the server answered 202) tells the admin. */
export const PROPOSED_TEXT =
  "Payout proposed: it now waits for a second admin to approve it on the Settlements screen. Nothing was sent yet.";

/** The success text up to its shortened signature (the notification links the signature). */
export const RESOLVED_LEAD = "Dispute resolved successfully! Transaction: ";

export function resolvedText(transactionSignature: string): string {
  return `${RESOLVED_LEAD}${transactionSignature.slice(0, SHORTEN.signature)}...`;
}
