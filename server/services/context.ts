// What the services need from the app: the AppContext, plus the settlement port once the
// settlement issue plugs one in (until then dispute resolution and initialization answer 503).
import type { AdminIdentity, AppContext } from "../context.ts";
import type { OrderRow } from "../db/schema.ts";

export interface DisputeDecision {
  resolution: "REFUND_BUYER" | "RELEASE_TO_SELLER" | "PARTIAL_REFUND";
  refundPercentage?: number;
}

export interface SettlementPort {
  /**
   * Pays out the order's escrow per the decision. `onSigned` runs before the transaction is sent, so
   * the signature is on record even if the process dies before confirmation.
   */
  resolveDispute(
    order: OrderRow,
    decision: DisputeDecision,
    hooks: { onSigned(signature: string): Promise<void> },
  ): Promise<{ transactionSignature: string; cluster: string }>;
  initializeMarketplace(admin: AdminIdentity): Promise<{
    transactionSignature: string;
    cluster: string;
    configPDA: string;
    authority: string;
    disputeResolutionLimit: number;
    reportThreshold: number;
  }>;
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
