// The validation rules as zod schemas, shared by the console's forms and the reference server.
// Field schemas are exported one by one so a form can validate a single input; the body schemas
// below combine them exactly as the API accepts them. Nothing here may import browser-only code.
import bs58 from "bs58";
import { z } from "./zod.ts";
import {
  ADMIN_NOTES_MAX,
  REASON_MAX,
  DECIMALS_MAX,
  DECIMALS_MIN,
  MINT_ADDRESS_MIN,
  REFUND_PERCENT_MAX,
  REFUND_PERCENT_MIN,
  TOKEN_NAME_MAX,
  TOKEN_SYMBOL_MAX,
  WRAPPED_SOL_MINT,
} from "./constants.ts";
import { MESSAGES as M } from "./messages.ts";
import { SIGNED_TRANSACTION_MAX } from "./memo-signing.ts";

export const USER_ROLE_VALUES = ["USER", "ADMIN", "MARKETPLACE_AUTHORITY"] as const;
export const DISPUTE_RESOLUTIONS = ["REFUND_BUYER", "RELEASE_TO_SELLER", "PARTIAL_REFUND"] as const;
/** The roles that may use the console (the rest of USER_ROLE_VALUES may not). */
export const ADMIN_ROLE_VALUES = ["ADMIN", "MARKETPLACE_AUTHORITY"] as const satisfies readonly (typeof USER_ROLE_VALUES)[number][];
export const ORDER_STATUSES = ["ACTIVE", "DISPUTED", "COMPLETED", "CANCELLED", "REFUNDED"] as const;
/** An order's dispute settlement: signed and sent (PENDING), confirmed on chain, or failed (resolvable again). */
export const SETTLEMENT_STATUSES = ["PENDING", "CONFIRMED", "FAILED"] as const;
export type OrderStatusValue = (typeof ORDER_STATUSES)[number];
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];
/**
 * A settlement queue row's life (beyond the core API): pending → submitted (signed and sent) →
 * confirmed | failed. Under four eyes (PAYOUT_APPROVALS=2) a dispute payout starts awaiting_approval,
 * and a second admin's approval makes it pending; a rejection or the approval window's end closes it
 * (rejected, expired) with nothing sent.
 */
export const SETTLEMENT_QUEUE_STATUSES = [
  "awaiting_approval",
  "pending",
  "submitted",
  "confirmed",
  "failed",
  "rejected",
  "expired",
] as const;
export const SETTLEMENT_KINDS = ["dispute_payout", "marketplace_initialization"] as const;
export type SettlementQueueStatus = (typeof SETTLEMENT_QUEUE_STATUSES)[number];
export type SettlementKind = (typeof SETTLEMENT_KINDS)[number];

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;
/** A base58 public key is 32 to 44 characters; the product asks only for at least MINT_ADDRESS_MIN. */
const ADDRESS_MAX = 44;
/** What an address decodes to: 44 base58 characters can hold 33 bytes, 32 characters as few as 23. */
const ADDRESS_BYTES = 32;

export function isSolanaAddress(value: string): boolean {
  if (value.length < MINT_ADDRESS_MIN || value.length > ADDRESS_MAX || !BASE58.test(value)) return false;
  return bs58.decode(value).length === ADDRESS_BYTES;
}

/**
 * C0 and C1 control characters (NUL included: SQLite ends a LIKE pattern there, so it matched
 * everything) and the bidirectional overrides and isolates that make a stored name read as
 * something else. Multi-line fields (reasons, admin notes) keep line feed and carriage return only.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_TEXT = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
// eslint-disable-next-line no-control-regex -- as above
const UNSAFE_MULTILINE = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

export function isPlainText(value: string, multiline = false): boolean {
  return !(multiline ? UNSAFE_MULTILINE : UNSAFE_TEXT).test(value);
}

/**
 * Text a wallet signs (admin notes, written into a dispute decision): besides the control characters,
 * no carriage return, line or paragraph separator, and no invisible format character (zero-width
 * spaces and joiners, direction marks, the byte order mark: Unicode's Cf), any of which can make a
 * line display as another. Line feeds stay: the text quotes each line.
 */
const UNSAFE_SIGNED = /(?!\n)[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

export const isSignableText = (value: string): boolean => !UNSAFE_SIGNED.test(value);

export const signedText = (label: string) => [isSignableText, { message: M.signedTextCharacters(label), abort: true }] as const;

/**
 * The refinement every text field carries, so the forms and the API refuse the same characters.
 * It aborts the field's later checks: "Invalid email" on top of it would only add noise.
 */
export const plainText = (label: string, multiline = false) =>
  [(v: string) => isPlainText(v, multiline), { message: M.controlCharacters(label), abort: true }] as const;

/** http(s) only: the URL ends up in an <img src>, where other schemes have no business. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

const EMAIL = z.regexes.email;

/** "" and null both mean "no value" (stored as null); undefined means "not sent". */
const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value || null);

/** Trimmed, not blank, at most `max` characters, plain text (line breaks too when `multiline`). */
const requiredText = (label: string, max: number, required: string, tooLong: string, multiline = false) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, tooLong)
    .refine(...plainText(label, multiline));

const optionalText = (label: string, max: number, tooLong: string) =>
  z
    .string({ error: tooLong })
    .trim()
    .max(max, tooLong)
    .refine(...plainText(label))
    .nullish()
    .transform(blankToNull);

const mintAddress = z
  .string({ error: M.invalidAddress })
  .trim()
  .refine(...plainText("Mint address"))
  .refine(isSolanaAddress, M.invalidAddress)
  .meta({ description: "A base58 Solana address (32 bytes)", minLength: MINT_ADDRESS_MIN, maxLength: ADDRESS_MAX, pattern: BASE58.source });

export const fields = {
  mintAddress,
  /** A new whitelist entry: wrapped SOL is native SOL's, added by Init SOL (otherwise Init SOL would answer 409). */
  newMintAddress: mintAddress.refine((v) => v !== WRAPPED_SOL_MINT, M.wrappedSol),
  symbol: requiredText("Symbol", TOKEN_SYMBOL_MAX, M.symbolRequired, M.symbolTooLong),
  name: requiredText("Name", TOKEN_NAME_MAX, M.nameRequired, M.nameTooLong),
  decimals: z
    .number({ error: (issue) => (issue.input == null ? M.decimalsRequired : M.decimalsRange) })
    .refine((n) => Number.isInteger(n) && n >= DECIMALS_MIN && n <= DECIMALS_MAX, M.decimalsRange)
    .meta({ type: "integer", minimum: DECIMALS_MIN, maximum: DECIMALS_MAX }),
  logoUrl: z
    .string({ error: M.invalidUrl })
    .trim()
    // Before the URL check: URL parsing silently drops tabs and line breaks.
    .refine(...plainText("Logo URL"))
    .refine((v) => v === "" || isHttpUrl(v), M.invalidUrl)
    .nullish()
    .transform(blankToNull)
    .meta({ description: "An http(s) URL; empty or null for none" }),
  displayName: optionalText("Display name", 100, M.displayNameTooLong),
  contactInfo: z
    .string({ error: M.invalidEmail })
    .trim()
    .refine(...plainText("Contact info"))
    .refine((v) => v === "" || EMAIL.test(v), M.invalidEmail)
    .nullish()
    .transform(blankToNull)
    .meta({ description: "An email address; empty or null for none" }),
  role: z.enum(USER_ROLE_VALUES, { error: M.role }),
  flag: z.boolean({ error: M.boolean }),
  status: optionalText("Status", 50, M.statusTooLong),
  reason: requiredText("Reason", REASON_MAX, M.reasonRequired, M.reasonTooLong, true),
  resolution: z.enum(DISPUTE_RESOLUTIONS, { error: M.resolution }),
  adminNotes: z
    .string({ error: M.adminNotesRequired })
    .refine((v) => v.trim().length > 0, M.adminNotesRequired)
    .refine((v) => v.length <= ADMIN_NOTES_MAX, M.adminNotesTooLong)
    .refine(...signedText("Admin notes"))
    .meta({
      description: "Not blank; no carriage returns, line separators or invisible characters (the wallet signs it)",
      maxLength: ADMIN_NOTES_MAX,
    }),
  refundPercentage: z
    .number({ error: M.refundPercentage })
    .min(REFUND_PERCENT_MIN, M.refundPercentage)
    .max(REFUND_PERCENT_MAX, M.refundPercentage)
    .refine(Number.isInteger, M.refundPercentageWhole),
};

/** A request body of these fields (anything but an object is refused with the one message). */
export const body = <T extends z.ZodRawShape>(shape: T) => z.object(shape, { error: M.bodyObject });

/** A PATCH must change something: an empty body is a mistake, not a no-op. */
const somethingToUpdate = (value: object) => Object.values(value).some((v) => v !== undefined);

export const tokenCreateSchema = body({
  mintAddress: fields.newMintAddress,
  symbol: fields.symbol,
  name: fields.name,
  decimals: fields.decimals,
  logoUrl: fields.logoUrl,
});

/** The edit form sends the (locked) mint address too; the server refuses a different one. */
export const tokenUpdateSchema = body({
  mintAddress: fields.mintAddress.optional(),
  symbol: fields.symbol.optional(),
  name: fields.name.optional(),
  decimals: fields.decimals.optional(),
  logoUrl: fields.logoUrl,
  isActive: fields.flag.optional(),
}).refine(somethingToUpdate, M.nothingToUpdate);

export const userUpdateSchema = body({
  displayName: fields.displayName,
  contactInfo: fields.contactInfo,
  role: fields.role.optional(),
  verified: fields.flag.optional(),
  disabled: fields.flag.optional(),
  status: fields.status,
}).refine(somethingToUpdate, M.nothingToUpdate);

export const shopUpdateSchema = body({
  isActive: fields.flag.optional(),
  isVerified: fields.flag.optional(),
}).refine(somethingToUpdate, M.nothingToUpdate);

export const reasonSchema = body({ reason: fields.reason });

export const productStatusSchema = body({ isActive: fields.flag, reason: fields.reason });

export const productFeatureSchema = body({ featured: fields.flag });

const splitShape = {
  resolution: fields.resolution,
  refundPercentage: z.unknown().optional().meta({
    type: "integer",
    minimum: REFUND_PERCENT_MIN,
    maximum: REFUND_PERCENT_MAX,
    description: "The buyer's share: required for PARTIAL_REFUND, ignored otherwise",
  }),
};

/** refundPercentage is read only for PARTIAL_REFUND (then required); otherwise it is dropped. */
function readSplit<T extends { resolution: (typeof DISPUTE_RESOLUTIONS)[number]; refundPercentage?: unknown }>(
  value: T,
  ctx: z.RefinementCtx,
) {
  const { refundPercentage, ...rest } = value;
  if (value.resolution !== "PARTIAL_REFUND") return { ...rest, refundPercentage: undefined };
  if (refundPercentage === undefined || refundPercentage === null) {
    ctx.addIssue({ code: "custom", path: ["refundPercentage"], message: M.refundPercentageRequired });
    return z.NEVER;
  }
  const parsed = fields.refundPercentage.safeParse(refundPercentage);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", path: ["refundPercentage"], message: issue.message });
    return z.NEVER;
  }
  return { ...rest, refundPercentage: parsed.data };
}

/**
 * Beyond the core API, for wallets that sign transactions but not messages (hardware wallets): the signed,
 * never-sent transaction whose one instruction is an SPL Memo carrying the server's exact text, its fee
 * payer the signing key and its recentBlockhash memoBlockhash(text) (contract/memo-signing.ts). Base64.
 */
const signedTransaction = z
  .string()
  .min(1)
  .max(SIGNED_TRANSACTION_MAX)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, "Signed transaction must be base64")
  .meta({
    description:
      "Beyond the core API: the wallet-signed transaction (base64) whose only instruction is an SPL Memo with the exact text; " +
      "its fee payer is the signing key and its recentBlockhash is base58(sha256(prefix + text)), so it can never be sent",
  });

/**
 * Beyond the core API: the admin's wallet signature over the decision text the server wrote for this very
 * resolution (POST .../resolve-dispute/decision). Optional unless the server requires signed decisions.
 */
export const signedDecisionSchema = z
  .object(
    {
      nonce: z.string({ error: M.signedDecision }).min(1, M.signedDecision).max(128, M.signedDecision),
      signature: z.string({ error: M.signedDecision }).min(1, M.signedDecision).max(128, M.signedDecision),
      signedTransaction: signedTransaction.optional(),
    },
    { error: M.signedDecision },
  )
  .meta({
    id: "SignedDecision",
    description:
      "The nonce of the decision text and the wallet's base58 signature over it (beyond the core API); from a wallet " +
      "that signs only transactions, the signature of the memo transaction in signedTransaction",
  });

export const disputeResolutionSchema = body({
  ...splitShape,
  adminNotes: fields.adminNotes,
  signedDecision: signedDecisionSchema.optional(),
}).transform(readSplit);

/**
 * Beyond the core API, four eyes: the approval of a proposed payout, with the approving admin's own signed
 * decision over the same payout when they signed one (written by .../resolve-dispute/decision).
 */
export const approvalRequestSchema = body({ decision: signedDecisionSchema.optional() }).meta({ id: "ApprovalRequest" });

/**
 * Beyond the core API: the retry of a failed settlement, with its reason; for a dispute payout, the retrying
 * admin's own signed decision over it (required when the server requires signed decisions).
 */
export const settlementRetrySchema = body({ reason: fields.reason, signedDecision: signedDecisionSchema.optional() }).meta({
  id: "SettlementRetryRequest",
});

/** The decision written out for signing (beyond the core API): the resolve body, before it is signed. */
export const disputeDecisionSchema = body({ ...splitShape, adminNotes: fields.adminNotes }).transform(readSplit);

/** The payout preview's body: the resolve body, its notes optional (the preview comes before they are written). */
export const disputePreviewSchema = body({ ...splitShape, adminNotes: fields.adminNotes.optional() }).transform(readSplit);

/** POST /auth/admin/verify: the signed challenge (the server checks the signature, not these lengths). */
// The nonce is looked up as sent (PostgreSQL's text cannot hold a NUL); the key and the signature
// are base58, so plain text too.
export const verifyRequestSchema = z.object({
  publicKey: z
    .string()
    .min(1)
    .max(64)
    .refine(...plainText("Public key")),
  signature: z
    .string()
    .min(1)
    .max(128)
    .refine(...plainText("Signature")),
  nonce: z
    .string()
    .min(1)
    .max(128)
    .refine(...plainText("Nonce")),
  message: z.string().min(1).max(2048),
  signedTransaction: signedTransaction.optional(),
});

export type VerifyRequest = z.output<typeof verifyRequestSchema>;
export type TokenCreateInput = z.output<typeof tokenCreateSchema>;
export type TokenUpdateInput = z.output<typeof tokenUpdateSchema>;
export type UserUpdateInput = z.output<typeof userUpdateSchema>;
export type ShopUpdateInput = z.output<typeof shopUpdateSchema>;
export type DisputeResolutionInput = z.output<typeof disputeResolutionSchema>;
export type DisputePreviewInput = z.output<typeof disputePreviewSchema>;
export type DisputeDecisionInput = z.output<typeof disputeDecisionSchema>;
export type SignedDecision = z.output<typeof signedDecisionSchema>;
export type ApprovalRequest = z.output<typeof approvalRequestSchema>;
export type SettlementRetryInput = z.output<typeof settlementRetrySchema>;
