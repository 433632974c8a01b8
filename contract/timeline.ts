// An order's timeline and the admins' internal notes on it (beyond the core API): additive
// calls of the reference server, published in its OpenAPI document. A console talking to an API
// without them shows the audit history instead (GET .../timeline answers 404 there).
// Notes are internal: only admins read them, through these calls; no buyer or seller call has them.
import { z } from "./zod.ts";
import { base58, optionalText, text, time } from "./primitives.ts";
import { MESSAGES } from "./messages.ts";
import { plainText } from "./schemas.ts";
import { auditFieldChangeSchema } from "./entities.ts";

/** The longest note, after trimming (the same bound as a dispute's admin notes). */
export const ORDER_NOTE_MAX = 2000;

// Here rather than in messages.ts: they belong to this call alone.
export const ORDER_NOTE_MESSAGES = {
  required: "Note is required",
  tooLong: `Note must be at most ${ORDER_NOTE_MAX} characters`,
} as const;

/** The note's text: trimmed, 1 to ORDER_NOTE_MAX characters, line breaks allowed. */
export const orderNoteText = z
  .string({ error: ORDER_NOTE_MESSAGES.required })
  .trim()
  .min(1, ORDER_NOTE_MESSAGES.required)
  .max(ORDER_NOTE_MAX, ORDER_NOTE_MESSAGES.tooLong)
  .refine(...plainText("Note", true));

/** POST /admin/orders/{id}/notes */
export const orderNoteCreateSchema = z.object({ body: orderNoteText }, { error: MESSAGES.bodyObject });

export const orderNoteSchema = z
  .object({
    id: text,
    orderId: text,
    adminPublicKey: base58.meta({ description: "The admin who wrote it" }),
    body: text,
    createdAt: time,
  })
  .meta({ id: "OrderNote", description: "An admin's internal note on an order: never shown to its buyer or seller." });

export const TIMELINE_EVENT_KINDS = ["created", "funded", "disputed", "status", "admin-action", "settlement", "note"] as const;

export const timelineEventSchema = z
  .object({
    id: text.meta({ description: "Unique within the timeline" }),
    at: time,
    kind: z.enum(TIMELINE_EVENT_KINDS),
    title: text,
    detail: optionalText.meta({ description: "The dispute's description, a note's text, a failure's reason..." }),
    actor: base58.nullish().meta({ description: "The wallet that acted (buyer, seller or admin), when known" }),
    actorName: optionalText.meta({ description: "The display name of the wallet that acted, when its user has one" }),
    changes: z
      .array(auditFieldChangeSchema)
      .nullish()
      .meta({ description: "An admin action's changed fields, before and after, when it recorded them" }),
    reason: optionalText.meta({ description: "The admin's reason for the action" }),
    signature: base58.nullish().meta({ description: "The transaction signature" }),
    cluster: optionalText.meta({ description: "Where the signature lives; null when not known" }),
    signedBy: base58.nullish().meta({ description: "The admin wallet that signed the decision, when it was signed" }),
  })
  .meta({ id: "TimelineEvent" });

export const orderTimelineSchema = z
  .object({ events: z.array(timelineEventSchema).meta({ description: "Oldest first" }) })
  .meta({ id: "OrderTimeline", description: "What happened to an order, from its creation on, with the admins' internal notes." });

export type OrderNoteInput = z.output<typeof orderNoteCreateSchema>;
export type OrderNote = z.infer<typeof orderNoteSchema>;
export type TimelineEventKind = (typeof TIMELINE_EVENT_KINDS)[number];
export type TimelineEvent = z.infer<typeof timelineEventSchema>;
export type OrderTimeline = z.infer<typeof orderTimelineSchema>;
