import type { Kysely } from "kysely";
import { engineOf } from "../engine.ts";

// Signed webhooks (beyond the core API). webhookEndpoints: where an owner wants events sent, with the
// signing secret. webhookEvents: what happened, one row per event (its id is the webhook-id header);
// dedupeKey makes an event found by scanning one event whichever instance finds it first.
// webhookDeliveries: the outbox, one row per (event, endpoint), written in the event's transaction,
// claimed by the delivery workers of every instance as the settlement queue's rows are (a lease in
// claimedBy/claimedUntil); webhookAttempts: each try, with its answer. Times to compare are epoch ms.
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = engineOf(db) === "postgres";
  await db.schema
    .createTable("webhookEndpoints")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("events", "text", (c) => c.notNull())
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("createdBy", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("webhookEvents")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("dedupeKey", "text", (c) => c.unique())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("webhookDeliveries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("eventId", "text", (c) => c.notNull().references("webhookEvents.id"))
    .addColumn("endpointId", "text", (c) => c.notNull().references("webhookEndpoints.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("nextAttemptAt", "bigint")
    .addColumn("retryFrom", "bigint", (c) => c.notNull())
    .addColumn("lastStatusCode", "integer")
    .addColumn("lastError", "text")
    .addColumn("deliveredAt", "text")
    .addColumn("claimedBy", "text")
    .addColumn("claimedUntil", "bigint")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();
  // The workers' pick: the due pending rows.
  await db.schema.createIndex("webhook_deliveries_due").on("webhookDeliveries").columns(["status", "nextAttemptAt"]).execute();
  await db.schema.createIndex("webhook_deliveries_endpoint").on("webhookDeliveries").columns(["endpointId", "createdAt"]).execute();
  await db.schema.createIndex("webhook_deliveries_created").on("webhookDeliveries").columns(["createdAt", "id"]).execute();
  await db.schema
    .createTable("webhookAttempts")
    .addColumn("id", "integer", (c) => (postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn("deliveryId", "text", (c) => c.notNull().references("webhookDeliveries.id").onDelete("cascade"))
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("statusCode", "integer")
    .addColumn("error", "text")
    .addColumn("response", "text")
    .addColumn("durationMs", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("webhook_attempts_delivery").on("webhookAttempts").columns(["deliveryId", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("webhookAttempts").execute();
  await db.schema.dropTable("webhookDeliveries").execute();
  await db.schema.dropTable("webhookEvents").execute();
  await db.schema.dropTable("webhookEndpoints").execute();
}
