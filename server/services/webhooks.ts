// Signed webhooks (beyond the core API): the endpoints an owner configures, the events the services
// record, and the deliveries the workers send (webhook-delivery.ts). recordEvent takes the caller's
// transaction, so an event and its deliveries (the outbox) commit with the change they report, or not
// at all. An event no enabled endpoint wants is not kept.
import { randomBytes } from "node:crypto";
import type {
  WebhookAttempt,
  WebhookCreateInput,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointCreated,
  WebhookEventType,
  WebhookUpdateInput,
} from "../../contract/index.ts";
import type { Selectable } from "kysely";
import type { WebhookDeliveryQuery } from "../../contract/webhook-queries.ts";
import type { Db, WebhookDeliveriesTable, WebhookEndpointsTable } from "../db/schema.ts";
import { conflict, notFound } from "../http/errors.ts";
import { recordAudit } from "./audit.ts";
import { bool, findById, isoNow, json } from "./context.ts";
import { pageOf, type Paged } from "./paging.ts";
import type { AdminIdentity, Clock, Ids, ServiceContext } from "./ports.ts";

type EndpointRow = Selectable<WebhookEndpointsTable>;

/** What every event's body is: its type, when it happened, and what it is about. */
export interface WebhookBody {
  type: WebhookEventType;
  timestamp: string;
  data: Record<string, unknown>;
}

/**
 * Records an event of `type` about `data`, and one pending delivery to each enabled endpoint that
 * wants it, in `trx`. `dedupeKey`: an event found by scanning (a dispute opened elsewhere) is recorded
 * once whichever instance finds it. Answers the event's id (the webhook-id), or null when nothing was
 * recorded (nobody wants it, or it was recorded already).
 */
export async function recordEvent(
  trx: Db,
  ctx: Clock & Ids,
  type: WebhookEventType,
  data: Record<string, unknown>,
  options: { dedupeKey?: string } = {},
): Promise<string | null> {
  const endpoints = (await trx.selectFrom("webhookEndpoints").select(["id", "events"]).where("enabled", "=", 1).execute()).filter(
    (endpoint) => (json<string[]>(endpoint.events) ?? []).includes(type),
  );
  if (endpoints.length === 0) return null;
  const createdAt = isoNow(ctx);
  const id = `msg_${ctx.newId()}`;
  const body: WebhookBody = { type, timestamp: createdAt, data };
  const inserted = await trx
    .insertInto("webhookEvents")
    .values({ id, type, payload: JSON.stringify(body), dedupeKey: options.dedupeKey ?? null, createdAt })
    .onConflict((oc) => oc.column("dedupeKey").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) return null;
  const now = ctx.now();
  await trx
    .insertInto("webhookDeliveries")
    .values(
      endpoints.map((endpoint) => ({
        id: ctx.newId(),
        eventId: id,
        endpointId: endpoint.id,
        status: "pending" as const,
        nextAttemptAt: now,
        retryFrom: now,
        createdAt,
        updatedAt: createdAt,
      })),
    )
    .execute();
  return id;
}

/** A new signing secret in the Standard Webhooks form: whsec_ and 32 random bytes in base64. */
export const newSecret = (): string => `whsec_${randomBytes(32).toString("base64")}`;

const toEndpoint = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: (json<WebhookEventType[]>(row.events) ?? []) as WebhookEndpoint["events"],
  enabled: bool(row.enabled),
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

export async function listEndpoints(ctx: ServiceContext, q: { page: number; limit: number }): Promise<Paged<WebhookEndpoint>> {
  const all = ctx.db.selectFrom("webhookEndpoints");
  return pageOf(all, all.selectAll().orderBy("createdAt", "desc").orderBy("id"), q, (rows) => rows.map(toEndpoint));
}

/** A new endpoint, enabled, with a new secret: answered (with the secret) this once; audited without it. */
export async function createEndpoint(
  ctx: ServiceContext,
  admin: AdminIdentity,
  input: WebhookCreateInput,
): Promise<WebhookEndpointCreated> {
  const now = isoNow(ctx);
  const row: EndpointRow = {
    id: ctx.newId(),
    url: input.url,
    description: input.description ?? null,
    events: JSON.stringify(input.events),
    secret: newSecret(),
    enabled: 1,
    createdBy: admin.publicKey,
    createdAt: now,
    updatedAt: now,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await trx.insertInto("webhookEndpoints").values(row).execute();
    await recordAudit(trx, ctx, admin, { action: "webhook.create", targetType: "webhook", targetId: row.id, after: toEndpoint(row) });
  });
  return { ...toEndpoint(row), secret: row.secret };
}

export async function updateEndpoint(
  ctx: ServiceContext,
  admin: AdminIdentity,
  id: string,
  input: WebhookUpdateInput,
): Promise<WebhookEndpoint> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await findById(trx, "webhookEndpoints", id);
    const changes = {
      ...(input.url !== undefined && { url: input.url }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.events !== undefined && { events: JSON.stringify(input.events) }),
      ...(input.enabled !== undefined && { enabled: Number(input.enabled) }),
    };
    const after = await trx
      .updateTable("webhookEndpoints")
      .set({ ...changes, updatedAt: isoNow(ctx) })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, ctx, admin, {
      action: "webhook.update",
      targetType: "webhook",
      targetId: id,
      before: toEndpoint(before),
      after: toEndpoint(after),
    });
    return toEndpoint(after);
  });
}

/** Removes the endpoint with its deliveries and their attempts (the foreign keys cascade); audited. */
export async function deleteEndpoint(ctx: ServiceContext, admin: AdminIdentity, id: string): Promise<WebhookEndpoint> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await findById(trx, "webhookEndpoints", id);
    await trx.deleteFrom("webhookEndpoints").where("id", "=", id).execute();
    await recordAudit(trx, ctx, admin, {
      action: "webhook.delete",
      targetType: "webhook",
      targetId: id,
      before: toEndpoint(before),
      after: null,
    });
    return toEndpoint(before);
  });
}

const epochIso = (ms: number | null): string | null => (ms === null ? null : new Date(Number(ms)).toISOString());

function deliveriesQuery(db: Db) {
  return db
    .selectFrom("webhookDeliveries as d")
    .innerJoin("webhookEvents as e", "e.id", "d.eventId")
    .innerJoin("webhookEndpoints as p", "p.id", "d.endpointId");
}

type DeliveryRow = Selectable<WebhookDeliveriesTable> & { eventType: string; payload: string; endpointUrl: string };

async function toDeliveries(db: Db, rows: DeliveryRow[]): Promise<WebhookDelivery[]> {
  const ids = rows.map((row) => row.id);
  const attempts = ids.length
    ? await db.selectFrom("webhookAttempts").selectAll().where("deliveryId", "in", ids).orderBy("id").execute()
    : [];
  const byDelivery = new Map<string, WebhookAttempt[]>();
  for (const a of attempts) {
    const list = byDelivery.get(a.deliveryId) ?? [];
    list.push({ at: a.at, statusCode: a.statusCode, error: a.error, response: a.response, durationMs: a.durationMs });
    byDelivery.set(a.deliveryId, list);
  }
  return rows.map((row) => ({
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType as WebhookEventType,
    endpointId: row.endpointId,
    endpointUrl: row.endpointUrl,
    status: row.status,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    nextAttemptAt: row.status === "pending" ? epochIso(row.nextAttemptAt) : null,
    deliveredAt: row.deliveredAt,
    createdAt: row.createdAt,
    payload: row.payload,
    attempts: byDelivery.get(row.id) ?? [],
  }));
}

/** The deliveries, newest first, optionally one endpoint's or one status's, each with its attempts. */
export async function listDeliveries(ctx: ServiceContext, q: WebhookDeliveryQuery): Promise<Paged<WebhookDelivery>> {
  let count = deliveriesQuery(ctx.db);
  let rows = deliveriesQuery(ctx.db).selectAll("d").select(["e.type as eventType", "e.payload", "p.url as endpointUrl"]);
  if (q.endpointId) {
    count = count.where("d.endpointId", "=", q.endpointId);
    rows = rows.where("d.endpointId", "=", q.endpointId);
  }
  if (q.status) {
    count = count.where("d.status", "=", q.status);
    rows = rows.where("d.status", "=", q.status);
  }
  return pageOf(count, rows.orderBy("d.createdAt", "desc").orderBy("d.id"), q, (list) => toDeliveries(ctx.db, list));
}

async function findDelivery(db: Db, id: string): Promise<WebhookDelivery> {
  const row = await deliveriesQuery(db)
    .selectAll("d")
    .select(["e.type as eventType", "e.payload", "p.url as endpointUrl"])
    .where("d.id", "=", id)
    .executeTakeFirst();
  if (!row) throw notFound("Webhook delivery");
  return (await toDeliveries(db, [row]))[0];
}

export const getDelivery = (ctx: ServiceContext, id: string) => findDelivery(ctx.db, id);

/**
 * A failed delivery is tried again, with a new retry window from now; the same webhook-id, so a
 * receiver that did get it can tell. Audited against its endpoint.
 */
export async function resendDelivery(ctx: ServiceContext, admin: AdminIdentity, id: string): Promise<WebhookDelivery> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await findDelivery(trx, id);
    const now = ctx.now();
    const { numUpdatedRows } = await trx
      .updateTable("webhookDeliveries")
      .set({ status: "pending", nextAttemptAt: now, retryFrom: now, claimedBy: null, claimedUntil: null, updatedAt: isoNow(ctx) })
      .where("id", "=", id)
      .where("status", "=", "failed")
      .executeTakeFirst();
    if (numUpdatedRows !== 1n) throw conflict(`Only a failed delivery can be re-sent: this one is ${before.status}`);
    await recordAudit(trx, ctx, admin, {
      action: "webhook.resend",
      targetType: "webhook",
      targetId: before.endpointId,
      before: { deliveryId: id, eventId: before.eventId, status: before.status },
      after: { deliveryId: id, eventId: before.eventId, status: "pending" },
    });
    return findDelivery(trx, id);
  });
}
