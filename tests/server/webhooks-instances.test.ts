// Webhooks from three instances of the server on one database (on the PostgreSQL run, one PostgreSQL
// database), each running its delivery worker: 20 disputes opened in the marketplace are 20 events and
// 20 deliveries, each received once by a receiver on loopback that verifies every signature with the
// standardwebhooks package, whichever instance found the dispute or sent it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createOrderRecord } from "../../server/seed/records.ts";
import { startWebhookDelivery, type WebhookWorker } from "../../server/services/webhook-delivery.ts";
import { startTestServer, type TestServer } from "./support/harness.ts";
import { createTestDatabase, type TestDatabase } from "./support/test-database.ts";
import { startReceiver, type Receiver } from "./support/webhook-receiver.ts";

const EVENTS = 20;
let dir: string;
let database: TestDatabase;
let servers: TestServer[] = [];
let workers: WebhookWorker[] = [];
let receiver: Receiver;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "webhook-instances-"));
  database = await createTestDatabase(dir, "shared.sqlite");
  const env = {
    ...database.env,
    SESSION_SECRET: "one-secret-for-every-instance-of-this-server",
    WEBHOOK_POLL_SECONDS: "0.05",
    WEBHOOK_RETRY_BASE_SECONDS: "0.05",
    WEBHOOK_TIMEOUT_SECONDS: "5",
  };
  for (let i = 0; i < 3; i++) servers.push(await startTestServer({ reuse: { dir, database, remove: async () => undefined }, env }));
  receiver = await startReceiver();
});

afterAll(async () => {
  for (const worker of workers) await worker.stop();
  for (const server of servers) await server.close();
  await receiver?.close();
  await database?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
  servers = [];
  workers = [];
});

it("20 events from three instances are 20 deliveries, each received once, every signature valid", async () => {
  const owner = await servers[0].signIn();
  const added = await owner.post("/admin/webhooks", { url: receiver.url, events: ["dispute.opened"] });
  expect(added.status, added.text).toBe(201);
  receiver.secret = added.body.data.secret;
  workers = servers.map((server) => startWebhookDelivery(server.ctx, server.ctx.config.webhooks));

  const raisedAt = new Date(servers[0].clock.now() + 1000).toISOString();
  const orders = [];
  for (let i = 0; i < EVENTS; i++)
    orders.push(await createOrderRecord(servers[i % 3].ctx.db, { status: "DISPUTED", disputeRaisedAt: raisedAt }));

  const db = servers[0].ctx.db;
  await vi.waitFor(
    async () => {
      const delivered = await db.selectFrom("webhookDeliveries").select("id").where("status", "=", "delivered").execute();
      expect(delivered).toHaveLength(EVENTS);
    },
    { timeout: 30_000, interval: 50 },
  );
  // Every worker has finished its pass: nothing more can arrive.
  await Promise.all(workers.map((worker) => worker.run()));

  expect(receiver.received).toHaveLength(EVENTS);
  expect(new Set(receiver.received.map((r) => r.id)).size).toBe(EVENTS);
  expect(receiver.received.every((r) => r.verified)).toBe(true);
  expect(receiver.received.map((r) => r.body.data.orderId).sort()).toEqual(orders.map((o) => o.id).sort());
  expect(await db.selectFrom("webhookEvents").select("id").execute()).toHaveLength(EVENTS);
  expect(await db.selectFrom("webhookDeliveries").select("id").execute()).toHaveLength(EVENTS);
  expect(await db.selectFrom("webhookAttempts").select("id").execute()).toHaveLength(EVENTS);
});
