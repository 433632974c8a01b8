// The settlement authority's health: the cluster it settles on, its SOL balance, and whether that
// balance still covers the fees and rents of the settlements to come (a payout that cannot pay its
// fee fails after the admin has decided).
import { AUTHORITY_LOW_SETTLEMENTS, SETTLEMENTS_COVERED_MAX } from "../../contract/index.ts";
import { unavailable } from "../http/errors.ts";
import type { ServiceContext } from "./ports.ts";

export const AUTHORITY_UNAVAILABLE = "This server has no settlement service configured: there is no authority to report on";

export async function authorityHealth(ctx: ServiceContext) {
  const port = ctx.settlement;
  if (!port?.authorityFunds) throw unavailable(AUTHORITY_UNAVAILABLE);
  const funds = await port.authorityFunds();
  const settlementsCovered = funds.settlementCostLamports > 0n ? funds.lamports / funds.settlementCostLamports : 0n;
  return {
    cluster: funds.cluster,
    authority: funds.authority,
    lamports: String(funds.lamports),
    settlementCostLamports: String(funds.settlementCostLamports),
    settlementsCovered: Number(settlementsCovered > BigInt(SETTLEMENTS_COVERED_MAX) ? BigInt(SETTLEMENTS_COVERED_MAX) : settlementsCovered),
    low: settlementsCovered < BigInt(AUTHORITY_LOW_SETTLEMENTS),
  };
}
