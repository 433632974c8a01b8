// The records as the API returns them, as zod schemas: the reference server serializes
// its responses through them (server/routes), the OpenAPI document is generated from them, and the
// console's record types below are inferred from them. Fields the console can do without are
// optional, so a marketplace's own API may leave out what it does not have; every field the
// reference server sends is declared (a response schema drops undeclared keys).
// Each record is registered under its component name in the OpenAPI document (`.meta({ id })`).
import { z } from "./zod.ts";
import { base58, count, optionalText, optionalTime, text, time } from "./primitives.ts";
import { DISPUTE_RESOLUTIONS, ORDER_STATUSES, SETTLEMENT_STATUSES, USER_ROLE_VALUES, type SignedDecision } from "./schemas.ts";

export type UserRole = (typeof USER_ROLE_VALUES)[number];
export type DisputeResolution = (typeof DISPUTE_RESOLUTIONS)[number];

// ---- Auth ----

/** The signed-in admin, held client-side. */
export const sessionUserSchema = z
  .object({
    id: text.optional(),
    publicKey: base58,
    displayName: optionalText,
    role: text.meta({ description: `One of ${USER_ROLE_VALUES.join(", ")}` }),
    isAdmin: z.boolean(),
    teamRole: text
      .optional()
      .meta({ description: "Beyond the core API: the admin's team role (owner, treasury, operations, support, auditor)" }),
    permissions: z
      .array(text)
      .optional()
      .meta({ description: "Beyond the core API: what the team role allows; absent, the console allows everything" }),
  })
  .meta({ id: "SessionUser", description: "The signed-in admin." });

export const nonceResponseSchema = z
  .object({ nonce: text, message: text.meta({ description: "The exact text the wallet signs." }) })
  .meta({ id: "Nonce", description: "A sign-in challenge." });

/**
 * Beyond the core API: a challenge issued before the address is known, as the input of the Wallet Standard
 * `solana:signIn` feature. The wallet connects, writes the SIWS text from it with its own address and
 * signs it in one step; the console then posts that text to POST /auth/admin/verify.
 */
export const signInInputSchema = z
  .object({
    domain: text,
    statement: text,
    uri: text,
    version: text,
    chainId: text,
    nonce: text,
    issuedAt: text.meta({ description: "ISO 8601" }),
    expirationTime: text.meta({ description: "ISO 8601: the nonce is refused from then on" }),
  })
  .meta({ id: "SignInInput", description: "A Sign In With Solana input: every field must come back unchanged in the signed text." });

export const verifyResponseSchema = z
  .object({ isAdmin: z.boolean(), adminWalletAuthorized: z.boolean(), user: sessionUserSchema })
  .meta({ id: "Verification", description: "Sign-in succeeds only when both flags are true." });

export const validateResponseSchema = z.object({ valid: z.boolean(), user: sessionUserSchema }).meta({ id: "SessionValidation" });

export const logoutResponseSchema = z.object({ success: z.boolean() }).meta({ id: "Logout" });

/** Beyond the core API: the reference server's local demo signer. */
export const demoWalletSchema = z
  .object({ publicKey: base58, secretKey: base58, label: text.optional() })
  .meta({ id: "DemoWallet", description: "The local demo admin keypair (reference server only, never in production)." });

// ---- Users ----

export const userSchema = z
  .object({
    id: text,
    publicKey: base58,
    displayName: optionalText,
    contactInfo: optionalText,
    avatarUrl: optionalText,
    role: z.enum(USER_ROLE_VALUES),
    verified: z.boolean(),
    disabled: z.boolean(),
    status: optionalText,
    deactivationReason: optionalText,
    createdAt: time.optional(),
    updatedAt: time.optional(),
  })
  .meta({ id: "User" });

export const userStatsSchema = z
  .object({
    totalUsers: count,
    verifiedUsers: count,
    disabledUsers: count,
    activeUsers: count,
    recentUsers: count,
    adminUsers: count,
  })
  .meta({ id: "UserStats" });

// ---- Tokens ----

/** How the whitelist last judged a token's mint on chain; "unverified": the chain could not say (in-process chain, no chain). */
export const MINT_RISK_VERDICTS = ["ok", "warn", "reject", "unverified"] as const;
export type MintRiskVerdict = (typeof MINT_RISK_VERDICTS)[number];

export const tokenRiskSchema = z
  .object({
    verdict: z.enum(MINT_RISK_VERDICTS),
    summary: optionalText.meta({ description: "Why, in words: the refusals, else the warnings" }),
    checkedAt: time,
  })
  .meta({
    id: "TokenRisk",
    description: "Beyond the core API: the last on-chain check of the token's mint (a settlement re-checks it first).",
  });

export const tokenSchema = z
  .object({
    id: text,
    mintAddress: base58,
    symbol: text,
    name: text,
    decimals: z.int(),
    logoUrl: optionalText,
    isActive: z.boolean(),
    createdAt: time.optional(),
    updatedAt: time.optional(),
    risk: tokenRiskSchema.nullish(),
    warnings: z
      .array(text)
      .optional()
      .meta({ description: "Beyond the core API, on an add or re-activation only: what the mint's check warns of" }),
  })
  .meta({ id: "Token" });

export const mintExtensionSchema = z
  .object({ type: z.int(), name: text, verdict: z.enum(["reject", "warn", "info"]), detail: text })
  .meta({ id: "MintExtension" });

export const mintRiskReportSchema = z
  .object({
    program: z.enum(["spl-token", "token-2022"]).nullable(),
    decimals: z.int().nullable(),
    mintAuthority: base58.nullable(),
    freezeAuthority: base58.nullable(),
    extensions: z.array(mintExtensionSchema),
    checkedAt: time,
    verdict: z.enum(MINT_RISK_VERDICTS),
    refusals: z.array(text),
    warnings: z.array(text),
    cluster: optionalText,
  })
  .meta({ id: "MintRiskReport", description: "Beyond the core API: a token's mint as the chain holds it, each extension judged." });

// ---- Products ----

export const currencySchema = z
  .object({
    symbol: text,
    decimals: z.int().optional(),
    /** null for native SOL. */
    mintAddress: base58.nullish(),
  })
  .meta({ id: "Currency" });

export const productImageSchema = z.object({ url: text.optional(), thumbnailUrl: optionalText }).meta({ id: "ProductImage" });

/** A price or amount in the currency's base units; a production API may send it as a decimal string. */
const amount = z.union([z.number(), z.string()]);

export const productSchema = z
  .object({
    id: text,
    shopId: optionalText,
    title: text,
    description: optionalText,
    price: amount,
    currency: currencySchema.nullish(),
    category: optionalText,
    stockQuantity: z.int(),
    isFeatured: z.boolean(),
    isActive: z.boolean(),
    statusReason: optionalText,
    isDeleted: z.boolean().optional(),
    deletedAt: optionalTime,
    deleteReason: optionalText,
    /** Beyond the core API: the admin who deleted it (from the audit trail), while it is deleted. */
    deletedBy: z.object({ publicKey: base58, displayName: optionalText }).nullish(),
    images: z.array(productImageSchema).optional(),
    createdAt: time.optional(),
    updatedAt: time.optional(),
  })
  .meta({ id: "Product" });

export const productCategorySchema = z.object({ category: text, count }).meta({ id: "ProductCategory" });

// ---- Shops ----

export const shopSchema = z
  .object({
    id: text,
    name: text,
    slug: text,
    logo: optionalText,
    description: optionalText,
    category: optionalText,
    seller: z.object({ id: optionalText, displayName: optionalText, publicKey: base58 }).nullish(),
    productCount: count.optional(),
    orderCount: count.optional(),
    viewCount: count.optional(),
    isActive: z.boolean(),
    isVerified: z.boolean(),
    createdAt: time.optional(),
    updatedAt: time.optional(),
  })
  .meta({ id: "Shop" });

export const shopStatsSchema = z
  .object({
    totalShops: count,
    activeShops: count,
    verifiedShops: count,
    inactiveShops: count,
    unverifiedShops: count,
    byCategory: z.array(z.object({ category: optionalText, count })),
  })
  .meta({ id: "ShopStats" });

// ---- Orders ----

/** The product as it was when ordered. A snapshot is stored data: any other keys it holds are passed along. */
export interface ProductSnapshot {
  title?: string;
  description?: string | null;
  price?: number | string;
  images?: ProductImage[];
}
const productSnapshotSchema: z.ZodType<ProductSnapshot> = z.looseObject({
  title: text.optional(),
  description: optionalText,
  price: amount.optional(),
  images: z.array(productImageSchema.loose()).optional(),
});

/** The shop as it was when ordered (stored data, like the product's). */
export interface ShopSnapshot {
  name?: string;
  logo?: string | null;
  category?: string | null;
}
const shopSnapshotSchema: z.ZodType<ShopSnapshot> = z.looseObject({ name: text.optional(), logo: optionalText, category: optionalText });

export const orderSchema = z
  .object({
    id: text,
    status: text.meta({ description: `${ORDER_STATUSES.join(", ")}; the console shows any other value neutrally.` }),
    productId: optionalText,
    shopId: optionalText,
    quantity: z.int().optional(),
    totalPrice: amount.optional(),
    currency: currencySchema.nullish(),
    productSnapshot: productSnapshotSchema.nullish().meta({ description: "The product as it was when ordered." }),
    shopSnapshot: shopSnapshotSchema.nullish().meta({ description: "The shop as it was when ordered." }),
    buyerWalletAddress: base58.nullish(),
    buyerContactInfo: optionalText,
    buyerShippingAddress: optionalText,
    sellerWalletAddress: base58.nullish(),
    sellerContactInfo: optionalText,
    shippingState: optionalText,
    trackingInfo: optionalText,
    shippingNotes: optionalText,
    disputeRaisedAt: optionalTime,
    disputeDescription: optionalText,
    escrowPDA: base58.nullish(),
    transactionSignature: base58.nullish().meta({ description: "The buyer's payment into escrow." }),
    settlementSignature: base58.nullish().meta({ description: "The dispute settlement, once sent." }),
    settlementStatus: z.enum(SETTLEMENT_STATUSES).nullish(),
    cluster: optionalText.meta({ description: "Where escrowPDA and the signatures live; null when the order has no chain data." }),
    resolution: z.enum(DISPUTE_RESOLUTIONS).nullish(),
    refundPercentage: z.number().nullish(),
    adminNotes: optionalText,
    resolvedAt: optionalTime,
    resolvedBy: optionalText,
    notes: optionalText,
    createdAt: optionalTime,
    confirmedAt: optionalTime,
    shippedAt: optionalTime,
    completedAt: optionalTime,
    updatedAt: optionalTime,
    assignedTo: base58
      .nullish()
      .meta({ description: "Beyond the core API: the wallet of the admin who took the dispute; null while nobody has." }),
    assignedAt: optionalTime.meta({ description: "Beyond the core API: when the dispute was taken." }),
  })
  .meta({ id: "Order" });

export const orderStatsSchema = z
  .object({
    totalOrders: count,
    newOrders: count,
    ongoingOrders: count,
    disputedOrders: count,
    completedOrders: count,
    recentOrders: count,
    byStatus: z.record(z.string(), count),
    /** Beyond the core API: DISPUTED orders past their deadline; null while the marketplace has no limit. */
    overdueDisputes: count.nullable().optional().meta({
      description:
        "Beyond the core API: the DISPUTED orders open longer than the marketplace's dispute resolution limit; null while it has none.",
    }),
  })
  .meta({ id: "OrderStats" });

/** Beyond the core API: GET /admin/orders/assignments, the disputes the session's admin holds and those nobody does. */
export const orderAssignmentsSchema = z
  .object({
    mine: count.meta({ description: "DISPUTED orders the session's admin took" }),
    unassigned: count.meta({ description: "DISPUTED orders nobody took" }),
  })
  .meta({ id: "OrderAssignments", description: "The disputes taken by the session's admin, and those nobody took (beyond the core API)." });

export const resolveDisputeResponseSchema = z
  .object({ transactionSignature: base58, cluster: text.optional(), order: orderSchema.optional() })
  .meta({ id: "DisputeResolutionResult", description: "The settlement transaction and the order as it now stands." });

// ---- Marketplace ----

export const marketplaceStatusSchema = z
  .object({
    initialized: z.boolean(),
    configPDA: base58.nullish(),
    authority: base58.nullish(),
    disputeResolutionLimit: z.number().nullish().meta({ description: "Seconds." }),
    reportThreshold: z.number().nullish(),
    cluster: optionalText,
    transactionSignature: base58.nullish(),
  })
  .meta({ id: "MarketplaceStatus" });

// ---- Audit (beyond the core API) ----

/** A decision the admin's wallet signed: the exact text and the signature, re-checkable by anyone. */
export const signedDecisionRecordSchema = z
  .object({
    signedBy: base58.meta({ description: "The wallet that signed: the entry's admin" }),
    message: text,
    signature: base58,
    transaction: text.optional().meta({
      description:
        "Beyond the core API: from a wallet that signs only transactions, the never-sent transaction (base64) the signature is over; " +
        "its only instruction is a memo of `message`",
    }),
  })
  .meta({ id: "SignedDecisionRecord" });

/** One field an audited change changed: its value before and after, as the record reads in the API. */
export const auditFieldChangeSchema = z.object({ field: text, before: z.unknown(), after: z.unknown() }).meta({ id: "AuditFieldChange" });

export const auditEntrySchema = z
  .object({
    id: text,
    createdAt: time,
    adminPublicKey: base58,
    adminName: optionalText.meta({ description: "The admin's display name, when their user record has one" }),
    action: text,
    targetType: text,
    targetId: text,
    targetName: optionalText.meta({ description: "The record's name or title, while the record exists" }),
    reason: optionalText,
    before: z.unknown(),
    after: z.unknown(),
    changes: z.array(auditFieldChangeSchema).nullish().meta({
      description: "Each field the change changed, before and after; null for entries that edit no fields, and those recorded before",
    }),
    transactionSignature: base58.nullish(),
    cluster: optionalText,
    signedDecision: signedDecisionRecordSchema.nullish(),
  })
  .meta({ id: "AuditEntry", description: "One row of the admin audit trail." });

export const auditAdminsSchema = z
  .object({ admins: z.array(base58).meta({ description: "Every admin wallet the trail names, once each" }) })
  .meta({ id: "AuditAdmins", description: "What the audit trail can be filtered by (beyond the core API)." });

// ---- Lists and errors ----

export const pagedListSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: count, page: z.int().min(1), limit: z.int().min(1), totalPages: count });

/** Every success body: `{ data }`. */
export const dataOf = <T extends z.ZodType>(payload: T) => z.object({ data: payload });

/** GET /admin/shops: the shops in `data`, the counts in a sibling `meta`. */
export const shopListResponseSchema = z.object({
  data: z.array(shopSchema),
  meta: z.object({ total: count, totalPages: count, page: z.int().min(1), limit: z.int().min(1) }),
});

export const fieldErrorSchema = z.object({ field: text, message: text });

/** The one error shape of every call. */
export const apiErrorSchema = z
  .object({
    message: text,
    errors: z.array(fieldErrorSchema).optional().meta({ description: "Validation failures, one per bad field." }),
  })
  .meta({ id: "Error" });

// ---- The console's record types ----

export type SessionUser = z.infer<typeof sessionUserSchema>;
export type NonceResponse = z.infer<typeof nonceResponseSchema>;
export type SignInInputResponse = z.infer<typeof signInInputSchema>;
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;
export type ValidateResponse = z.infer<typeof validateResponseSchema>;
export type DemoWallet = z.infer<typeof demoWalletSchema>;
export type User = z.infer<typeof userSchema>;
export type UserStats = z.infer<typeof userStatsSchema>;
export type Token = z.infer<typeof tokenSchema>;
export type TokenRisk = z.infer<typeof tokenRiskSchema>;
export type MintRiskReport = z.infer<typeof mintRiskReportSchema>;
export type Currency = z.infer<typeof currencySchema>;
export type ProductImage = z.infer<typeof productImageSchema>;
export type Product = z.infer<typeof productSchema>;
export type ProductCategory = z.infer<typeof productCategorySchema>;
export type Shop = z.infer<typeof shopSchema>;
export type ShopStats = z.infer<typeof shopStatsSchema>;
export type Order = z.infer<typeof orderSchema>;
/** ORDER_STATUSES are the statuses seen; any other is shown neutrally. */
export type OrderStatus = (typeof ORDER_STATUSES)[number] | string;
export type OrderStats = z.infer<typeof orderStatsSchema>;
export type OrderAssignments = z.infer<typeof orderAssignmentsSchema>;
export type ResolveDisputeResponse = z.infer<typeof resolveDisputeResponseSchema>;
export type MarketplaceStatus = z.infer<typeof marketplaceStatusSchema>;
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export type AuditFieldChange = z.infer<typeof auditFieldChangeSchema>;
export type AuditAdmins = z.infer<typeof auditAdminsSchema>;
export type SignedDecisionRecord = z.infer<typeof signedDecisionRecordSchema>;
export type FieldError = z.infer<typeof fieldErrorSchema>;
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export interface PagedList<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
}

export interface ResolveDisputeRequest {
  resolution: DisputeResolution;
  adminNotes: string;
  refundPercentage?: number;
  /** Beyond the core API: the wallet's signature over the decision text (servers that advertise it). */
  signedDecision?: SignedDecision;
}
