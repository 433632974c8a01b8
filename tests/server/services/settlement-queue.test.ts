// The settlement queue under injected faults (tests/server/support/faulty-ledger.ts). Every check
// counts the payout on chain (balances, the transactions delivered), not only the rows.
import { PublicKey } from "@solana/web3.js";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { OrderRow } from "../../../server/db/schema.ts";
import { startSettlementRecheck } from "../../../server/services/settlement-recheck.ts";
import { faultyLedger, type FaultyLedger } from "../support/faulty-ledger.ts";
import { startTestServer, type TestClient, type TestServer } from "../support/harness.ts";
import { fundDispute, settlementsOf } from "../support/settlement-support.ts";
import { query } from "../support/test-database.ts";

const MIN_AGE_MS = 5_000;

let server: TestServer;
let api: TestClient;
let faults: FaultyLedger;

const row = (id: string) => server.ctx.db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const audits = (id: string, action: string) =>
  server.ctx.db.selectFrom("auditLog").selectAll().where("targetId", "=", id).where("action", "=", action).execute();
const lamports = async (address: string) => (await server.ctx.settlementBackend!.ledger.getAccount(new PublicKey(address)))?.lamports ?? 0n;

/** A DISPUTED SOL order of 1 SOL whose escrow the authority funded, and the buyer's balance before. */
async function fundedDispute(): Promise<{ order: OrderRow; buyer: bigint }> {
  const order = await fundDispute(server.ctx);
  return { order, buyer: await lamports(order.buyerWalletAddress) };
}

const CONGESTED = "Transaction failed: the cluster is congested";

const refund = (id: string) =>
  api.post(`/admin/orders/${id}/resolve-dispute`, { resolution: "REFUND_BUYER", adminNotes: "Refund the buyer" });
/** A funded dispute whose refund the chain refused: its one settlement row, failed. */
async function failedRefund() {
  const { order, buyer } = await fundedDispute();
  faults.failOnce(CONGESTED);
  expect((await refund(order.id)).status).toBe(502);
  const [failed] = await settlementsOf(server.ctx.db, order.id);
  return { order, buyer, failed };
}
/** Runs the server's re-check once, as its timer would, with the clock past the minimum age. */
async function recheck() {
  server.clock.advance(MIN_AGE_MS + 1_000);
  const worker = startSettlementRecheck(server.ctx, { intervalMs: 3_600_000, minAgeMs: MIN_AGE_MS });
  try {
    return await worker.run();
  } finally {
    await worker.stop();
  }
}

beforeAll(async () => {
  server = await startTestServer({ settlement: true });
  api = await server.signIn();
  faults = faultyLedger(server.ctx.settlementBackend!.ledger);
});

afterEach(() => {
  faults.expireBlockhash();
});

afterAll(async () => {
  vi.restoreAllMocks();
  await server?.close();
});

describe("the settlement queue under faults", () => {
  it("20 concurrent resolves of one order: one settlement row, one transaction, one payout", async () => {
    const { order, buyer } = await fundedDispute();
    const sent = faults.delivered.length;
    const answers = await Promise.all(Array.from({ length: 20 }, () => refund(order.id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
    expect(await settlementsOf(server.ctx.db, order.id)).toEqual([
      expect.objectContaining({ kind: "dispute_payout", status: "confirmed", attempts: 1 }),
    ]);
    expect(faults.delivered.length - sent).toBe(1);
    expect(await lamports(order.buyerWalletAddress)).toBe(buyer + BigInt(order.totalPrice));
    expect(await audits(order.id, "order.resolve_dispute")).toHaveLength(1);
  });

  it("a timeout: sent again only once the blockhash expired, confirmed once; the late first copy pays nothing", async () => {
    const { order, buyer } = await fundedDispute();
    faults.holdBlockhash();
    faults.timeOutOnce();
    expect((await refund(order.id)).status).toBe(504);
    const [submitted] = await settlementsOf(server.ctx.db, order.id);
    expect(submitted).toMatchObject({
      status: "submitted",
      attempts: 1,
      lastValidBlockHeight: expect.any(Number),
      lastError: expect.stringContaining("60000 ms"),
    });
    expect(await row(order.id)).toMatchObject({
      status: "DISPUTED",
      settlementStatus: "PENDING",
      settlementSignature: submitted.signature,
    });

    // The held transaction may still land: nothing is sent.
    const sent = faults.delivered.length;
    expect(await recheck()).toEqual([
      expect.objectContaining({ orderId: order.id, outcome: "unknown", message: expect.stringContaining("blockhash is valid") }),
    ]);
    expect(faults.delivered.length).toBe(sent);
    expect(await lamports(order.buyerWalletAddress)).toBe(buyer);

    faults.expireBlockhash();
    expect(await recheck()).toEqual([expect.objectContaining({ orderId: order.id, outcome: "confirmed" })]);
    expect(faults.delivered.length - sent).toBe(1);
    const [confirmed] = await settlementsOf(server.ctx.db, order.id);
    expect(confirmed).toMatchObject({ id: submitted.id, status: "confirmed", attempts: 2, lastError: null });
    // (The same bytes again when no block passed meanwhile: either way one transaction can land.)
    expect(await row(order.id)).toMatchObject({
      status: "REFUNDED",
      settlementStatus: "CONFIRMED",
      settlementSignature: confirmed.signature,
    });

    await expect(faults.deliverLate(faults.held.at(-1)!)).rejects.toThrow();
    expect(await lamports(order.buyerWalletAddress)).toBe(buyer + BigInt(order.totalPrice));
    expect(await audits(order.id, "order.resolve_dispute")).toHaveLength(1);
  });

  it("a dropped confirmation: the re-check finds it landed and sends nothing", async () => {
    const { order, buyer } = await fundedDispute();
    faults.dropConfirmationOnce();
    expect((await refund(order.id)).status).toBe(504);
    const sent = faults.delivered.length;
    expect(await recheck()).toEqual([expect.objectContaining({ orderId: order.id, outcome: "confirmed" })]);
    expect(faults.delivered.length).toBe(sent);
    expect(await settlementsOf(server.ctx.db, order.id)).toEqual([expect.objectContaining({ status: "confirmed", attempts: 1 })]);
    expect(await lamports(order.buyerWalletAddress)).toBe(buyer + BigInt(order.totalPrice));
  });

  it("a failure: failed with the reason, retried through the API (audited), confirmed once", async () => {
    const { order, buyer, failed } = await failedRefund();
    expect(failed).toMatchObject({ status: "failed", attempts: 1, lastError: CONGESTED });
    expect(await row(order.id)).toMatchObject({ status: "DISPUTED", settlementStatus: "FAILED" });

    const listed = await api.get("/admin/settlements?status=failed&limit=100");
    expect(listed.status).toBe(200);
    expect(listed.body.data.items).toContainEqual(
      expect.objectContaining({ id: failed.id, orderId: order.id, kind: "dispute_payout", status: "failed" }),
    );
    expect(listed.body.data.total).toBeGreaterThanOrEqual(1);

    expect((await api.post(`/admin/settlements/${failed.id}/retry`, {})).status).toBe(400);
    const retried = await api.post(`/admin/settlements/${failed.id}/retry`, { reason: "Congestion is over" });
    expect(retried.status).toBe(200);
    expect(retried.body.data).toMatchObject({ id: failed.id, status: "confirmed", attempts: 2, lastError: null });
    expect(await settlementsOf(server.ctx.db, order.id)).toHaveLength(1);
    expect(await row(order.id)).toMatchObject({
      status: "REFUNDED",
      settlementStatus: "CONFIRMED",
      settlementSignature: retried.body.data.signature,
    });
    expect(await lamports(order.buyerWalletAddress)).toBe(buyer + BigInt(order.totalPrice));
    expect(await audits(order.id, "settlement.retry")).toEqual([expect.objectContaining({ reason: "Congestion is over" })]);
    expect(await audits(order.id, "order.resolve_dispute")).toHaveLength(1);

    const again = await api.post(`/admin/settlements/${failed.id}/retry`, { reason: "Once more" });
    expect(again.status).toBe(409);
    expect(await lamports(order.buyerWalletAddress)).toBe(buyer + BigInt(order.totalPrice));
  });

  it("a retry whose audit entry cannot be written reopens nothing and sends nothing (one transaction)", async () => {
    const { order, buyer, failed } = await failedRefund();
    const sent = faults.delivered.length;
    const sql = query(server.ctx);
    const sqlite = server.ctx.database.engine === "sqlite";
    if (sqlite) {
      await sql.run(
        `CREATE TRIGGER refuse_retry_audit BEFORE INSERT ON "auditLog" WHEN NEW.action = 'settlement.retry' BEGIN SELECT RAISE(ABORT, 'audit refused'); END`,
      );
    } else {
      await sql.run(
        `CREATE FUNCTION refuse_retry_audit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit refused'; END $$`,
      );
      await sql.run(
        `CREATE TRIGGER refuse_retry_audit BEFORE INSERT ON "auditLog" FOR EACH ROW WHEN (NEW.action = 'settlement.retry') EXECUTE FUNCTION refuse_retry_audit()`,
      );
    }
    try {
      expect((await api.post(`/admin/settlements/${failed.id}/retry`, { reason: "Congestion is over" })).status).toBe(500);
    } finally {
      if (sqlite) await sql.run("DROP TRIGGER refuse_retry_audit");
      else {
        await sql.run(`DROP TRIGGER refuse_retry_audit ON "auditLog"`);
        await sql.run("DROP FUNCTION refuse_retry_audit()");
      }
    }
    // As it was: failed, not queued for the re-check, which would otherwise send it unaudited.
    expect(await settlementsOf(server.ctx.db, order.id)).toEqual([
      expect.objectContaining({ id: failed.id, status: "failed", attempts: 1 }),
    ]);
    expect(await row(order.id)).toMatchObject({ status: "DISPUTED", settlementStatus: "FAILED" });
    expect(await audits(order.id, "settlement.retry")).toEqual([]);
    expect(faults.delivered.length).toBe(sent);
    expect(await lamports(order.buyerWalletAddress)).toBe(buyer);
  });

  it("lists newest first, filters by status, 404 for an unknown id, admins only", async () => {
    const all = (await api.get("/admin/settlements?limit=100")).body.data;
    const times = all.items.map((s: { createdAt: string }) => s.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(all.total).toBe(all.items.length);
    expect((await api.get("/admin/settlements?status=lost")).status).toBe(400);
    expect((await api.post("/admin/settlements/nope/retry", { reason: "x" })).status).toBe(404);
    expect((await server.client().get("/admin/settlements")).status).toBe(401);
  });

  it("initializing the marketplace is a settlement too", async () => {
    const res = await api.post("/admin/marketplace/initialize");
    const items = (await api.get("/admin/settlements?limit=100")).body.data.items as {
      kind: string;
      status: string;
      signature: string | null;
    }[];
    const init = items.filter((s) => s.kind === "marketplace_initialization");
    if (res.status === 200)
      expect(init).toEqual([expect.objectContaining({ status: "confirmed", signature: res.body.data.transactionSignature })]);
    else expect(init).toEqual([]);
  });
});
