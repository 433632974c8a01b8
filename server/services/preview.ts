// The payout preview of a dispute resolution: what the resolve call would pay, per party, in the
// token's base units and written with its decimals, from a simulation of the very transaction the
// resolve would send (the settlement port builds both the same way). Nothing is recorded or sent.
import { formatBaseUnits, type DisputePreviewInput, type PayoutPreview } from "../../contract/index.ts";
import { conflict, unavailable } from "../http/errors.ts";
import { findById } from "./context.ts";
import type { ServiceContext } from "./ports.ts";
import { previewScreening } from "./screening.ts";
import { SETTLEMENT_UNAVAILABLE, settlementApiError } from "./settlement-errors.ts";

/**
 * Refused in the order resolve refuses: unknown order (404), not DISPUTED or a settlement in
 * progress (409), no settlement service (503). A settlement the chain would refuse (empty escrow,
 * another authority's escrow, a share below the rent minimum, a failing transaction) is a preview
 * with `simulation.ok` false and the reason in words.
 */
export async function previewDisputeResolution(ctx: ServiceContext, id: string, input: DisputePreviewInput): Promise<PayoutPreview> {
  const order = await findById(ctx.db, "orders", id);
  if (order.status !== "DISPUTED") throw conflict(`Only a DISPUTED order can be resolved: this order is ${order.status}`);
  if (order.settlementStatus === "PENDING") throw conflict("A settlement of this order is already in progress");
  const port = ctx.settlement;
  if (!port?.previewDispute) throw unavailable(SETTLEMENT_UNAVAILABLE);

  let preview;
  try {
    preview = await port.previewDispute(order, { resolution: input.resolution, refundPercentage: input.refundPercentage });
  } catch (error) {
    throw settlementApiError(error, "before");
  }
  return {
    payouts: preview.payouts.map((p) => ({
      party: p.party,
      wallet: p.wallet,
      tokenAccount: p.tokenAccount,
      amount: p.amount.toString(),
      uiAmount: formatBaseUnits(p.amount, preview.decimals),
      symbol: order.currencySymbol,
    })),
    networkFeeLamports: Number(preview.networkFeeLamports),
    priorityFeeLamports: Number(preview.priorityFeeLamports),
    rentLamports: Number(preview.rentLamports),
    simulation: preview.simulation,
    // Beyond the core API: the lists the parties were screened against (absent when nothing is screened).
    screening: await previewScreening(ctx, order),
  };
}
