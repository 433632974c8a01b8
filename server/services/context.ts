// What the services need from the app: the AppContext, whose settlement port (server/settlement/port.ts)
// performs dispute resolution and initialization; without one those calls answer 503.
import type { AdminIdentity, AppContext } from "../context.ts";
import type { OrderRow } from "../db/schema.ts";

export interface DisputeDecision {
  resolution: "REFUND_BUYER" | "RELEASE_TO_SELLER" | "PARTIAL_REFUND";
  refundPercentage?: number;
}

export interface SettlementResult {
  transactionSignature: string;
  /** The cluster the signature belongs to ("localnet-inprocess" exists on no public network). */
  cluster: string;
  /** The escrow paid out and each party's share in base units (decimal strings), when known. */
  escrow?: string;
  buyerAmount?: string;
  sellerAmount?: string;
}

export interface SettlementHooks {
  /**
   * Runs with the signature before the transaction is sent (and again with the new one if a resumed
   * settlement has to be re-sent), so it is on record even if the process dies before confirmation.
   * `lastValidBlockHeight`: past it the transaction can no longer land. Throwing here stops the
   * transaction from being sent.
   */
  onSigned(signature: string, lastValidBlockHeight?: number | null): Promise<void>;
}

/** A signed settlement whose outcome is not recorded yet (table pendingSettlements). */
export interface PendingSignature {
  signature: string;
  /** Null when not recorded (signed before migration 004). */
  lastValidBlockHeight: number | null;
}

/**
 * The chain behind dispute resolution and initialization (server/settlement/port.ts). Every method
 * rejects with an ApiError: 4xx = refused before anything was sent; 502 = the chain failed the
 * transaction (nothing was paid, the message is the chain's); 504 = sent, but the outcome is not
 * known yet (the stored signature stays PENDING and is finished by resumeDispute).
 */
export interface SettlementPort {
  /** The cluster this port settles on. Absent on test doubles. */
  readonly cluster?: string;
  /** Pays out the order's escrow per the decision, and resolves once the transaction is confirmed. */
  resolveDispute(order: OrderRow, decision: DisputeDecision, hooks: SettlementHooks): Promise<SettlementResult>;
  /**
   * Finishes a settlement whose signature is stored (PENDING) but whose outcome is not; sends it again
   * only once the stored transaction can no longer land (504 until then).
   */
  resumeDispute?(order: OrderRow, decision: DisputeDecision, pending: PendingSignature, hooks: SettlementHooks): Promise<SettlementResult>;
  initializeMarketplace(admin: AdminIdentity): Promise<{
    transactionSignature: string;
    cluster: string;
    configPDA: string;
    authority: string;
    disputeResolutionLimit: number;
    reportThreshold: number;
  }>;
  /** The marketplace config account as the chain sees it (no transaction). */
  marketplaceStatus?(): Promise<{ initialized: boolean; configPDA: string; authority: string; cluster: string }>;
}

export type ServiceContext = AppContext & { settlement?: SettlementPort | null };

export const isoNow = (ctx: Pick<AppContext, "now">): string => new Date(ctx.now()).toISOString();

/** Maps SQLite's 0/1 to a JSON boolean. */
export const bool = (value: number | null | undefined): boolean => value === 1;

/** Parses a JSON column; a malformed value reads as null rather than failing the whole list. */
export function json<T>(text: string | null): T | null {
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** The named keys of `row`, for an audit entry's before/after. */
export function pick<T extends object>(row: T, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) out[key] = (row as Record<string, unknown>)[key];
  return out;
}
