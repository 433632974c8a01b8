// The webhook delivery worker, one on every instance: every WEBHOOK_POLL_SECONDS it records the
// disputes opened since the last look (raised by the marketplace, not through this API), then claims
// the due deliveries as the settlement queue claims its rows (locked as picked, FOR UPDATE SKIP LOCKED
// on PostgreSQL, then leased to this worker), so each attempt is made by one instance. Each is POSTed
// signed per Standard Webhooks (the standardwebhooks package); each attempt is kept with its answer;
// a failed one is tried again after an exponential backoff with jitter, until its retry window
// (WEBHOOK_RETRY_FOR_SECONDS) is over: then it ends failed, until an owner re-sends it.
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { sql } from "kysely";
import { Webhook } from "standardwebhooks";
import type { WebhookSettings } from "../config.ts";
import { engineOf } from "../db/engine.ts";
import type { Db } from "../db/schema.ts";
import { isoNow } from "./context.ts";
import { periodic, type Periodic } from "./periodic.ts";
import type { ServiceContext } from "./ports.ts";
import { recordEvent } from "./webhooks.ts";

/** How much of an answer's body an attempt keeps. */
export const RESPONSE_EXCERPT_MAX = 1000;
/** Deliveries one worker claims per pass. */
const BATCH = 20;
/** No retry waits longer than this, however many attempts came before. */
const MAX_DELAY_MS = 6 * 3_600_000;

/**
 * The wait before attempt `attempts + 1`: the base doubled at each attempt (capped), half of it fixed
 * and half random, so receivers that come back are not hit by every sender at the same moment.
 */
export function retryDelay(settings: WebhookSettings, attempts: number, random: () => number = Math.random): number {
  const full = Math.min(settings.retryBaseMs * 2 ** Math.max(0, attempts - 1), Math.max(MAX_DELAY_MS, settings.retryBaseMs));
  return Math.round(full / 2 + random() * (full / 2));
}

/**
 * Records `dispute.opened` for each order DISPUTED since the oldest enabled endpoint that wants it
 * was added (what was open before is no news to it), once per raise: the event's dedupe key names
 * the order and when its dispute was raised, so every instance may look and one event is kept.
 */
export async function recordOpenedDisputes(ctx: ServiceContext): Promise<number> {
  const endpoints = await ctx.db.selectFrom("webhookEndpoints").select(["events", "createdAt"]).where("enabled", "=", 1).execute();
  const since = endpoints
    .filter((e) => e.events.includes('"dispute.opened"'))
    .map((e) => e.createdAt)
    .sort()[0];
  if (!since) return 0;
  const key = sql<string>`'dispute.opened:' || o.id || ':' || o."disputeRaisedAt"`;
  const opened = await ctx.db
    .selectFrom("orders as o")
    .select([
      "o.id",
      "o.disputeRaisedAt",
      "o.disputeDescription",
      "o.buyerWalletAddress",
      "o.sellerWalletAddress",
      "o.totalPrice",
      "o.currencySymbol",
    ])
    .where("o.status", "=", "DISPUTED")
    .where("o.disputeRaisedAt", ">=", since)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom("webhookEvents as e").select("e.id").where("e.dedupeKey", "=", key))))
    .orderBy("o.disputeRaisedAt")
    .limit(100)
    .execute();
  let recorded = 0;
  for (const order of opened) {
    const data = {
      orderId: order.id,
      disputeRaisedAt: order.disputeRaisedAt,
      disputeDescription: order.disputeDescription,
      buyerWalletAddress: order.buyerWalletAddress,
      sellerWalletAddress: order.sellerWalletAddress,
      totalPrice: order.totalPrice,
      currencySymbol: order.currencySymbol,
    };
    const id = await ctx.db
      .transaction()
      .execute((trx) =>
        recordEvent(trx, ctx, "dispute.opened", data, { dedupeKey: `dispute.opened:${order.id}:${order.disputeRaisedAt}` }),
      );
    if (id) recorded++;
  }
  return recorded;
}

/** Claims for `owner` the due pending deliveries no other worker holds, leased for `leaseMs`. */
async function claimDue(db: Db, owner: string, now: number, leaseMs: number): Promise<string[]> {
  const postgres = engineOf(db) === "postgres";
  const rows = await db
    .updateTable("webhookDeliveries")
    .set({ claimedBy: owner, claimedUntil: now + leaseMs })
    .where("id", "in", (eb) =>
      eb
        .selectFrom("webhookDeliveries")
        .select("id")
        .where("status", "=", "pending")
        .where("nextAttemptAt", "<=", now)
        .where((w) => w.or([w("claimedUntil", "is", null), w("claimedUntil", "<", now)]))
        .orderBy("nextAttemptAt")
        .limit(BATCH)
        .$if(postgres, (q) => q.forUpdate().skipLocked()),
    )
    .returning("id")
    .execute();
  return rows.map((row) => row.id);
}

interface Outcome {
  statusCode: number | null;
  error: string | null;
  response: string | null;
  durationMs: number;
}

/** The start of the answer's body, read no further than needed. */
async function excerptOf(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < RESPONSE_EXCERPT_MAX * 4) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
  }
  await reader.cancel().catch(() => undefined);
  return Buffer.concat(chunks).toString("utf8").slice(0, RESPONSE_EXCERPT_MAX);
}

/** The webhook-signature header, or null when the secret cannot sign (not the whsec_<base64> this server writes). */
function signatureOf(secret: string, eventId: string, payload: string, now: number): string | null {
  try {
    return new Webhook(secret).sign(eventId, new Date(now), payload);
  } catch {
    return null;
  }
}

/** One signed POST: its status and the start of its answer, or what stopped it. */
async function send(url: string, signature: string, eventId: string, payload: string, now: number, timeoutMs: number): Promise<Outcome> {
  const started = performance.now();
  const headers = {
    "content-type": "application/json",
    "user-agent": "marketplace-admin-webhooks/1",
    "webhook-id": eventId,
    "webhook-timestamp": String(Math.floor(now / 1000)),
    "webhook-signature": signature,
  };
  const took = () => Math.round(performance.now() - started);
  try {
    const signal = AbortSignal.timeout(timeoutMs);
    const response = await fetch(url, { method: "POST", headers, body: payload, redirect: "manual", signal });
    const response_ = await excerptOf(response).catch(() => null);
    const error = response.ok ? null : `HTTP ${response.status}`;
    return { statusCode: response.status, error, response: response_, durationMs: took() };
  } catch (error) {
    const name = (error as Error).name;
    const message =
      name === "TimeoutError" || name === "AbortError"
        ? `No answer within ${timeoutMs / 1000} s`
        : `${(error as Error).message}${(error as { cause?: Error }).cause?.message ? `: ${(error as { cause: Error }).cause.message}` : ""}`;
    return { statusCode: null, error: message.slice(0, RESPONSE_EXCERPT_MAX), response: null, durationMs: took() };
  }
}

/** Sends one claimed delivery and records the attempt and what comes next; false if it was not this worker's. */
async function deliver(ctx: ServiceContext, settings: WebhookSettings, owner: string, id: string): Promise<boolean> {
  const row = await ctx.db
    .selectFrom("webhookDeliveries as d")
    .innerJoin("webhookEvents as e", "e.id", "d.eventId")
    .innerJoin("webhookEndpoints as p", "p.id", "d.endpointId")
    .select(["d.id", "d.attempts", "d.retryFrom", "e.id as eventId", "e.payload", "p.url", "p.secret", "p.enabled"])
    .where("d.id", "=", id)
    .where("d.claimedBy", "=", owner)
    .where("d.status", "=", "pending")
    .executeTakeFirst();
  if (!row) return false;
  const sentAt = ctx.now();
  const signature = signatureOf(row.secret, row.eventId, row.payload, sentAt);
  // Neither ends by waiting: no retry, the delivery ends failed at once (a re-send tries it again).
  const refusal = !row.enabled
    ? "The endpoint is disabled"
    : signature === null
      ? "Cannot sign with the endpoint's secret: it is not a whsec_ secret"
      : null;
  const outcome: Outcome =
    refusal === null
      ? await send(row.url, signature!, row.eventId, row.payload, sentAt, settings.timeoutMs)
      : { statusCode: null, error: refusal, response: null, durationMs: 0 };
  const now = ctx.now();
  const attempts = Number(row.attempts) + 1;
  const delivered = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const next = now + retryDelay(settings, attempts);
  const giveUp = refusal !== null || next > Number(row.retryFrom) + settings.retryForMs;
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("webhookAttempts")
      .values({ deliveryId: id, at: isoNow(ctx), ...outcome })
      .execute();
    await trx
      .updateTable("webhookDeliveries")
      .set({
        attempts,
        status: delivered ? "delivered" : giveUp ? "failed" : "pending",
        nextAttemptAt: delivered || giveUp ? null : next,
        deliveredAt: delivered ? isoNow(ctx) : null,
        lastStatusCode: outcome.statusCode,
        lastError: outcome.error,
        claimedBy: null,
        claimedUntil: null,
        updatedAt: isoNow(ctx),
      })
      .where("id", "=", id)
      .where("claimedBy", "=", owner)
      .execute();
  });
  return true;
}

/** One pass: disputes opened since the last, then every due delivery this worker can claim. How many it sent. */
export async function deliverDue(ctx: ServiceContext, settings: WebhookSettings, owner: string): Promise<number> {
  await recordOpenedDisputes(ctx);
  // Long enough for every attempt of the batch, sent side by side, to end.
  const leaseMs = settings.timeoutMs * 2 + 30_000;
  let sent = 0;
  for (;;) {
    const claimed = await claimDue(ctx.db, owner, ctx.now(), leaseMs);
    if (claimed.length === 0) return sent;
    const done = await Promise.all(claimed.map((id) => deliver(ctx, settings, owner, id)));
    sent += done.filter(Boolean).length;
  }
}

/** The worker: run() a pass now (joining the one under way), stop() it. */
export type WebhookWorker = Periodic<number>;

export function startWebhookDelivery(
  ctx: ServiceContext,
  settings: WebhookSettings,
  options: { onError?: (error: unknown) => void } = {},
): WebhookWorker {
  const owner = `${hostname()}:${process.pid}:${randomUUID()}`;
  return periodic(() => deliverDue(ctx, settings, owner), { intervalMs: settings.pollMs, onError: options.onError });
}
