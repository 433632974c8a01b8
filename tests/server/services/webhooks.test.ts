// Signed webhooks on one instance, over real HTTP, on SQLite and on PostgreSQL: an owner adds an
// endpoint (its secret answered once), the payout steps, a failed settlement and a dispute opened are
// delivered to a receiver on loopback that verifies each signature with the standardwebhooks package;
// a receiver that fails twice gets the third attempt; one that never answers ends failed after the
// retry window, and a re-send delivers it. Short retry times are configured; the tests wait for
// conditions, never for a fixed time.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { WebhookEventType } from "../../../contract/index.ts";
import { createOrderRecord } from "../../../server/seed/records.ts";
import { expireProposals } from "../../../server/services/payout-approvals.ts";
import { recordScreeningHit } from "../../../server/services/screening.ts";
import { retryDelay, startWebhookDelivery, type WebhookWorker } from "../../../server/services/webhook-delivery.ts";
import { faultyLedger, type FaultyLedger } from "../support/faulty-ledger.ts";
import { createTestWallet, startTestServer, type TestClient, type TestServer, type TestWallet } from "../support/harness.ts";
import { approve, fundDispute, resolve } from "../support/settlement-support.ts";
import { startReceiver, type Receiver } from "../support/webhook-receiver.ts";

/**
 * Short retries, so three attempts come within a test; an attempt waits long enough for a loaded
 * machine's receiver (one given up on while its answer is on the way is sent again, as it should be).
 * The retry window is read on the server's clock: long enough that no loaded machine's quick retries
 * outlast it, and ended by moving the clock past it where a test wants a delivery given up.
 */
const RETRY_FOR_SECONDS = 60;
const FAST_WEBHOOKS = {
  WEBHOOK_POLL_SECONDS: "0.05",
  WEBHOOK_RETRY_BASE_SECONDS: "0.05",
  WEBHOOK_RETRY_FOR_SECONDS: String(RETRY_FOR_SECONDS),
  WEBHOOK_TIMEOUT_SECONDS: "3",
};

let server: TestServer;
let owner: TestClient;
let other: TestClient;
let second: TestWallet;
let worker: WebhookWorker;
let faults: FaultyLedger;
const receivers: Receiver[] = [];

/** A receiver, and an endpoint of it wanting `events`; the receiver checks signatures with its secret. */
async function endpointFor(events: WebhookEventType[], behaviour?: Parameters<typeof startReceiver>[0]) {
  const receiver = await startReceiver(behaviour);
  receivers.push(receiver);
  const res = await owner.post("/admin/webhooks", { url: receiver.url, description: "Ops pager", events });
  expect(res.status, res.text).toBe(201);
  receiver.secret = res.body.data.secret;
  return { receiver, endpoint: res.body.data as { id: string; secret: string } };
}

const deliveriesOf = async (endpointId: string) => {
  const res = await owner.get(`/admin/webhooks/deliveries?endpointId=${endpointId}&limit=100`);
  expect(res.status, res.text).toBe(200);
  return res.body.data.items as {
    id: string;
    status: string;
    eventType: string;
    eventId: string;
    attempts: { statusCode: number | null; error: string | null; response: string | null }[];
  }[];
};

const waitFor = <T>(check: () => Promise<T> | T) => vi.waitFor(check, { timeout: 15_000, interval: 25 });

beforeAll(async () => {
  second = createTestWallet();
  server = await startTestServer({ settlement: true, extraAdminWallets: [second], env: { PAYOUT_APPROVALS: "2", ...FAST_WEBHOOKS } });
  [owner, other] = [await server.signIn(), await server.signIn(second)];
  faults = faultyLedger(server.ctx.settlementBackend!.ledger);
  worker = startWebhookDelivery(server.ctx, server.ctx.config.webhooks);
});

afterEach(async () => {
  // Each test's endpoints end with it: the next test's events go to its own.
  const { body } = await owner.get("/admin/webhooks?limit=100");
  for (const endpoint of body.data.items) await owner.delete(`/admin/webhooks/${endpoint.id}`);
});

afterAll(async () => {
  await worker?.stop();
  for (const receiver of receivers) await receiver.close();
  await server?.close();
});

describe("webhook endpoints", () => {
  it("an owner adds an endpoint: its whsec_ secret is answered once, never listed; added, changed and removed are audited", async () => {
    const res = await owner.post("/admin/webhooks", { url: "https://hooks.example.com/in", events: ["dispute.opened", "dispute.opened"] });
    expect(res.status, res.text).toBe(201);
    const { secret, ...endpoint } = res.body.data;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint).toMatchObject({ url: "https://hooks.example.com/in", description: null, events: ["dispute.opened"], enabled: true });

    const listed = await owner.get("/admin/webhooks");
    expect(listed.status).toBe(200);
    expect(listed.body.data.items).toEqual([endpoint]);
    expect(listed.text).not.toContain(secret);

    const changed = await owner.patch(`/admin/webhooks/${endpoint.id}`, { enabled: false, events: ["token.flagged"] });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data).toMatchObject({ enabled: false, events: ["token.flagged"] });
    expect((await owner.delete(`/admin/webhooks/${endpoint.id}`)).status).toBe(200);
    expect((await owner.get("/admin/webhooks")).body.data.items).toEqual([]);

    const audit = await owner.get(`/admin/audit?targetType=webhook`);
    expect(audit.body.data.items.map((e: { action: string }) => e.action)).toEqual(["webhook.delete", "webhook.update", "webhook.create"]);
    expect(audit.text).not.toContain(secret);
  });

  it("bad input answers 400 naming the field", async () => {
    const cases: [object, string][] = [
      [{ url: "ftp://x.example", events: ["dispute.opened"] }, "url"],
      [{ url: "https://x.example", events: [] }, "events"],
      [{ url: "https://x.example", events: ["order.eaten"] }, "events"],
      [{ events: ["dispute.opened"] }, "url"],
    ];
    for (const [body, field] of cases) {
      const res = await owner.post("/admin/webhooks", body);
      expect(res.status, res.text).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field.split(".")[0])).toContain(field);
    }
    expect((await owner.patch("/admin/webhooks/nope", { enabled: true })).status).toBe(404);
    expect((await owner.get("/admin/webhooks/deliveries?status=lost")).status).toBe(400);
  });
});

describe("deliveries", () => {
  it("a payout proposed, approved, rejected and expired, and a failed settlement, each reach the endpoint once, signed", async () => {
    const { receiver, endpoint } = await endpointFor([
      "payout.proposed",
      "payout.approved",
      "payout.rejected",
      "payout.expired",
      "settlement.failed",
    ]);

    const approved = await fundDispute(server.ctx);
    const first = await resolve(owner, approved.id);
    expect(first.status, first.text).toBe(202);
    const sent = await approve(other, first.body.data.settlementId);
    expect(sent.status, sent.text).toBe(200);

    const rejected = await fundDispute(server.ctx);
    const proposal = await resolve(owner, rejected.id);
    const rejection = await other.post(`/admin/settlements/${proposal.body.data.settlementId}/reject`, { reason: "Wrong split" });
    expect(rejection.status, rejection.text).toBe(200);

    const failing = await fundDispute(server.ctx);
    const third = await resolve(owner, failing.id);
    faults.failOnce("Refused by the test");
    expect((await approve(other, third.body.data.settlementId)).status).toBe(502);

    const expiring = await fundDispute(server.ctx);
    const waiting = await resolve(owner, expiring.id);
    // Its end passed (written into the row: the clock stays, so the deliveries are due now).
    await server.ctx.db
      .updateTable("settlements")
      .set({ expiresAt: new Date(server.clock.now() - 1000).toISOString() })
      .where("id", "=", waiting.body.data.settlementId)
      .execute();
    expect(await expireProposals(server.ctx)).toBe(1);

    const expected = [
      ["payout.proposed", approved.id],
      ["payout.approved", approved.id],
      ["payout.proposed", rejected.id],
      ["payout.rejected", rejected.id],
      ["payout.proposed", failing.id],
      ["payout.approved", failing.id],
      ["settlement.failed", failing.id],
      ["payout.proposed", expiring.id],
      ["payout.expired", expiring.id],
    ];
    const got = () => receiver.received.map((r) => [r.body.type, r.body.data.orderId]).sort();
    await waitFor(() => expect(got()).toEqual([...expected].sort()));
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    expect(new Set(receiver.received.map((r) => r.id)).size).toBe(expected.length);
    expect(receiver.received.find((r) => r.body.type === "payout.rejected")?.body.data).toMatchObject({ reason: "Wrong split" });
    expect(receiver.received.find((r) => r.body.type === "settlement.failed")?.body.data.reason).toContain("Refused by the test");

    // The receiver answered before each delivery's outcome was written.
    await waitFor(async () =>
      expect((await deliveriesOf(endpoint.id)).map((d) => d.status)).toEqual(Array(expected.length).fill("delivered")),
    );
    const deliveries = await deliveriesOf(endpoint.id);
    expect(deliveries.every((d) => d.attempts.length === 1 && d.attempts[0].statusCode === 200)).toBe(true);
  });

  it("a dispute opened in the marketplace is delivered once; an endpoint that did not ask for it gets nothing", async () => {
    const { receiver } = await endpointFor(["dispute.opened"]);
    const { receiver: deaf } = await endpointFor(["token.flagged"]);
    const order = await createOrderRecord(server.ctx.db, {
      status: "DISPUTED",
      disputeRaisedAt: new Date(server.clock.now() + 1000).toISOString(),
    });
    await waitFor(() => expect(receiver.received).toHaveLength(1));
    await waitFor(async () =>
      expect(await server.ctx.db.selectFrom("webhookDeliveries").select("status").where("status", "=", "pending").execute()).toEqual([]),
    );
    expect(receiver.received[0]).toMatchObject({ verified: true, body: { type: "dispute.opened", data: { orderId: order.id } } });
    // Passes after it find nothing new.
    await worker.run();
    await worker.run();
    expect(receiver.received).toHaveLength(1);
    expect(deaf.received).toHaveLength(0);
  });

  it("an admin team change and a new screening hit each reach the endpoint once, signed; a hit found again sends nothing", async () => {
    const { receiver } = await endpointFor(["team.changed", "screening.hit"]);
    const added = createTestWallet();
    const add = await owner.post("/admin/team", { publicKey: added.publicKey, role: "support", reason: "Joins the support desk" });
    expect(add.status, add.text).toBe(201);
    const removal = await owner.delete(`/admin/team/${added.publicKey}`, { reason: "Left" });
    expect(removal.status, removal.text).toBe(200);

    const order = await createOrderRecord(server.ctx.db, { status: "DISPUTED" });
    const hit = {
      kind: "rescreen" as const,
      orderId: order.id,
      party: "seller" as const,
      address: order.sellerWalletAddress,
      entry: { address: order.sellerWalletAddress, list: "Test list", entryId: "T-1", reason: "test" },
      version: "v1",
    };
    expect((await recordScreeningHit(server.ctx.db, server.ctx, hit)).created).toBe(true);
    expect((await recordScreeningHit(server.ctx.db, server.ctx, hit)).created).toBe(false);

    await waitFor(() => expect(receiver.received).toHaveLength(3));
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    expect(receiver.received.map((r) => r.body)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: "team.changed",
          data: expect.objectContaining({ change: "add", publicKey: added.publicKey, role: "support" }),
        }),
        expect.objectContaining({ type: "team.changed", data: expect.objectContaining({ change: "remove", publicKey: added.publicKey }) }),
        expect.objectContaining({
          type: "screening.hit",
          data: expect.objectContaining({ orderId: order.id, party: "seller", listName: "Test list" }),
        }),
      ]),
    );
    await worker.run();
    expect(receiver.received).toHaveLength(3);
  });

  it("a receiver that fails twice gets the third attempt; each attempt is listed with its answer", async () => {
    const { receiver, endpoint } = await endpointFor(["dispute.opened"], (n) => (n <= 2 ? 500 : 200));
    await createOrderRecord(server.ctx.db, { status: "DISPUTED", disputeRaisedAt: new Date(server.clock.now() + 1000).toISOString() });
    await waitFor(async () => expect((await deliveriesOf(endpoint.id))[0]?.status).toBe("delivered"));
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((r) => r.id)).size).toBe(1);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery.attempts.map((a) => [a.statusCode, a.error, a.response])).toEqual([
      [500, "HTTP 500", "answer 1: 500"],
      [500, "HTTP 500", "answer 2: 500"],
      [200, null, "answer 3: 200"],
    ]);
  });

  it("a receiver that never answers is given up after the retry window and shows failed; a re-send delivers it, audited", async () => {
    const { receiver, endpoint } = await endpointFor(["dispute.opened"], () => "hang");
    await createOrderRecord(server.ctx.db, { status: "DISPUTED", disputeRaisedAt: new Date(server.clock.now() + 1000).toISOString() });
    await waitFor(() => expect(receiver.received.length).toBeGreaterThanOrEqual(1));
    server.clock.advance((RETRY_FOR_SECONDS + 1) * 1000);
    await waitFor(async () => expect((await deliveriesOf(endpoint.id))[0]?.status).toBe("failed"));
    const [failed] = await deliveriesOf(endpoint.id);
    expect(failed.attempts.length).toBeGreaterThanOrEqual(1);
    expect(failed.attempts.every((a) => a.statusCode === null && a.error === "No answer within 3 s")).toBe(true);
    const tried = receiver.received.length;
    expect(tried).toBe(failed.attempts.length);

    receiver.behave(() => 204);
    const resent = await owner.post(`/admin/webhooks/deliveries/${failed.id}/resend`);
    expect(resent.status, resent.text).toBe(200);
    expect(resent.body.data.status).toBe("pending");
    await waitFor(async () => expect((await deliveriesOf(endpoint.id))[0]?.status).toBe("delivered"));
    expect(receiver.received.at(-1)).toMatchObject({ id: failed.eventId, verified: true });

    const again = await owner.post(`/admin/webhooks/deliveries/${failed.id}/resend`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Only a failed delivery can be re-sent: this one is delivered");
    const audit = await owner.get(`/admin/audit?targetType=webhook&action=webhook.resend`);
    expect(audit.body.data.items).toHaveLength(1);
    expect(audit.body.data.items[0]).toMatchObject({ targetId: endpoint.id });
  });
  it("an endpoint whose secret cannot sign records the error as its attempt, and holds up no other delivery", async () => {
    const { receiver } = await endpointFor(["dispute.opened"]);
    const { endpoint: broken } = await endpointFor(["dispute.opened"]);
    // A secret that is not base64 (a row edited by hand): the package refuses to sign with it.
    await server.ctx.db.updateTable("webhookEndpoints").set({ secret: "whsec_x" }).where("id", "=", broken.id).execute();
    await createOrderRecord(server.ctx.db, { status: "DISPUTED", disputeRaisedAt: new Date(server.clock.now() + 1000).toISOString() });
    await waitFor(() => expect(receiver.received).toHaveLength(1));
    await waitFor(async () => expect((await deliveriesOf(broken.id))[0]?.status).toBe("failed"));
    const [failed] = await deliveriesOf(broken.id);
    expect(failed.attempts[0]).toMatchObject({ statusCode: null, error: expect.stringContaining("Cannot sign") });
  });
});

it("the retry delay doubles at each attempt, half of it random", () => {
  const settings = { pollMs: 1000, retryBaseMs: 10_000, retryForMs: 86_400_000, timeoutMs: 10_000 };
  expect([1, 2, 3].map((n) => retryDelay(settings, n, () => 0))).toEqual([5_000, 10_000, 20_000]);
  expect([1, 2, 3].map((n) => retryDelay(settings, n, () => 1))).toEqual([10_000, 20_000, 40_000]);
  expect(retryDelay(settings, 40, () => 1)).toBe(6 * 3_600_000);
});
