import type { Kysely } from "kysely";
import { autoIncrementKey, createIndex, optional, required, textKey, timestamps } from "../columns.ts";

// Signed webhooks (beyond the core API). webhookEndpoints: where an owner wants events sent, with the
// signing secret. webhookEvents: what happened, one row per event (its id is the webhook-id header);
// dedupeKey makes an event found by scanning one event whichever instance finds it first.
// webhookDeliveries: the outbox, one row per (event, endpoint), written in the event's transaction,
// claimed by the delivery workers of every instance as the settlement queue's rows are (a lease in
// claimedBy/claimedUntil); webhookAttempts: each try, with its answer. Times to compare are epoch ms.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("webhookEndpoints")
    .$call(textKey())
    .$call(required("text", "url"))
    .$call(optional("text", "description"))
    .$call(required("text", "events", "secret"))
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(1))
    .$call(required("text", "createdBy"))
    .$call(timestamps)
    .execute();
  await db.schema
    .createTable("webhookEvents")
    .$call(textKey())
    .$call(required("text", "type", "payload"))
    .addColumn("dedupeKey", "text", (c) => c.unique())
    .$call(required("text", "createdAt"))
    .execute();
  await db.schema
    .createTable("webhookDeliveries")
    .$call(textKey())
    .addColumn("eventId", "text", (c) => c.notNull().references("webhookEvents.id"))
    .addColumn("endpointId", "text", (c) => c.notNull().references("webhookEndpoints.id").onDelete("cascade"))
    .$call(required("text", "status"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .$call(optional("bigint", "nextAttemptAt"))
    .$call(required("bigint", "retryFrom"))
    .$call(optional("integer", "lastStatusCode"))
    .$call(optional("text", "lastError", "deliveredAt", "claimedBy"))
    .$call(optional("bigint", "claimedUntil"))
    .$call(timestamps)
    .execute();
  // The workers' pick: the due pending rows.
  await createIndex(db, "webhook_deliveries_due", "webhookDeliveries", ["status", "nextAttemptAt"]);
  await createIndex(db, "webhook_deliveries_endpoint", "webhookDeliveries", ["endpointId", "createdAt"]);
  await createIndex(db, "webhook_deliveries_created", "webhookDeliveries", ["createdAt", "id"]);
  await db.schema
    .createTable("webhookAttempts")
    .$call(autoIncrementKey(db))
    .addColumn("deliveryId", "text", (c) => c.notNull().references("webhookDeliveries.id").onDelete("cascade"))
    .$call(required("text", "at"))
    .$call(optional("integer", "statusCode"))
    .$call(optional("text", "error", "response"))
    .$call(required("integer", "durationMs"))
    .execute();
  await createIndex(db, "webhook_attempts_delivery", "webhookAttempts", ["deliveryId", "id"]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("webhookAttempts").execute();
  await db.schema.dropTable("webhookDeliveries").execute();
  await db.schema.dropTable("webhookEvents").execute();
  await db.schema.dropTable("webhookEndpoints").execute();
}
