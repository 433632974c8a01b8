// The webhook events and delivery statuses as plain constants, free of zod: the Webhooks screen reads
// them without loading the request schemas of contract/webhooks.ts (those load with its dialog).
/**
 * Every event a webhook can carry, with how the console names it. The server records each where it
 * happens (server/services/webhooks.ts, recordEvent), in the transaction of the change it reports.
 */
export const WEBHOOK_EVENTS = {
  "dispute.opened": "Dispute opened",
  "payout.proposed": "Payout proposed",
  "payout.approved": "Payout approved",
  "payout.rejected": "Payout rejected",
  "payout.expired": "Payout proposal expired",
  "settlement.failed": "Settlement failed",
  "token.flagged": "Token flagged",
  "screening.hit": "Screening hit",
  "team.changed": "Admin team changed",
} as const;

export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as [WebhookEventType, ...WebhookEventType[]];

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
