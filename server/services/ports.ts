// What the services depend on, declared here and nowhere else: the database (its tables' types and
// its counted lists are the data layer's, server/db/), a clock, an id source and the settlement port.
// This module imports no implementation (types only), so anything may depend on it; the one place
// that builds these is the composition root, server/context.ts.
import type { DisputeResolution, Payout } from "../../contract/index.ts";
import type { TeamRole } from "../../contract/permissions.ts";
import type { CountedLists } from "../db/counted-lists.ts";
import type { Db, OrderRow } from "../db/schema.ts";
import type { ComputeBudget } from "../settlement/fees.ts";
import type { MintReport } from "../settlement/mint-risk.ts";

/** The signed-in admin acting (set on each request by the admin guard). */
export interface AdminIdentity {
  userId: string;
  publicKey: string;
  /** The team role the guard found (contract/permissions.ts); absent (tools, tests): an owner. */
  role?: TeamRole;
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
  /**
   * What the admins decided to pay (a proposal's previewed payouts, the amounts of a signed text), in
   * base units: a transaction that would pay anything else is refused before it is signed. None: the
   * escrow as it is when sent (an unsigned decision by one admin).
   */
  payouts?: readonly DecidedPayout[];
}

export interface DecidedPayout {
  party: "buyer" | "seller";
  amount: bigint;
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
   * `lastValidBlockHeight`: past it the transaction can no longer land; `budget`: the compute budget
   * it bids (null without a fee market). Throwing here stops the transaction from being sent.
   */
  onSigned(signature: string, lastValidBlockHeight?: number | null, budget?: ComputeBudget | null): Promise<void>;
  /** After each broadcast of the signed transaction, with how many so far. Bookkeeping: its failure is ignored. */
  onBroadcast?(signature: string, count: number): Promise<void>;
}

/** A signed settlement whose outcome is not recorded yet (table pendingSettlements). */
export interface PendingSignature {
  signature: string;
  /** Null when not recorded (signed before migration 004). */
  lastValidBlockHeight: number | null;
}

/** What a resolution would pay, from a simulation of the transaction it would send (amounts in base units). */
export interface DisputePreview {
  payouts: { party: "buyer" | "seller"; wallet: string; tokenAccount: string; amount: bigint }[];
  /** The token's decimals as its mint says. */
  decimals: number;
  /** The base fee plus priorityFeeLamports. */
  networkFeeLamports: bigint;
  priorityFeeLamports: bigint;
  rentLamports: bigint;
  simulation: { ok: boolean; error?: string; logs: string[] };
}

/** An order's escrow as the chain holds it (reconciliation): facts only. */
export interface EscrowOnChain {
  escrow: string;
  exists: boolean;
  /** Base units held (0 when missing). */
  amount: bigint;
  /** The key that can move the funds, when known. */
  controlledBy: string | null;
  /** Whether this server's authority controls it. */
  ours: boolean;
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
  /**
   * What resolveDispute would pay for this decision, simulated, never sent: changes nothing. Refusals
   * about the chain's state come back as a failed simulation; those about the order are thrown.
   */
  previewDispute?(order: OrderRow, decision: DisputeDecision): Promise<DisputePreview>;
  /** The order's escrow on chain (the recorded one, else this authority's). Reads only. */
  inspectEscrow?(order: OrderRow): Promise<EscrowOnChain>;
  /** The settlement authority's address. */
  readonly authority?: string;
  initializeMarketplace(admin: AdminIdentity): Promise<MarketplaceInitialization>;
  /** The marketplace config account as the chain sees it (no transaction). */
  marketplaceStatus?(): Promise<{ initialized: boolean; configPDA: string; authority: string; cluster: string }>;
  /** The authority's balance and what one settlement can cost it at most (no transaction). */
  authorityFunds?(): Promise<AuthorityFunds>;
  /** The mint at `address` as the whitelist judges it (server/settlement/mint-risk.ts). Reads only. */
  readMint?(address: string): Promise<MintReport>;
  /** The in-process chain, which holds only the seed's mints: one it lacks proves nothing about the address. */
  readonly inProcess?: boolean;
}

export interface AuthorityFunds {
  cluster: string;
  authority: string;
  lamports: bigint;
  /** One signature's fee plus the rent of the two token accounts a payout may create. */
  settlementCostLamports: bigint;
}

/** A decision's text as the server wrote it and the admin wallet's signature over it (services/signed-decisions.ts). */
export interface SignedProof {
  message: string;
  signature: string;
  /** From a wallet that signs only transactions: the signed, never-sent memo transaction (base64) the signature is over. */
  transaction?: string | null;
}

/** A signed decision as accepted: its proof, and the payouts its text states (what may be paid under it). */
export interface AcceptedDecision extends SignedProof {
  payouts: readonly Payout[];
}

/** How this server treats signed dispute decisions (services/signed-decisions.ts). */
export interface DecisionPolicy {
  /** REQUIRE_SIGNED_DECISIONS: unsigned resolutions are refused. */
  required: boolean;
  /** Who asks for the signature, first in the text (PUBLIC_ORIGIN's host): a signature here is not one elsewhere. */
  domain: string;
  ttlMs: number;
}

/**
 * Who may act as an admin now (services/payout-rules.ts): the rules in force when a payout is sent,
 * not those of its first decision.
 */
export interface AdminDirectory {
  /** Whitelisted now, its user an admin and not disabled: what the admin guard checks on each request. */
  isAdmin(publicKey: string): Promise<boolean>;
  /** Its team role when it is an admin now (the same test), else null. */
  roleOf(publicKey: string): Promise<TeamRole | null>;
  /** The local demo wallet, whose secret key any caller on this machine can fetch; null when there is none. */
  demoWallet: string | null;
}

/** How many admins must agree on a dispute payout (services/payout-approvals.ts). */
export interface ApprovalPolicy {
  /** PAYOUT_APPROVALS: 1 = the resolving admin settles; 2 = their resolution is a proposal a second admin approves. */
  required: 1 | 2;
  /** PAYOUT_APPROVAL_HOURS in ms: a proposal's life (cut short by the dispute's deadline). */
  ttlMs: number;
}

/** One entry of a screening list: an address it names, under which list, entry and reason. */
export interface ScreeningEntry {
  address: string;
  /** The list's name ("OFAC SDN"). */
  list: string;
  entryId: string | null;
  reason: string | null;
}

/** The lists a screening decision is made under: their names and their version (a content hash). */
export interface ScreeningLists {
  names: readonly string[];
  /** The lists' content hash (hex); its first characters name it in texts. */
  version: string;
  /** When this instance loaded that version. */
  loadedAt: string;
  entries: number;
}

/**
 * Who screens wallet addresses (services/screening.ts; docs/screening.md). The file provider
 * (server/screening/file-lists.ts, SCREENING_LISTS) is the default; a remote provider (an HTTP API
 * answering per address) implements the same two calls.
 */
export interface ScreeningPort {
  /** The lists in force on this instance now: what a decision made now records. */
  current(): ScreeningLists;
  /** The entries naming each of `addresses` (an address absent from the map is on no list). */
  screen(addresses: readonly string[]): Promise<ReadonlyMap<string, readonly ScreeningEntry[]>>;
}

export type { CountedListQuery, CountedLists, CountedTable } from "../db/counted-lists.ts";

/** What every service is given: the database and the ports. Built once, by server/context.ts. */
export interface ServiceContext extends Clock, Ids {
  db: Db;
  lists: CountedLists;
  /** None = dispute resolution and initialization answer 503. */
  settlement?: SettlementPort | null;
  /** Absent = signatures optional, under the default domain (test contexts). */
  decisions?: DecisionPolicy;
  /** Absent = one admin settles (PAYOUT_APPROVALS=1). */
  approvals?: ApprovalPolicy;
  /** Absent = every admin who passed the guard stays one (contexts without a whitelist: tools, tests). */
  admins?: AdminDirectory;
  /** Absent or null = nothing is screened (SCREENING_LISTS unset). */
  screening?: ScreeningPort | null;
  /** SCREENING_RESCREEN_DAYS: how far back a changed list re-screens the payees (default 90). */
  rescreenDays?: number;
}
