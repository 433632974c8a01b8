// The one place a settlement failure becomes the API's error. A SettlementError answers with its
// code's status and its own message, which already says what to do (which share is below the rent
// minimum, the chain's own error for a 502). Anything else that escapes the chain layer is a cluster
// that could not be reached: 502 if nothing was sent yet, else 504 (the outcome is unknown).
import { ApiError, badGateway, forbidden, gatewayTimeout } from "../http/errors.ts";
import { isSettlementError, type SettlementErrorCode } from "../settlement/errors.ts";

export const SETTLEMENT_UNAVAILABLE =
  "Dispute resolution settles the escrow on chain, and this server has no settlement service configured yet: nothing was changed";

const STATUS: Record<SettlementErrorCode, number> = {
  NOT_DISPUTED: 409,
  ALREADY_SETTLED: 409,
  SETTLEMENT_IN_PROGRESS: 409,
  ESCROW_EMPTY: 409,
  AUTHORITY_MISMATCH: 409,
  INVALID_SPLIT: 400,
  PAYOUT_CHANGED: 409,
  SHARE_BELOW_RENT_MINIMUM: 400,
  ESCROW_BELOW_RENT_MINIMUM: 400,
  ESCROW_FUNDING_UNSUPPORTED: 409,
  ALREADY_INITIALIZED: 409,
  INITIALIZATION_IN_PROGRESS: 409,
  AUTHORITY_NOT_ADMIN: 403,
  INVALID_MARKETPLACE_CONFIG: 400,
  CHAIN_TRANSACTION_FAILED: 502,
  CHAIN_OUTCOME_UNKNOWN: 504,
};

/**
 * `sent`: whether the transaction's signature had been handed out (and stored) when it failed: an
 * unexpected failure after that point (RPC down mid-send) may still land, so it is an unknown
 * outcome, never a failure. ApiErrors (a settlement hook's refusal) pass through as they are.
 */
export function settlementApiError(error: unknown, sent: "before" | "after"): ApiError {
  if (error instanceof ApiError) return error;
  if (isSettlementError(error, "AUTHORITY_NOT_ADMIN")) {
    return forbidden(`${error.message}: add ${error.details.authority} to ADMIN_WALLETS and restart the server`);
  }
  if (isSettlementError(error)) return new ApiError(STATUS[error.code], error.message);
  const reason = error instanceof Error ? error.message : String(error);
  if (sent === "after")
    return gatewayTimeout(`The transaction was sent but its outcome is not known yet (${reason}); it will be checked again`);
  return badGateway(`The cluster could not be reached: ${reason}`);
}
