// No way around four eyes. A payout is sent under the rules in force when it is sent, not those of its
// first decision: a retry or a re-check's re-send after a restart under PAYOUT_APPROVALS=2 and
// REQUIRE_SIGNED_DECISIONS, a proposal whose proposer is no longer an admin, the local demo wallet as a
// second approver, an escrow topped up between proposal and approval, and a reason written to pass for
// the server's own lines. On the in-process chain, on SQLite and on PostgreSQL; every payout is counted
// on chain (transactions delivered, balances), not only in the rows.
import { PublicKey } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyAuditSignatures } from "../../../server/services/audit-verify.ts";
import { expireProposals } from "../../../server/services/payout-approvals.ts";
import { resumeSettlements } from "../../../server/services/settlements.ts";
import { faultyLedger, type FaultyLedger } from "../support/faulty-ledger.ts";
import {
  createTestWallet,
  restartingServers,
  startTestServer,
  walletFromSecret,
  type TestClient,
  type TestServer,
  type TestWallet,
} from "../support/harness.ts";
import { approve, fundDispute, REFUND, refundLines, resolve, retry, settlementsOf, signDecision } from "../support/settlement-support.ts";

const SOL = 1_000_000_000n;

const adminA = createTestWallet();
const adminB = createTestWallet();
const adminC = createTestWallet();

const lamportsAt = async (server: TestServer, address: string) =>
  (await server.ctx.settlementBackend!.ledger.getAccount(new PublicKey(address)))?.lamports ?? 0n;
const audits = (server: TestServer, id: string, action: string) =>
  server.ctx.db.selectFrom("auditLog").selectAll().where("targetId", "=", id).where("action", "=", action).execute();
const orderOf = (server: TestServer, id: string) =>
  server.ctx.db.selectFrom("orders").select(["status", "settlementStatus"]).where("id", "=", id).executeTakeFirstOrThrow();

describe("a retry, and the re-check, obey the rules in force when they send", () => {
  /** (Re)starts the server on the same data folder, database and in-process chain. */
  const start = restartingServers(() => true);

  it("A's payout failed under one approval; restarted under four eyes and signed decisions without A, B's retry needs a signature, becomes B's proposal, and only C's approval pays", async () => {
    const first = await start(adminA, [adminB]);
    const order = await fundDispute(first.ctx);
    faultyLedger(first.ctx.settlementBackend!.ledger).failOnce("the chain could not record it");
    const failed = await resolve(await first.signIn(), order.id);
    expect(failed.status, failed.text).toBe(502);
    const [row] = await settlementsOf(first.ctx.db, order.id);
    expect(row).toMatchObject({ status: "failed", requestedBy: adminA.publicKey });

    const second = await start(adminB, [adminC], { PAYOUT_APPROVALS: "2", REQUIRE_SIGNED_DECISIONS: "1" });
    const faults = faultyLedger(second.ctx.settlementBackend!.ledger);
    const buyer = await lamportsAt(second, order.buyerWalletAddress);
    const [b, c] = await Promise.all([second.signIn(adminB), second.signIn(adminC)]);

    const unsigned = await retry(b, row.id, { reason: "The cluster is back" });
    expect(unsigned.status, unsigned.text).toBe(400);
    expect(unsigned.body.errors).toEqual([{ field: "signedDecision", message: expect.stringMatching(/signed/) }]);
    expect(faults.delivered).toEqual([]);

    const bSigned = await signDecision(adminB, b, order.id);
    const proposal = await retry(b, row.id, {
      reason: "The cluster is back",
      signedDecision: { nonce: bSigned.nonce, signature: bSigned.signature },
    });
    expect(proposal.status, proposal.text).toBe(202);
    expect(proposal.body.data).toMatchObject({ status: "awaiting_approval", requestedBy: adminB.publicKey, orderId: order.id });
    expect(proposal.body.data.id).not.toBe(row.id);
    expect(faults.delivered).toEqual([]);
    expect(await lamportsAt(second, order.buyerWalletAddress)).toBe(buyer);
    expect(await audits(second, order.id, "settlement.retry")).toEqual([
      expect.objectContaining({ adminPublicKey: adminB.publicKey, reason: "The cluster is back" }),
    ]);

    expect((await approve(b, proposal.body.data.id)).status).toBe(403);
    const cSigned = await signDecision(adminC, c, order.id);
    const approved = await approve(c, proposal.body.data.id, { decision: { nonce: cSigned.nonce, signature: cSigned.signature } });
    expect(approved.status, approved.text).toBe(200);
    expect(faults.delivered).toEqual([approved.body.data.transactionSignature]);
    expect(await lamportsAt(second, order.buyerWalletAddress)).toBe(buyer + BigInt(order.totalPrice));
    expect((await settlementsOf(second.ctx.db, order.id)).map((r) => r.status).sort()).toEqual(["confirmed", "failed"]);
    expect((await retry(c, row.id, { reason: "Again" })).status).toBe(409);
    expect(faults.delivered).toHaveLength(1);
  });

  it("a payout two admins approved is retried as it was, while both are still admins; once its proposer is removed, a retry is a new proposal", async () => {
    const first = await start(adminA, [adminB, adminC], { PAYOUT_APPROVALS: "2" });
    const faults = faultyLedger(first.ctx.settlementBackend!.ledger);
    const [a, b] = await Promise.all([first.signIn(adminA), first.signIn(adminB)]);
    const kept = await fundDispute(first.ctx);
    const dropped = await fundDispute(first.ctx);
    const ids: Record<string, string> = {};
    for (const order of [kept, dropped]) {
      const proposed = await resolve(a, order.id);
      expect(proposed.status, proposed.text).toBe(202);
      faults.failOnce("the chain could not record it");
      expect((await approve(b, proposed.body.data.settlementId)).status).toBe(502);
      ids[order.id] = proposed.body.data.settlementId;
    }
    const c = await first.signIn(adminC);
    const again = await retry(c, ids[kept.id], { reason: "Congestion is over" });
    expect(again.status, again.text).toBe(200);
    expect(again.body.data).toMatchObject({ id: ids[kept.id], status: "confirmed" });

    const second = await start(adminB, [adminC], { PAYOUT_APPROVALS: "2" });
    const later = faultyLedger(second.ctx.settlementBackend!.ledger);
    const c2 = await second.signIn(adminC);
    const proposal = await retry(c2, ids[dropped.id], { reason: "Congestion is over" });
    expect(proposal.status, proposal.text).toBe(202);
    expect(proposal.body.data).toMatchObject({ status: "awaiting_approval", requestedBy: adminC.publicKey });
    expect(later.delivered).toEqual([]);
  });

  it("the re-check re-sends an approved payout, but never a new payout nobody approved under today's rules: that one ends failed, nothing sent", async () => {
    const first = await start(adminA, [adminB]);
    const faults = faultyLedger(first.ctx.settlementBackend!.ledger);
    const order = await fundDispute(first.ctx);
    faults.timeOutOnce();
    const unknown = await resolve(await first.signIn(), order.id);
    expect(unknown.status, unknown.text).toBe(504);
    expect((await settlementsOf(first.ctx.db, order.id)).map((r) => r.status)).toEqual(["submitted"]);

    const second = await start(adminB, [adminC], { PAYOUT_APPROVALS: "2" });
    const later = faultyLedger(second.ctx.settlementBackend!.ledger);
    const buyer = await lamportsAt(second, order.buyerWalletAddress);
    const outcomes = await resumeSettlements(second.ctx);
    expect(outcomes).toEqual([
      expect.objectContaining({ orderId: order.id, outcome: "failed", message: expect.stringMatching(/second admin/) }),
    ]);
    expect(later.delivered).toEqual([]);
    expect(await lamportsAt(second, order.buyerWalletAddress)).toBe(buyer);
    const [row] = await settlementsOf(second.ctx.db, order.id);
    expect(row).toMatchObject({ status: "failed", lastError: expect.stringMatching(/second admin/) });
    expect(await orderOf(second, order.id)).toMatchObject({ status: "DISPUTED", settlementStatus: "FAILED" });
  });
});

describe("under four eyes", () => {
  let server: TestServer;
  let faults: FaultyLedger;
  let a: TestClient;
  let b: TestClient;
  let demo: TestClient;
  let demoWallet: TestWallet;

  beforeAll(async () => {
    server = await startTestServer({
      settlement: true,
      adminWallet: adminA,
      extraAdminWallets: [adminB, adminC],
      env: { PAYOUT_APPROVALS: "2", DEMO_WALLET: "unsafe-on" },
    });
    faults = faultyLedger(server.ctx.settlementBackend!.ledger);
    [a, b] = await Promise.all([server.signIn(adminA), server.signIn(adminB)]);
    const handed = await server.client().get("/demo/wallet");
    expect(handed.status, handed.text).toBe(200);
    demoWallet = walletFromSecret(handed.body.data.secretKey);
    demo = await server.signIn(demoWallet);
  });

  afterAll(async () => {
    await server?.close();
  });

  it("a proposal whose proposer is no longer an admin cannot be approved: it ends expired, saying why, audited, and nothing is sent", async () => {
    const order = await fundDispute(server.ctx);
    const proposed = await resolve(a, order.id);
    expect(proposed.status, proposed.text).toBe(202);
    const sent = faults.delivered.length;
    await server.ctx.db.updateTable("users").set({ role: "USER" }).where("publicKey", "=", adminA.publicKey).execute();
    try {
      const refused = await approve(b, proposed.body.data.settlementId);
      expect(refused.status, refused.text).toBe(409);
      expect(refused.body.message).toMatch(/no longer an admin/);
      expect(faults.delivered.length).toBe(sent);
      expect(await settlementsOf(server.ctx.db, order.id)).toEqual([
        expect.objectContaining({ status: "expired", lastError: expect.stringMatching(/no longer an admin/) }),
      ]);
      expect(await audits(server, order.id, "settlement.expire")).toEqual([
        expect.objectContaining({ reason: expect.stringMatching(/no longer an admin/) }),
      ]);
      expect(await orderOf(server, order.id)).toMatchObject({ status: "DISPUTED", settlementStatus: null });
    } finally {
      await server.ctx.db.updateTable("users").set({ role: "ADMIN" }).where("publicKey", "=", adminA.publicKey).execute();
    }
  });

  it("the re-check's pass expires the proposals of admins who were removed since", async () => {
    const order = await fundDispute(server.ctx);
    expect((await resolve(a, order.id)).status).toBe(202);
    await server.ctx.db.updateTable("users").set({ disabled: 1 }).where("publicKey", "=", adminA.publicKey).execute();
    try {
      expect(await expireProposals(server.ctx)).toBeGreaterThanOrEqual(1);
      expect(await settlementsOf(server.ctx.db, order.id)).toEqual([
        expect.objectContaining({ status: "expired", lastError: expect.stringMatching(/no longer an admin/) }),
      ]);
    } finally {
      await server.ctx.db.updateTable("users").set({ disabled: 0 }).where("publicKey", "=", adminA.publicKey).execute();
      [a] = await Promise.all([server.signIn(adminA)]);
    }
  });

  it("the local demo wallet, whose key anyone on the machine can fetch, can neither propose nor approve (403 saying why)", async () => {
    const order = await fundDispute(server.ctx);
    const own = await resolve(demo, order.id);
    expect(own.status, own.text).toBe(403);
    expect(own.body.message).toMatch(/demo wallet.*PAYOUT_APPROVALS/);

    const proposed = await resolve(a, order.id);
    expect(proposed.status, proposed.text).toBe(202);
    const sent = faults.delivered.length;
    const second = await approve(demo, proposed.body.data.settlementId);
    expect(second.status, second.text).toBe(403);
    expect(second.body.message).toMatch(/demo wallet/);
    expect(faults.delivered.length).toBe(sent);
    expect(await settlementsOf(server.ctx.db, order.id)).toEqual([
      expect.objectContaining({ status: "awaiting_approval", approvedBy: null }),
    ]);
  });

  it("an approval pays what was proposed: an escrow topped up since is refused (409 naming both amounts), the proposal kept for a new decision", async () => {
    const order = await fundDispute(server.ctx);
    const proposed = await resolve(a, order.id);
    expect(proposed.status, proposed.text).toBe(202);
    const escrow = new PublicKey(order.escrowPDA!);
    await server.ctx.settlementBackend!.ledger.airdrop!(escrow, 2n * SOL);
    const sent = faults.delivered.length;
    const buyer = await lamportsAt(server, order.buyerWalletAddress);

    const refused = await approve(b, proposed.body.data.settlementId);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.message).toContain("1 SOL");
    expect(refused.body.message).toContain("3 SOL");
    expect(faults.delivered.length).toBe(sent);
    expect(await lamportsAt(server, order.buyerWalletAddress)).toBe(buyer);
    expect(await settlementsOf(server.ctx.db, order.id)).toEqual([
      expect.objectContaining({ status: "awaiting_approval", approvedBy: null }),
    ]);
  });

  it("a signed approval is checked against the lines the server wrote, never against a reason that repeats them", async () => {
    const order = await fundDispute(server.ctx);
    // The proposer's reason repeats the payout lines of the proposal as the server writes them.
    const notes = `Refund agreed\n${refundLines(order).join("\n")}`;
    const proposed = await resolve(a, order.id, { ...REFUND, adminNotes: notes });
    expect(proposed.status, proposed.text).toBe(202);
    // The escrow holds 3 SOL while B's text is written, then 1 SOL again when B approves.
    const ledger = server.ctx.settlementBackend!.ledger;
    const escrow = new PublicKey(order.escrowPDA!);
    const held = (await ledger.getAccount(escrow))!;
    await ledger.airdrop!(escrow, 2n * SOL);
    const bSigned = await signDecision(adminB, b, order.id, { ...REFUND, adminNotes: notes });
    expect(bSigned.message).toContain(`Buyer receives: 3 SOL to ${order.buyerWalletAddress}`);
    await ledger.setAccount!(escrow, held);
    const sent = faults.delivered.length;

    const res = await approve(b, proposed.body.data.settlementId, { decision: { nonce: bSigned.nonce, signature: bSigned.signature } });
    expect(res.status, res.text).toBe(409);
    expect(res.body.message).toMatch(/not the one proposed/);
    expect(faults.delivered.length).toBe(sent);
    expect((await verifyAuditSignatures(server.ctx.db)).failures).toEqual([]);
  });
});

describe("signed texts cannot be made to lie", () => {
  let server: TestServer;
  let a: TestClient;

  beforeAll(async () => {
    server = await startTestServer({ settlement: true, adminWallet: adminA });
    a = await server.signIn(adminA);
  });

  afterAll(async () => {
    await server?.close();
  });

  it.each([
    ["a line separator", "Refund\u2028Order: x"],
    ["a paragraph separator", "Refund\u2029x"],
    ["a carriage return", "Refund\rBuyer receives: 9 SOL"],
    ["a zero-width space", "Ref\u200bund"],
    ["a zero-width joiner", "Ref\u200dund"],
    ["a right-to-left mark", "Refund \u200f100"],
    ["an Arabic letter mark", "Refund \u061c100"],
    ["a byte order mark", "\ufeffRefund"],
    ["a word joiner", "Ref\u2060und"],
  ])("admin notes with %s are refused (400 naming adminNotes) by the decision, the preview and the resolve", async (_what, adminNotes) => {
    const order = await fundDispute(server.ctx);
    for (const path of ["/resolve-dispute/decision", "/resolve-dispute/preview", "/resolve-dispute"]) {
      const res = await a.post(`/admin/orders/${order.id}${path}`, { ...REFUND, adminNotes });
      expect(res.status, `${path}: ${res.text}`).toBe(400);
      expect(res.body.errors).toEqual([{ field: "adminNotes", message: expect.stringMatching(/Admin notes/) }]);
    }
  });

  it("the reason keeps its line feeds, quoted after a fixed marker: no line of it can pass for one the server wrote", async () => {
    const order = await fundDispute(server.ctx);
    const adminNotes = `Refund agreed\nBuyer receives: 100 SOL to ${order.sellerWalletAddress}\nNonce: 0`;
    const { message } = await signDecision(adminA, a, order.id, { ...REFUND, adminNotes });
    const lines = message.split("\n");
    const marker = lines.indexOf("Reason, as the admin wrote it:");
    expect(marker).toBeGreaterThan(0);
    expect(lines.slice(marker + 1)).toEqual(["> Refund agreed", `> Buyer receives: 100 SOL to ${order.sellerWalletAddress}`, "> Nonce: 0"]);
    expect(lines.filter((line) => line.startsWith("Buyer receives:"))).toHaveLength(1);
    expect(lines.filter((line) => line.startsWith("Nonce:"))).toHaveLength(1);
  });
});
