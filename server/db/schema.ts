// Table types of the reference server's database. Columns are camelCase so rows map onto
// the API's field names without a translation layer. Booleans are stored as 0/1 (SQLite),
// times as ISO-8601 text except the auth tables, which use epoch milliseconds for cheap expiry checks.
// Amounts are integers in the currency's base units (lamports, USDC micro-units).
// A resource module declares its own tables beside it (server/resources/<name>/tables.ts) and adds
// them to Database by declaration merging, as Fastify's plugins add to its types.
import type { ColumnType, Generated, Insertable, Kysely, Selectable, Updateable } from "kysely";
import type {
  DisputeResolution,
  MintRiskVerdict,
  OrderStatusValue,
  SettlementKind,
  SettlementQueueStatus,
  SettlementStatus,
  UserRole,
} from "../../contract/index.ts";
import type { TeamRole } from "../../contract/permissions.ts";

export type Bool = number; // 0 | 1

/** A nullable column that an insert may leave out (it is null then). */
type OptionalColumn<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface UsersTable {
  id: string;
  publicKey: string;
  displayName: string | null;
  contactInfo: string | null;
  avatarUrl: string | null;
  role: UserRole;
  verified: Bool;
  disabled: Bool;
  status: string | null;
  deactivationReason: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the session cookie value: a leaked database cannot be replayed as cookies. */
  id: string;
  userId: string;
  publicKey: string;
  createdAt: number;
  lastSeenAt: number;
  /** Absolute expiry (epoch ms); idle expiry is computed from lastSeenAt. */
  expiresAt: number;
  revokedAt: number | null;
  ip: string | null;
  userAgent: string | null;
}

/** An admin wallet an owner added (ADMIN_WALLETS are not rows: they are the configuration's owners). */
export interface AdminTeamTable {
  publicKey: string;
  role: TeamRole;
  /** The owner who added it. */
  addedBy: string;
  addedAt: string;
  updatedAt: string;
}

/** A grant of a guarded role (owner, treasury) waiting for a second owner under PAYOUT_APPROVALS=2. */
export interface TeamProposalsTable {
  id: string;
  kind: "add" | "change";
  publicKey: string;
  role: TeamRole;
  reason: string;
  proposedBy: string;
  proposedAt: string;
  expiresAt: string;
  status: "pending" | "approved" | "rejected" | "expired";
  decidedBy: string | null;
  decidedAt: string | null;
}

export interface NoncesTable {
  nonce: string;
  /** The key the challenge is for; "" for a one-step (`solana:signIn`) challenge, bound at verify. */
  publicKey: string;
  /** The exact text the wallet must sign; for a one-step challenge, the issued input as JSON. */
  message: string;
  createdAt: number;
  expiresAt: number;
  /** SHA-256 of the asking browser's pre-sign-in cookie: only it may verify (null before migration 005). */
  requester: string | null;
}

/** A dispute decision written for one admin to sign (migration 008), until used or expired. */
export interface DecisionChallengesTable {
  nonce: string;
  orderId: string;
  adminPublicKey: string;
  /** JSON text: the resolution, percentage and notes the text states. */
  decision: string;
  /** The exact text the wallet must sign. */
  message: string;
  expiresAt: number;
  /** JSON: the payouts the text states (migration 016); null for older challenges. */
  payouts: string | null;
}

/** A decision's signed text and its signature (null when it was not signed). */
interface SignedDecisionColumns {
  decisionMessage: OptionalColumn<string>;
  decisionSignature: OptionalColumn<string>;
  /** The never-sent memo transaction (base64) the signature is over, when a hardware wallet signed (migration 022). */
  decisionTransaction: OptionalColumn<string>;
}

/**
 * A worker's lease on a queue row (settlements' re-check, migration 010; webhook deliveries, migration
 * 024): the instance holding it, until claimedUntil (epoch ms).
 */
interface LeaseColumns {
  claimedBy: OptionalColumn<string>;
  claimedUntil: OptionalColumn<number>;
}

export interface TokensTable {
  id: string;
  mintAddress: string;
  symbol: string;
  name: string;
  decimals: number;
  logoUrl: string | null;
  isActive: Bool;
  createdAt: string;
  updatedAt: string;
  /** The last on-chain check of the mint (migration 014, services/token-risk.ts); null: never checked. */
  riskVerdict: MintRiskVerdict | null;
  riskSummary: string | null;
  riskCheckedAt: string | null;
  /** JSON { lists, version }: what its whitelisting was screened under (migration 023); null unscreened. */
  screenedUnder: OptionalColumn<string>;
}

export interface ProductsTable {
  id: string;
  shopId: string | null;
  title: string;
  description: string | null;
  price: number;
  currencySymbol: string;
  currencyDecimals: number;
  /** null for native SOL. */
  currencyMint: string | null;
  category: string | null;
  stockQuantity: number;
  isFeatured: Bool;
  isActive: Bool;
  statusReason: string | null;
  deletedAt: string | null;
  deleteReason: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ProductImagesTable {
  id: string;
  productId: string;
  url: string;
  thumbnailUrl: string | null;
  position: number;
}

export interface OrdersTable {
  id: string;
  status: OrderStatusValue;
  productId: string | null;
  shopId: string | null;
  /** JSON: { title, description, price, images: [{ url, thumbnailUrl }] } */
  productSnapshot: string | null;
  /** JSON: { name, logo, category } */
  shopSnapshot: string | null;
  quantity: number;
  totalPrice: number;
  currencySymbol: string;
  currencyDecimals: number;
  currencyMint: string | null;
  buyerWalletAddress: string;
  buyerContactInfo: string | null;
  buyerShippingAddress: string | null;
  sellerWalletAddress: string;
  sellerContactInfo: string | null;
  shippingState: string | null;
  trackingInfo: string | null;
  shippingNotes: string | null;
  disputeRaisedAt: string | null;
  disputeDescription: string | null;
  escrowPDA: string | null;
  /** The buyer's payment into escrow. */
  transactionSignature: string | null;
  /** The dispute settlement, once sent (kept even before confirmation, so a restart can finish it). */
  settlementSignature: string | null;
  settlementStatus: SettlementStatus | null;
  resolution: DisputeResolution | null;
  refundPercentage: number | null;
  adminNotes: string | null;
  resolvedAt: string | null;
  resolvedBy: string | null;
  notes: string | null;
  createdAt: string;
  confirmedAt: string | null;
  shippedAt: string | null;
  completedAt: string | null;
  updatedAt: string;
  /** The cluster of escrowPDA and the signatures (null while the order has no chain data). */
  cluster: OptionalColumn<string>;
  /** The admin (wallet) who took the dispute, and when (migration 020); null while nobody holds it. */
  assignedTo: OptionalColumn<string>;
  assignedAt: OptionalColumn<string>;
}

/**
 * One settlement (migration 006): a dispute payout or the marketplace initialization, from the
 * admin's accepted request (pending) through its signed transaction (submitted) to its outcome.
 */
export interface SettlementsTable extends SignedDecisionColumns, LeaseColumns {
  id: string;
  /** null for the marketplace initialization. */
  orderId: string | null;
  kind: SettlementKind;
  status: SettlementQueueStatus;
  /** How many transactions were sent for it. */
  attempts: ColumnType<number, number | undefined, number>;
  /** The latest transaction's signature (null until signed). */
  signature: string | null;
  /** Past this block height the latest transaction can no longer land (null: not recorded). */
  lastValidBlockHeight: number | null;
  /** When the latest transaction was signed: the re-check leaves younger ones to their own request. */
  submittedAt: string | null;
  /** Why it failed, or why its outcome is not known yet, in words. */
  lastError: string | null;
  cluster: string | null;
  /** The admin wallet that asked for it, and that admin's user id. */
  requestedBy: string;
  requestedByUserId: string;
  /** The decision (disputes only). */
  resolution: DisputeResolution | null;
  refundPercentage: number | null;
  adminNotes: string | null;
  /** Four eyes (migration 013): a proposal's previewed payouts (JSON of Payout[]) and its end (ISO time). */
  payouts: OptionalColumn<string>;
  expiresAt: OptionalColumn<string>;
  /** The second admin who approved it, and their signed decision over the same payout when they gave one. */
  approvedBy: OptionalColumn<string>;
  approvalMessage: OptionalColumn<string>;
  approvalSignature: OptionalColumn<string>;
  approvalTransaction: OptionalColumn<string>;
  /**
   * The compute budget the latest transaction was signed with (migration 015): limit, units its
   * simulation used, price (micro-lamports per unit) and the priority fee in lamports; null without
   * a fee market (in-process).
   */
  computeUnitLimit: OptionalColumn<number>;
  computeUnitsUsed: OptionalColumn<number>;
  computeUnitPrice: OptionalColumn<number>;
  priorityFeeLamports: OptionalColumn<number>;
  /** How many times the latest transaction's signed bytes were broadcast. */
  broadcasts: ColumnType<number, number | undefined, number>;
  /**
   * A confirmed dispute payout's shares in base units as the chain paid them (migration 018; written
   * as decimal text to stay exact), and when any settlement was confirmed.
   */
  paidBuyer: ColumnType<number | null, string | number | null | undefined, string | number | null>;
  paidSeller: ColumnType<number | null, string | number | null | undefined, string | number | null>;
  confirmedAt: OptionalColumn<string>;
  /** JSON { lists, version }: what the payout was last screened under (migration 023); null unscreened. */
  screenedUnder: OptionalColumn<string>;
  createdAt: string;
  updatedAt: string;
}

export interface AuditLogTable extends SignedDecisionColumns {
  id: Generated<number>;
  createdAt: string;
  adminPublicKey: string;
  action: string;
  targetType: string;
  targetId: string;
  reason: string | null;
  /** JSON text */
  before: string | null;
  /** JSON text */
  after: string | null;
  /** JSON text: [{ field, before, after }], each field the change changed (migration 017); null before it. */
  changes: string | null;
  transactionSignature: string | null;
  cluster: string | null;
}

/** An admin's internal note on an order (migration 007): append-only, never shown to buyers or sellers. */
export interface OrderNotesTable {
  id: Generated<number>;
  orderId: string;
  /** The admin who wrote it. */
  adminPublicKey: string;
  body: string;
  createdAt: string;
}

export interface MarketplaceConfigTable {
  id: ColumnType<number, number, never>; // always 1: there is one marketplace
  initialized: Bool;
  configPDA: string | null;
  authority: string | null;
  disputeResolutionLimit: number | null;
  reportThreshold: number | null;
  transactionSignature: string | null;
  cluster: string | null;
  initializedAt: string | null;
}

/** Counts kept by triggers, so paged lists over a million rows answer their total in O(1). */
export interface CountersTable {
  name: string;
  value: number;
}

/** Per-block counts of each counted list (migration 002, list-families.ts): rows of `list` among rowids bucket << shift … */
export interface ListCountsTable {
  list: string;
  level: number;
  bucket: number;
  n: number;
}

/** A rate limit's count for one route and client address, until resetAt (migration 009). */
export interface RateLimitsTable {
  key: string;
  count: number;
  resetAt: number;
}

/** A webhook endpoint an owner configured (migration 024): where events go, and which. */
export interface WebhookEndpointsTable {
  id: string;
  url: string;
  description: string | null;
  /** JSON text: the event types it wants. */
  events: string;
  /** The Standard Webhooks signing secret, whsec_<base64>. */
  secret: string;
  enabled: Bool;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

/** One event to send (migration 024); its id is the webhook-id every delivery of it carries. */
export interface WebhookEventsTable {
  id: string;
  type: string;
  /** JSON text: the body sent, { type, timestamp, data }. */
  payload: string;
  /** What makes an event found by scanning (a dispute opened elsewhere) one event whichever instance finds it. */
  dedupeKey: string | null;
  createdAt: string;
}

/** One event to one endpoint (migration 024): an outbox row the delivery workers claim. */
export interface WebhookDeliveriesTable extends LeaseColumns {
  id: string;
  eventId: string;
  endpointId: string;
  status: "pending" | "delivered" | "failed";
  attempts: ColumnType<number, number | undefined, number>;
  /** Epoch ms: when it is due (pending only). */
  nextAttemptAt: number | null;
  /** Epoch ms: when its retry window opened (created, or re-sent); WEBHOOK_RETRY_FOR_SECONDS after it, it ends failed. */
  retryFrom: number;
  lastStatusCode: number | null;
  lastError: string | null;
  deliveredAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** One try at sending a delivery (migration 024). */
export interface WebhookAttemptsTable {
  id: Generated<number>;
  deliveryId: string;
  at: string;
  statusCode: number | null;
  error: string | null;
  /** The start of the answer's body. */
  response: string | null;
  durationMs: number;
}

/** Every table; the resource modules' join it where they are declared (their tables.ts). */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  nonces: NoncesTable;
  decisionChallenges: DecisionChallengesTable;
  tokens: TokensTable;
  products: ProductsTable;
  productImages: ProductImagesTable;
  orders: OrdersTable;
  settlements: SettlementsTable;
  auditLog: AuditLogTable;
  orderNotes: OrderNotesTable;
  marketplaceConfig: MarketplaceConfigTable;
  counters: CountersTable;
  listCounts: ListCountsTable;
  rateLimits: RateLimitsTable;
  screeningVersions: ScreeningVersionsTable;
  screeningHits: ScreeningHitsTable;
  adminTeam: AdminTeamTable;
  teamProposals: TeamProposalsTable;
  webhookEndpoints: WebhookEndpointsTable;
  webhookEvents: WebhookEventsTable;
  webhookDeliveries: WebhookDeliveriesTable;
  webhookAttempts: WebhookAttemptsTable;
}

/** A version of the screening lists as first recorded by an instance that loaded it (migration 023). */
export interface ScreeningVersionsTable {
  seq: number;
  /** The lists' content hash (sha256 hex). */
  version: string;
  /** JSON: the list names it holds. */
  lists: string;
  entries: number;
  loadedAt: string;
  recordedAt: string;
  /** When the re-screen it started finished; null while under way (or cut short by a stop). */
  rescreenedAt: string | null;
}

/** A listed address met by a screening (migration 023): a refusal, or a re-screen's finding. */
export interface ScreeningHitsTable {
  id: string;
  /** Order, party, address, list and entry: one hit for each, whatever finds it again. */
  dedupeKey: string;
  kind: "sign_in" | "payout" | "token" | "rescreen";
  orderId: string | null;
  tokenMint: string | null;
  party: "buyer" | "seller" | "admin" | "mint" | "mint_authority" | "freeze_authority";
  address: string;
  listName: string;
  entryId: string | null;
  entryReason: string | null;
  listVersion: string;
  /** What was paid to the party, in base units (decimal text), and when; null: nothing paid. */
  paidAmount: string | null;
  paidSymbol: string | null;
  paidDecimals: number | null;
  paidAt: string | null;
  status: "open" | "acknowledged";
  acknowledgedBy: string | null;
  acknowledgedAt: string | null;
  acknowledgement: string | null;
  createdAt: string;
}

/** The database as the services see it: Kysely over these tables, whatever the dialect. */
export type Db = Kysely<Database>;

export type UserRow = Selectable<UsersTable>;
export type AdminTeamRow = Selectable<AdminTeamTable>;
export type TeamProposalRow = Selectable<TeamProposalsTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type TokenRow = Selectable<TokensTable>;
export type ProductRow = Selectable<ProductsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type NewOrder = Insertable<OrdersTable>;
export type SettlementRow = Selectable<SettlementsTable>;
export type AuditRow = Selectable<AuditLogTable>;
export type OrderNoteRow = Selectable<OrderNotesTable>;
export type ScreeningHitRow = Selectable<ScreeningHitsTable>;
