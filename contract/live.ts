// Live updates (beyond the core API): GET /admin/events, a server-sent event stream of what
// changed in the database. A console talking to an API without it (404) polls the core API's list call
// GET /admin/orders?status=DISPUTED&limit=1 for the open disputes' `total` instead.
import { z } from "./zod.ts";
import { count, text } from "./primitives.ts";
import { SETTLEMENT_QUEUE_STATUSES } from "./schemas.ts";

/** The stream's event names (the SSE `event:` field); each `data:` is one JSON object below. */
export const LIVE_EVENTS = { disputes: "disputes", settlement: "settlement" } as const;

/** `event: disputes`: the orders in DISPUTED now; sent on connect and whenever it changes. */
export const disputesEventSchema = z
  .object({
    open: count,
    awaitingApproval: count
      .optional()
      .meta({ description: "Dispute payouts proposed and waiting for a second admin (PAYOUT_APPROVALS=2)" }),
  })
  .meta({
    id: "DisputesEvent",
    description: "How many orders are DISPUTED, and how many payouts await approval: sent once on connect, then whenever either changes",
  });

/** `event: settlement`: a settlement queue row appeared or changed status. */
export const settlementEventSchema = z
  .object({
    id: text,
    orderId: text.nullable().meta({ description: "Null for the marketplace initialization" }),
    status: z.enum(SETTLEMENT_QUEUE_STATUSES),
  })
  .meta({ id: "SettlementEvent", description: "A settlement that appeared or changed status" });

export type DisputesEvent = z.infer<typeof disputesEventSchema>;
export type SettlementEvent = z.infer<typeof settlementEventSchema>;
