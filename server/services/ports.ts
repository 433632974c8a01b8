// What the services depend on, declared here and nowhere else: the database, a clock, an id source
// and the settlement port. This module imports no implementation (types only), so anything may
// depend on it; the one place that builds these is the composition root, server/context.ts.
import type SQLite from "better-sqlite3";
import type { DisputeResolution } from "../../contract/index.ts";
import type { Db, OrderRow } from "../db/schema.ts";

/** The signed-in admin acting (set on each request by the admin guard). */
export interface AdminIdentity {
  userId: string;
  publicKey: string;
}

export interface Clock {
  /** Epoch milliseconds. Every expiry check and timestamp reads this, never Date.now(). */
  now(): number;
}

export interface Ids {
  /** A new unique id for a record (a UUID). */
  newId(): string;
}

export interface DisputeDecision {
  resolution: DisputeResolution;
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

export interface MarketplaceInitialization {
  transactionSignature: string;
  cluster: string;
  configPDA: string;
  authority: string;
  disputeResolutionLimit: number;
  reportThreshold: number;
}

/**
 * The chain behind dispute resolution and initialization (server/settlement/port.ts). Every method
 * rejects with a SettlementError (server/settlement/errors.ts: its `code` says what was refused or
 * what the chain did), an ApiError thrown by a hook, or, when the cluster could not be reached at
 * all, any other error. The services translate all of them to the API's error in one place
 * (settlement-errors.ts).
 */
export interface SettlementPort {
  /** The cluster this port settles on. Absent on test doubles. */
  readonly cluster?: string;
  /** Pays out the order's escrow per the decision, and resolves once the transaction is confirmed. */
  resolveDispute(order: OrderRow, decision: DisputeDecision, hooks: SettlementHooks): Promise<SettlementResult>;
  /**
   * Finishes a settlement whose signature is stored (PENDING) but whose outcome is not; sends it again
   * only once the stored transaction can no longer land (an unknown outcome until then).
   */
  resumeDispute?(order: OrderRow, decision: DisputeDecision, pending: PendingSignature, hooks: SettlementHooks): Promise<SettlementResult>;
  initializeMarketplace(admin: AdminIdentity): Promise<MarketplaceInitialization>;
  /** The marketplace config account as the chain sees it (no transaction). */
  marketplaceStatus?(): Promise<{ initialized: boolean; configPDA: string; authority: string; cluster: string }>;
}

/** What every service is given: the database and the ports. Built once, by server/context.ts. */
export interface ServiceContext extends Clock, Ids {
  db: Db;
  /** The raw SQLite handle, read only by the counted lists' synchronous paging (services/paging.ts). */
  sqlite: SQLite.Database;
  /** None = dispute resolution and initialization answer 503. */
  settlement?: SettlementPort | null;
}
