// Beyond the core API: signed webhooks (Standard Webhooks: webhook-id, webhook-timestamp,
// webhook-signature). An owner configures endpoints, each with the events it wants; every event is
// one delivery per subscribed endpoint, retried with backoff for a bounded time, each attempt kept.
import { z } from "./zod.ts";
import { count, optionalText, text, time } from "./primitives.ts";
import { body, isHttpUrl, plainText } from "./schemas.ts";

export * from "./webhook-events.ts";
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES } from "./webhook-events.ts";

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;

const eventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES, { error: "Events must be known webhook event types" });

const urlField = z
  .string({ error: "URL is required" })
  .trim()
  .min(1, "URL is required")
  .max(WEBHOOK_URL_MAX, `URL must be at most ${WEBHOOK_URL_MAX} characters`)
  .refine(...plainText("URL"))
  .refine(isHttpUrl, "URL must be an http(s) URL")
  .meta({ description: "Where the events are POSTed: an http(s) URL" });

const eventsField = z
  .array(eventTypeSchema, { error: "Events must be a list of event types" })
  .min(1, "Choose at least one event")
  .transform((events) => [...new Set(events)]);

const descriptionField = z
  .string({ error: "Description must be text" })
  .trim()
  .max(WEBHOOK_DESCRIPTION_MAX, `Description must be at most ${WEBHOOK_DESCRIPTION_MAX} characters`)
  .refine(...plainText("Description"))
  .nullish()
  .transform((v) => (v === undefined ? undefined : v || null));

/**
 * One endpoint. Its signing secret is in the answer to its creation only (POST /admin/webhooks):
 * shown that once, never listed.
 */
export const webhookEndpointSchema = z
  .object({
    id: text,
    url: text,
    description: optionalText,
    events: z.array(eventTypeSchema),
    enabled: z.boolean(),
    createdAt: time,
    updatedAt: time,
    secret: text.optional().meta({ description: "The signing secret (whsec_…): in the answer to the creation only" }),
  })
  .meta({ id: "WebhookEndpoint" });
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export type WebhookEndpointCreated = WebhookEndpoint & { secret: string };

export const webhookCreateSchema = body({ url: urlField, description: descriptionField, events: eventsField }).meta({
  id: "WebhookCreate",
});
export type WebhookCreateInput = z.output<typeof webhookCreateSchema>;

export const webhookUpdateSchema = body({
  url: urlField.optional(),
  description: descriptionField,
  events: eventsField.optional(),
  enabled: z.boolean({ error: "Enabled must be true or false" }).optional(),
})
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "Nothing to update" })
  .meta({ id: "WebhookUpdate" });
export type WebhookUpdateInput = z.output<typeof webhookUpdateSchema>;

/** One try at sending a delivery: its HTTP status, or the error that stopped it, and the start of the answer. */
export const webhookAttemptSchema = z
  .object({
    at: time,
    statusCode: z.int().nullable(),
    error: optionalText,
    response: optionalText.meta({ description: "The start of the answer's body (at most 1000 characters)" }),
    durationMs: count,
  })
  .meta({ id: "WebhookAttempt" });
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

/** One event to one endpoint. */
export const webhookDeliverySchema = z
  .object({
    id: text,
    eventId: text.meta({ description: "The webhook-id header: the same on every attempt and re-send" }),
    eventType: eventTypeSchema,
    endpointId: text,
    endpointUrl: text,
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    lastStatusCode: z.int().nullable(),
    lastError: optionalText,
    nextAttemptAt: time.nullable().meta({ description: "While pending: when it is tried next" }),
    deliveredAt: time.nullable(),
    createdAt: time,
    payload: text.meta({ description: "The body sent (JSON)" }),
    attempts: z.array(webhookAttemptSchema).meta({ description: "Every attempt, oldest first" }),
  })
  .meta({ id: "WebhookDelivery" });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
