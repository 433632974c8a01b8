// The SPEC §5 rules as zod schemas, shared by the console's forms and the reference server.
// Field schemas are exported one by one so a form can validate a single input; the body schemas
// below combine them exactly as the API accepts them. Nothing here may import browser-only code.
import { z } from "zod";
import { ADMIN_NOTES_MAX, DECIMALS_MAX, DECIMALS_MIN, MINT_ADDRESS_MIN, REFUND_PERCENT_MAX, REFUND_PERCENT_MIN, TOKEN_NAME_MAX, TOKEN_SYMBOL_MAX } from "@/config";
import { MESSAGES as M } from "./messages";

export const USER_ROLE_VALUES = ["USER", "ADMIN", "MARKETPLACE_AUTHORITY"] as const;
export const DISPUTE_RESOLUTIONS = ["REFUND_BUYER", "RELEASE_TO_SELLER", "PARTIAL_REFUND"] as const;

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;
/** A base58 public key is 32 to 44 characters; SPEC §5 asks for at least 32. */
const ADDRESS_MAX = 44;

export function isSolanaAddress(value: string): boolean {
  return value.length >= MINT_ADDRESS_MIN && value.length <= ADDRESS_MAX && BASE58.test(value);
}

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

const optionalText = (max: number, tooLong: string) =>
  z.string({ error: tooLong }).trim().max(max, tooLong).nullish().transform(blankToNull);

export const fields = {
  mintAddress: z.string({ error: M.invalidAddress }).trim().refine(isSolanaAddress, M.invalidAddress),
  symbol: z
    .string({ error: M.symbolRequired })
    .trim()
    .min(1, M.symbolRequired)
    .max(TOKEN_SYMBOL_MAX, M.symbolTooLong),
  name: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(TOKEN_NAME_MAX, M.nameTooLong),
  decimals: z
    .number({ error: (issue) => (issue.input == null ? M.decimalsRequired : M.decimalsRange) })
    .refine((n) => Number.isInteger(n) && n >= DECIMALS_MIN && n <= DECIMALS_MAX, M.decimalsRange),
  logoUrl: z
    .string({ error: M.invalidUrl })
    .trim()
    .refine((v) => v === "" || isHttpUrl(v), M.invalidUrl)
    .nullish()
    .transform(blankToNull),
  displayName: optionalText(100, M.displayNameTooLong),
  contactInfo: z
    .string({ error: M.invalidEmail })
    .trim()
    .refine((v) => v === "" || EMAIL.test(v), M.invalidEmail)
    .nullish()
    .transform(blankToNull),
  role: z.enum(USER_ROLE_VALUES, { error: M.role }),
  flag: z.boolean({ error: M.boolean }),
  status: optionalText(50, M.statusTooLong),
  reason: z.string({ error: M.reasonRequired }).trim().min(1, M.reasonRequired).max(1000, M.reasonTooLong),
  resolution: z.enum(DISPUTE_RESOLUTIONS, { error: M.resolution }),
  adminNotes: z
    .string({ error: M.adminNotesRequired })
    .refine((v) => v.trim().length > 0, M.adminNotesRequired)
    .refine((v) => v.length <= ADMIN_NOTES_MAX, M.adminNotesTooLong),
  refundPercentage: z
    .number({ error: M.refundPercentage })
    .min(REFUND_PERCENT_MIN, M.refundPercentage)
    .max(REFUND_PERCENT_MAX, M.refundPercentage)
    .refine(Number.isInteger, M.refundPercentageWhole),
};

const body = <T extends z.ZodRawShape>(shape: T) => z.object(shape, { error: M.bodyObject });

/** A PATCH must change something: an empty body is a mistake, not a no-op. */
const somethingToUpdate = (value: object) => Object.values(value).some((v) => v !== undefined);

export const tokenCreateSchema = body({
  mintAddress: fields.mintAddress,
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

/** refundPercentage is read only for PARTIAL_REFUND (then required); otherwise it is dropped. */
export const disputeResolutionSchema = body({
  resolution: fields.resolution,
  adminNotes: fields.adminNotes,
  refundPercentage: z.unknown().optional(),
}).transform((value, ctx) => {
  if (value.resolution !== "PARTIAL_REFUND") {
    return { resolution: value.resolution, adminNotes: value.adminNotes, refundPercentage: undefined };
  }
  if (value.refundPercentage === undefined || value.refundPercentage === null) {
    ctx.addIssue({ code: "custom", path: ["refundPercentage"], message: M.refundPercentageRequired });
    return z.NEVER;
  }
  const parsed = fields.refundPercentage.safeParse(value.refundPercentage);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", path: ["refundPercentage"], message: issue.message });
    return z.NEVER;
  }
  return { resolution: value.resolution, adminNotes: value.adminNotes, refundPercentage: parsed.data };
});

export type TokenCreateInput = z.output<typeof tokenCreateSchema>;
export type TokenUpdateInput = z.output<typeof tokenUpdateSchema>;
export type UserUpdateInput = z.output<typeof userUpdateSchema>;
export type ShopUpdateInput = z.output<typeof shopUpdateSchema>;
export type DisputeResolutionInput = z.output<typeof disputeResolutionSchema>;
