// Beyond the core API: wallet screening against the lists SCREENING_LISTS names. Every refusal (an
// admin's sign-in, a dispute payout, a token's whitelisting) and every re-screen's finding is a hit,
// with the list, entry and version that decided it; an admin acknowledges a hit with a reason.
import { z } from "./zod.ts";
import { base58, optionalText, text, time } from "./primitives.ts";
import { pageParams } from "./query.ts";
import { body, fields } from "./schemas.ts";

export const SCREENING_HIT_KINDS = ["sign_in", "payout", "token", "rescreen"] as const;
export const SCREENING_PARTIES = ["buyer", "seller", "admin", "mint", "mint_authority", "freeze_authority"] as const;
export const SCREENING_HIT_STATUSES = ["open", "acknowledged"] as const;

export const screeningHitSchema = z
  .object({
    id: text,
    kind: z.enum(SCREENING_HIT_KINDS).meta({
      description: "What met the address: a refused sign-in, payout or whitelisting, or a re-screen after a list changed",
    }),
    orderId: optionalText,
    tokenMint: base58.nullish(),
    party: z.enum(SCREENING_PARTIES),
    address: text,
    listName: text,
    entryId: optionalText,
    entryReason: optionalText,
    listVersion: text.meta({ description: "The lists' content hash the decision was made under" }),
    paid: z
      .object({ amount: text, uiAmount: text, symbol: text, decimals: z.int().min(0), at: time })
      .nullish()
      .meta({ description: "What the party was paid and when (a re-screened payee); null: nothing paid" }),
    status: z.enum(SCREENING_HIT_STATUSES),
    acknowledgedBy: base58.nullish(),
    acknowledgedAt: time.nullish(),
    acknowledgement: optionalText,
    createdAt: time,
  })
  .meta({ id: "ScreeningHit", description: "A listed address met by a screening." });

export const screeningHitListSchema = z.object({ items: z.array(screeningHitSchema), total: z.int().min(0) });

export const screeningHitListQuerySchema = z.object({
  ...pageParams(),
  status: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.enum(SCREENING_HIT_STATUSES, { error: "status must be open or acknowledged" }).optional(),
  ),
});

export const screeningAcknowledgeSchema = body({ reason: fields.reason }).meta({ id: "ScreeningAcknowledge" });

export const screeningListsSchema = z
  .object({
    enabled: z.boolean().meta({ description: "False: SCREENING_LISTS is unset and nothing is screened" }),
    lists: z.array(text),
    version: text.nullish(),
    loadedAt: time.nullish(),
    entries: z.int().min(0),
  })
  .meta({ id: "ScreeningLists", description: "The screening lists this instance has loaded." });

export type ScreeningHit = z.infer<typeof screeningHitSchema>;
export type ScreeningHitStatus = (typeof SCREENING_HIT_STATUSES)[number];
export type ScreeningListsInfo = z.infer<typeof screeningListsSchema>;
export type ScreeningHitListQuery = z.output<typeof screeningHitListQuerySchema>;
