// Four eyes on dispute payouts (PAYOUT_APPROVALS=2), over real HTTP on the in-process chain, on SQLite
// and on PostgreSQL. Admin A's resolution is a proposal (202) that sends nothing; A cannot approve it;
// of 20 concurrent approvals by B one sends one transaction; a rejected or expired proposal sends
// nothing, and every step is audited and re-verified offline. Every payout is counted on chain (the
// transactions delivered, the buyer's balance), not only in the rows.
import { PublicKey } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ConfigError, loadConfig } from "../../../server/config.ts";
import { verifyAuditSignatures } from "../../../server/services/audit-verify.ts";
import { expireProposals } from "../../../server/services/payout-approvals.ts";
import { faultyLedger, type FaultyLedger } from "../support/faulty-ledger.ts";
import {
  createTestWallet,
  setDisputeLimit,
  startTestServer,
  type TestClient,
  type TestServer,
  type TestWallet,
} from "../support/harness.ts";
import { approve, fundDispute, REFUND, resolve, settlementsOf, signDecision } from "../support/settlement-support.ts";

const HOUR_MS = 3_600_000;

let server: TestServer;
let faults: FaultyLedger;
let second: TestWallet;
/** Admin A, who proposes. */
let proposer: TestClient;
/** Admin B, who approves. */
let approver: TestClient;

const orderOf = (id: string) =>
  server.ctx.db.selectFrom("orders").select(["status", "settlementStatus", "resolvedBy"]).where("id", "=", id).executeTakeFirstOrThrow();
const audits = (id: string, action: string) =>
  server.ctx.db.selectFrom("auditLog").selectAll().where("targetId", "=", id).where("action", "=", action).execute();
const lamports = async (address: string) => (await server.ctx.settlementBackend!.ledger.getAccount(new PublicKey(address)))?.lamports ?? 0n;

/** A funded dispute proposed by A: the 202 answer's settlement id. */
async function proposed(body: object = REFUND) {
  const order = await fundDispute(server.ctx);
  const res = await resolve(proposer, order.id, body);
  expect(res.status, res.text).toBe(202);
  return { order, settlementId: res.body.data.settlementId as string };
}

/** Moves the clock on; the sessions end with it, so both admins sign in again. */
async function later(ms: number) {
  server.clock.advance(ms);
  [proposer, approver] = await Promise.all([server.signIn(), server.signIn(second)]);
}

const signedBy = (wallet: TestWallet, client: TestClient, orderId: string, body: object = REFUND) =>
  signDecision(wallet, client, orderId, body);

beforeAll(async () => {
  second = createTestWallet();
  server = await startTestServer({ settlement: true, extraAdminWallets: [second], env: { PAYOUT_APPROVALS: "2" } });
  proposer = await server.signIn();
  approver = await server.signIn(second);
  faults = faultyLedger(server.ctx.settlementBackend!.ledger);
});

afterAll(async () => {
  vi.restoreAllMocks();
  await server?.close();
});

describe("four eyes on dispute payouts", () => {
  it("A's resolution answers 202 and sends nothing: the order stays DISPUTED, the proposal records A, the decision, the amounts and A's signature", async () => {
    const order = await fundDispute(server.ctx);
    const buyer = await lamports(order.buyerWalletAddress);
    const sent = faults.delivered.length;
    const signed = await signedBy(server.adminWallet, proposer, order.id);

    const res = await resolve(proposer, order.id, { ...REFUND, signedDecision: { nonce: signed.nonce, signature: signed.signature } });
    expect(res.status, res.text).toBe(202);
    expect(res.body.data).toEqual({ status: "awaiting_approval", settlementId: expect.any(String) });
    expect(faults.delivered.length).toBe(sent);
    expect(await lamports(order.buyerWalletAddress)).toBe(buyer);
    expect(await orderOf(order.id)).toMatchObject({ status: "DISPUTED", settlementStatus: null });

    const [row] = await settlementsOf(server.ctx.db, order.id);
    expect(row).toMatchObject({
      id: res.body.data.settlementId,
      status: "awaiting_approval",
      requestedBy: server.adminWallet.publicKey,
      resolution: "REFUND_BUYER",
      adminNotes: REFUND.adminNotes,
      decisionMessage: signed.message,
      decisionSignature: signed.signature,
      signature: null,
      attempts: 0,
    });
    const listed = (await approver.get("/admin/settlements?status=awaiting_approval&limit=100")).body.data.items;
    const shown = listed.find((s: { id: string }) => s.id === row.id);
    expect(shown).toMatchObject({
      requestedBy: server.adminWallet.publicKey,
      adminNotes: REFUND.adminNotes,
      expiresAt: expect.any(String),
    });
    expect(shown.payouts).toEqual([
      expect.objectContaining({ party: "buyer", wallet: order.buyerWalletAddress, amount: String(order.totalPrice), uiAmount: "1" }),
    ]);
    expect(await audits(order.id, "settlement.propose")).toEqual([
      expect.objectContaining({ adminPublicKey: server.adminWallet.publicKey, decisionSignature: signed.signature }),
    ]);
  });

  it("the proposer cannot approve their own proposal (403), nor propose the order twice (409)", async () => {
    const { order, settlementId } = await proposed();
    const own = await approve(proposer, settlementId);
    expect(own.status).toBe(403);
    expect(own.body.message).toMatch(/another admin must approve/i);
    expect((await resolve(approver, order.id)).status).toBe(409);
    expect((await settlementsOf(server.ctx.db, order.id)).map((r) => r.status)).toEqual(["awaiting_approval"]);
    expect(await audits(order.id, "settlement.approve")).toEqual([]);
  });

  it("20 concurrent approvals by B: one 200, one transaction, one payout, one confirmed settlement", async () => {
    const { order, settlementId } = await proposed();
    const buyer = await lamports(order.buyerWalletAddress);
    const sent = faults.delivered.length;

    const answers = await Promise.all(Array.from({ length: 20 }, () => approve(approver, settlementId)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
    const winner = answers.find((a) => a.status === 200)!;
    expect(winner.body.data).toEqual({ status: "confirmed", transactionSignature: expect.any(String) });

    expect(faults.delivered.length - sent).toBe(1);
    expect(faults.delivered.at(-1)).toBe(winner.body.data.transactionSignature);
    expect(await lamports(order.buyerWalletAddress)).toBe(buyer + BigInt(order.totalPrice));
    expect(await settlementsOf(server.ctx.db, order.id)).toEqual([
      expect.objectContaining({
        id: settlementId,
        status: "confirmed",
        attempts: 1,
        approvedBy: second.publicKey,
        signature: winner.body.data.transactionSignature,
      }),
    ]);
    expect(await orderOf(order.id)).toMatchObject({ status: "REFUNDED", settlementStatus: "CONFIRMED" });
    expect(await audits(order.id, "settlement.approve")).toEqual([expect.objectContaining({ adminPublicKey: second.publicKey })]);
    expect(await audits(order.id, "order.resolve_dispute")).toHaveLength(1);
  });

  it("an approval with B's own signed decision over the same payout is audited with it, and audit:verify re-checks it", async () => {
    const { order, settlementId } = await proposed();
    const signed = await signedBy(second, approver, order.id);
    const res = await approve(approver, settlementId, { decision: { nonce: signed.nonce, signature: signed.signature } });
    expect(res.status, res.text).toBe(200);
    const [entry] = await audits(order.id, "settlement.approve");
    expect(entry).toMatchObject({ adminPublicKey: second.publicKey, decisionMessage: signed.message, decisionSignature: signed.signature });

    const verified = await verifyAuditSignatures(server.ctx.db);
    expect(verified.failures).toEqual([]);
    // A forged approval entry, as if the proposer had approved their own payout, is caught offline.
    await server.ctx.db
      .insertInto("auditLog")
      .values({ ...entry, id: undefined, adminPublicKey: server.adminWallet.publicKey, decisionMessage: null, decisionSignature: null })
      .execute();
    const tampered = await verifyAuditSignatures(server.ctx.db);
    expect(tampered.checked).toBe(verified.checked + 1);
    expect(tampered.failures).toEqual([
      expect.objectContaining({ targetId: order.id, problem: "the payout was approved by its own proposer" }),
    ]);
    await server.ctx.db
      .deleteFrom("auditLog")
      .where("targetId", "=", order.id)
      .where("adminPublicKey", "=", server.adminWallet.publicKey)
      .where("action", "=", "settlement.approve")
      .execute();
  });

  it("an approval signed over another payout than the one proposed is refused before anything is sent", async () => {
    const { order, settlementId } = await proposed();
    const sent = faults.delivered.length;
    // B signs a partial refund: the decision text is not the proposal's.
    const signed = await signedBy(second, approver, order.id, {
      resolution: "PARTIAL_REFUND",
      refundPercentage: 40,
      adminNotes: REFUND.adminNotes,
    });
    const res = await approve(approver, settlementId, { decision: { nonce: signed.nonce, signature: signed.signature } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: "decision", message: expect.stringMatching(/not this resolution/) }]);
    expect(faults.delivered.length).toBe(sent);
    expect((await settlementsOf(server.ctx.db, order.id)).map((r) => r.status)).toEqual(["awaiting_approval"]);
  });

  it("a rejection ends the proposal with its reason: nothing is sent, the order stays DISPUTED and can be proposed again", async () => {
    const { order, settlementId } = await proposed();
    const sent = faults.delivered.length;
    expect((await approver.post(`/admin/settlements/${settlementId}/reject`, {})).status).toBe(400);
    const rejected = await approver.post(`/admin/settlements/${settlementId}/reject`, { reason: "The seller sent tracking proof" });
    expect(rejected.status, rejected.text).toBe(200);
    expect(rejected.body.data).toMatchObject({
      id: settlementId,
      status: "rejected",
      lastError: expect.stringContaining("The seller sent tracking proof"),
    });
    expect((await approve(approver, settlementId)).status).toBe(409);
    expect(faults.delivered.length).toBe(sent);
    expect(await orderOf(order.id)).toMatchObject({ status: "DISPUTED", settlementStatus: null });
    expect(await audits(order.id, "settlement.reject")).toEqual([
      expect.objectContaining({ adminPublicKey: second.publicKey, reason: "The seller sent tracking proof" }),
    ]);

    const again = await resolve(proposer, order.id, { resolution: "RELEASE_TO_SELLER", adminNotes: "Tracking shows delivery" });
    expect(again.status, again.text).toBe(202);
    expect((await settlementsOf(server.ctx.db, order.id)).map((r) => r.status).sort()).toEqual(["awaiting_approval", "rejected"]);

    // The order's history tells the four-eyes steps in words.
    const timeline = await approver.get(`/admin/orders/${order.id}/timeline`);
    expect(timeline.status, timeline.text).toBe(200);
    const titles = timeline.body.data.events.map((event: { title: string }) => event.title);
    expect(titles.filter((title: string) => title.startsWith("Payout"))).toEqual(["Payout proposed", "Payout rejected", "Payout proposed"]);
  });

  it("an expired proposal cannot be approved: it ends expired, audited, and nothing is sent", async () => {
    const { order, settlementId } = await proposed();
    const sent = faults.delivered.length;
    await later(72 * HOUR_MS + 1_000);
    const late = await approve(approver, settlementId);
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/expired/);
    expect(faults.delivered.length).toBe(sent);
    expect((await settlementsOf(server.ctx.db, order.id)).map((r) => r.status)).toEqual(["expired"]);
    expect(await orderOf(order.id)).toMatchObject({ status: "DISPUTED", settlementStatus: null });
    expect(await audits(order.id, "settlement.expire")).toEqual([
      expect.objectContaining({ adminPublicKey: server.adminWallet.publicKey }),
    ]);
  });

  it("the re-check expires proposals past their end, and one made near the dispute's deadline ends at the deadline", async () => {
    const db = server.ctx.db;
    const limitSeconds = 7 * 86_400;
    await setDisputeLimit(db, limitSeconds);
    try {
      // Raised 6 days and 23 hours ago: one hour left, less than the 72 h window.
      const raised = server.clock.now() - limitSeconds * 1000 + HOUR_MS;
      const order = await fundDispute(server.ctx, { disputeRaisedAt: new Date(raised).toISOString() });
      const res = await resolve(proposer, order.id);
      expect(res.status, res.text).toBe(202);
      const [row] = await settlementsOf(db, order.id);
      expect(row.expiresAt).toBe(new Date(raised + limitSeconds * 1000).toISOString());

      await later(HOUR_MS + 1_000);
      expect(await expireProposals(server.ctx)).toBeGreaterThanOrEqual(1);
      expect((await settlementsOf(db, order.id)).map((r) => r.status)).toEqual(["expired"]);
      expect((await approve(approver, row.id)).status).toBe(409);
    } finally {
      await db.updateTable("marketplaceConfig").set({ disputeResolutionLimit: null }).where("id", "=", 1).execute();
    }
  });

  it("the live counts include the proposals awaiting approval", async () => {
    await proposed();
    const res = await approver.get("/admin/events");
    expect(res.status).toBe(200);
    const waiting = await server.ctx.db.selectFrom("settlements").select("id").where("status", "=", "awaiting_approval").execute();
    expect(res.body.data).toMatchObject({ open: expect.any(Number), awaitingApproval: waiting.length });
    expect(waiting.length).toBeGreaterThan(0);
  });
});

describe("PAYOUT_APPROVALS at start-up", () => {
  const env = (wallets: TestWallet[], approvals?: string) => ({
    ADMIN_WALLETS: wallets.map((w) => w.publicKey).join(","),
    SESSION_SECRET: "a-session-secret-of-at-least-32-characters",
    ...(approvals === undefined ? {} : { PAYOUT_APPROVALS: approvals }),
  });

  it("refuses to start with fewer admin wallets than approvals required, naming both numbers", () => {
    const start = () => loadConfig(env([createTestWallet()], "2"), "/tmp");
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(/PAYOUT_APPROVALS: 2 admins must approve each payout, but ADMIN_WALLETS lists 1 admin wallet/);
  });

  it("defaults to one admin, and takes 2 with two wallets; anything else is refused", () => {
    expect(loadConfig(env([createTestWallet()]), "/tmp").payoutApprovals).toEqual({ required: 1, ttlMs: 72 * HOUR_MS });
    expect(
      loadConfig({ ...env([createTestWallet(), createTestWallet()], "2"), PAYOUT_APPROVAL_HOURS: "24" }, "/tmp").payoutApprovals,
    ).toEqual({ required: 2, ttlMs: 24 * HOUR_MS });
    expect(() => loadConfig(env([createTestWallet()], "3"), "/tmp")).toThrow(/PAYOUT_APPROVALS: "3" is not 1/);
  });
});
