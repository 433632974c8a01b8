// A throwaway resource's schemas, exactly as a real one writes them in contract/<name>.ts (see
// docs/adding-a-resource.md): the record as the API answers it, the list's query, the change's body.
import { z } from "zod";
import { body, choiceParam, pageParams } from "../../../contract/index.ts";
import { count, text, time } from "../../../contract/primitives.ts";

export const PAYOUT_STATUSES = ["PENDING", "PAID"] as const;

/** One payout: what the marketplace owes a shop. */
export const payoutSchema = z
  .object({ id: text, shopName: text, amount: count, status: z.enum(PAYOUT_STATUSES), createdAt: time })
  .meta({ id: "ShopPayout" });
export type ShopPayout = z.infer<typeof payoutSchema>;

/** GET /admin/payouts: a page, optionally one status's. */
export const payoutListQuerySchema = z.object({ ...pageParams(), status: choiceParam(PAYOUT_STATUSES, "Status must be PENDING or PAID") });
export type PayoutListQuery = z.output<typeof payoutListQuerySchema>;

/** PATCH /admin/payouts/:id: a pending payout is marked paid (and stays so). */
export const payoutUpdateSchema = body({ status: z.literal("PAID", { error: "Status must be PAID" }) });
