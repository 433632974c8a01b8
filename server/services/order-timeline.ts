// An order's timeline (beyond the core API): one list, oldest first, put together from what is already
// recorded — the order's own times, the audit trail's entries on it, its settlement rows — and the
// internal notes admins add here. Notes are read only through the admin routes: nothing a buyer or
// seller is sent carries them.
import type { DisputeResolution, OrderNote, OrderTimeline, TimelineEvent, TimelineEventKind } from "../../contract/index.ts";
import { auditActionNamed, verbLabel, type AuditAction } from "../../contract/resources/index.ts";
import type { AuditRow, Db, OrderNoteRow, OrderRow, SettlementRow } from "../db/schema.ts";
import { recordAudit, signedDecisionOf, type FieldChange } from "./audit.ts";
import { findById, isoNow, json } from "./context.ts";
import type { AdminIdentity, ServiceContext } from "./ports.ts";

/** The audit action of a note; its timeline event is the note itself, so the entry is not shown twice. */
const NOTE_ACTION: AuditAction = "order.note";
const RESOLVE_ACTION: AuditAction = "order.resolve_dispute";

const RESOLUTION_WORDS: Record<DisputeResolution, string> = {
  REFUND_BUYER: "Refund to the buyer",
  RELEASE_TO_SELLER: "Released to the seller",
  PARTIAL_REFUND: "Partial refund",
};

function resolutionWords(resolution: unknown, refundPercentage: unknown): string | null {
  if (typeof resolution !== "string" || !Object.hasOwn(RESOLUTION_WORDS, resolution)) return null;
  const words = RESOLUTION_WORDS[resolution as DisputeResolution];
  return resolution === "PARTIAL_REFUND" && typeof refundPercentage === "number" ? `${words}: ${refundPercentage}% to the buyer` : words;
}

/** "order.resolve_dispute" → "Dispute resolved": the label the registry declares; an action it does not declare reads as its verb. */
const actionTitle = (action: string): string => auditActionNamed(action)?.label ?? verbLabel(action);

/** Created, paid, disputed, and the times the order reached (a resolution only when no audit entry tells it better). */
function orderEvents(order: OrderRow, resolutionAudited: boolean): TimelineEvent[] {
  const events: TimelineEvent[] = [
    { id: "order-created", at: order.createdAt, kind: "created", title: "Order created", actor: order.buyerWalletAddress },
  ];
  // The order records no payment time: an order is placed by paying into its escrow, so its creation stands for it.
  if (order.transactionSignature || order.escrowPDA) {
    events.push({
      id: "order-funded",
      at: order.createdAt,
      kind: "funded",
      title: "Paid into escrow",
      detail: order.escrowPDA ? `Escrow ${order.escrowPDA}` : null,
      actor: order.buyerWalletAddress,
      signature: order.transactionSignature,
      cluster: order.cluster,
    });
  }
  if (order.disputeRaisedAt) {
    events.push({
      id: "order-disputed",
      at: order.disputeRaisedAt,
      kind: "disputed",
      title: "Dispute raised",
      detail: order.disputeDescription,
      actor: order.buyerWalletAddress,
    });
  }
  if (order.confirmedAt) events.push({ id: "order-confirmed", at: order.confirmedAt, kind: "status", title: "Order confirmed" });
  if (order.shippedAt)
    events.push({ id: "order-shipped", at: order.shippedAt, kind: "status", title: "Shipped", detail: order.trackingInfo });
  if (order.completedAt) events.push({ id: "order-completed", at: order.completedAt, kind: "status", title: "Completed" });
  if (order.resolvedAt && !resolutionAudited) {
    events.push({
      id: "order-resolved",
      at: order.resolvedAt,
      kind: "status",
      title: "Dispute resolved",
      detail: resolutionWords(order.resolution, order.refundPercentage),
      actor: order.resolvedBy,
      signature: order.settlementSignature,
      cluster: order.cluster,
    });
  }
  return events;
}

function auditEvent(row: AuditRow): TimelineEvent {
  const after = json<{ resolution?: unknown; refundPercentage?: unknown }>(row.after);
  return {
    id: `audit-${row.id}`,
    at: row.createdAt,
    kind: "admin-action",
    title: actionTitle(row.action),
    detail: row.action === RESOLVE_ACTION ? resolutionWords(after?.resolution, after?.refundPercentage) : null,
    actor: row.adminPublicKey,
    changes: json<FieldChange[]>(row.changes),
    reason: row.reason,
    signature: row.transactionSignature,
    cluster: row.cluster,
    signedBy: signedDecisionOf(row)?.signedBy ?? null,
  };
}

/** A settlement row as the steps it went through: requested or submitted (its latest signature), then its outcome. */
function settlementEvents(row: SettlementRow): TimelineEvent[] {
  const base = { kind: "settlement" as const, cluster: row.cluster };
  const events: TimelineEvent[] = [];
  if (row.signature && row.submittedAt) {
    events.push({
      ...base,
      id: `settlement-${row.id}-submitted`,
      at: row.submittedAt,
      title: row.attempts > 1 ? `Settlement submitted (attempt ${row.attempts})` : "Settlement submitted",
      // Still submitted with an error: why its outcome is not known yet.
      detail: row.status === "submitted" ? row.lastError : null,
      actor: row.requestedBy,
      signature: row.signature,
    });
  } else {
    events.push({
      ...base,
      id: `settlement-${row.id}-requested`,
      at: row.createdAt,
      title: "Settlement requested",
      actor: row.requestedBy,
    });
  }
  if (row.status === "confirmed") {
    events.push({
      ...base,
      id: `settlement-${row.id}-confirmed`,
      at: row.updatedAt,
      title: "Settlement confirmed",
      signature: row.signature,
    });
  } else if (row.status === "failed") {
    events.push({
      ...base,
      id: `settlement-${row.id}-failed`,
      at: row.updatedAt,
      title: "Settlement failed",
      detail: row.lastError,
      signature: row.signature,
    });
  }
  return events;
}

function noteEvent(row: OrderNoteRow): TimelineEvent {
  return { id: `note-${row.id}`, at: row.createdAt, kind: "note", title: "Internal note", detail: row.body, actor: row.adminPublicKey };
}

/**
 * Events recorded in the same instant read in the order things happen: the order's own steps, the
 * chain's confirmation, the admin's entry (written once it confirmed), what the order became, notes.
 */
const SAME_TIME_RANK: Record<TimelineEventKind, number> = {
  created: 0,
  funded: 1,
  disputed: 2,
  settlement: 3,
  "admin-action": 4,
  status: 5,
  note: 6,
};

function timeOf(at: string): number {
  const ms = Date.parse(at);
  // A time the server cannot read goes last rather than failing the whole timeline.
  return Number.isNaN(ms) ? Number.POSITIVE_INFINITY : ms;
}

/** Every field on every event (null when it does not apply): one shape for whoever reads them. */
const NOTHING = {
  detail: null,
  actor: null,
  actorName: null,
  changes: null,
  reason: null,
  signature: null,
  cluster: null,
  signedBy: null,
} as const;

function oldestFirst(events: TimelineEvent[]): TimelineEvent[] {
  return events
    .map((event, index) => ({ event, index, time: timeOf(event.at) }))
    .sort((a, b) => a.time - b.time || SAME_TIME_RANK[a.event.kind] - SAME_TIME_RANK[b.event.kind] || a.index - b.index)
    .map(({ event }) => ({ ...NOTHING, ...event }));
}

export async function orderTimeline(ctx: ServiceContext, orderId: string): Promise<OrderTimeline> {
  const order = await findById(ctx.db, "orders", orderId);
  const [audits, settlements, notes] = await Promise.all([
    ctx.db
      .selectFrom("auditLog")
      .selectAll()
      .where("targetType", "=", "order")
      .where("targetId", "=", orderId)
      .where("action", "!=", NOTE_ACTION)
      .orderBy("id")
      .execute(),
    ctx.db.selectFrom("settlements").selectAll().where("orderId", "=", orderId).orderBy("createdAt").execute(),
    ctx.db.selectFrom("orderNotes").selectAll().where("orderId", "=", orderId).orderBy("id").execute(),
  ]);
  const resolutionAudited = audits.some((row) => row.action === RESOLVE_ACTION);
  const events = [
    ...orderEvents(order, resolutionAudited),
    ...audits.map(auditEvent),
    ...settlements.flatMap(settlementEvents),
    ...notes.map(noteEvent),
  ];
  const names = await displayNames(
    ctx.db,
    events.map((event) => event.actor),
  );
  return { events: oldestFirst(events).map((event) => ({ ...event, actorName: (event.actor && names.get(event.actor)) || null })) };
}

/** The display names of the wallets that acted (buyer, seller, admins), in one read; a wallet without one is left out. */
async function displayNames(db: Db, wallets: (string | null | undefined)[]): Promise<Map<string, string>> {
  const keys = [...new Set(wallets.filter((wallet): wallet is string => Boolean(wallet)))];
  if (!keys.length) return new Map();
  const rows = await db.selectFrom("users").select(["publicKey", "displayName"]).where("publicKey", "in", keys).execute();
  return new Map(rows.flatMap((row) => (row.displayName ? [[row.publicKey, row.displayName] as const] : [])));
}

function toNote(row: OrderNoteRow): OrderNote {
  return { id: String(row.id), orderId: row.orderId, adminPublicKey: row.adminPublicKey, body: row.body, createdAt: row.createdAt };
}

/** Stores an admin's note on the order and its audit entry (the text in `after`), together or not at all. */
export async function addOrderNote(ctx: ServiceContext, admin: AdminIdentity, orderId: string, body: string): Promise<OrderNote> {
  return ctx.db.transaction().execute(async (trx) => {
    await findById(trx, "orders", orderId);
    const row = await trx
      .insertInto("orderNotes")
      .values({ orderId, adminPublicKey: admin.publicKey, body, createdAt: isoNow(ctx) })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, ctx, admin, {
      action: NOTE_ACTION,
      targetType: "order",
      targetId: orderId,
      after: { noteId: String(row.id), body },
    });
    return toNote(row);
  });
}
