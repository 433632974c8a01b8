// Payout rules on an RPC cluster (the development chain `npm run chain` runs, in memory): a payout is
// sent under the rules in force when it is sent. A's payout failed under one approval; after a restart
// under four eyes and signed decisions without A, B's retry needs a signature and becomes a proposal;
// an escrow topped up by anyone meanwhile refuses the approval, naming the amounts; a proposal whose
// proposer was removed from ADMIN_WALLETS is expired instead of paid; and a signed approval is compared
// with the lines the server wrote, never with a reason that repeats them. Every payout is counted in
// the cluster's broadcasts and balances.
import { address, lamports } from "@solana/kit";
import { PublicKey } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyAuditSignatures } from "../../../server/services/audit-verify.ts";
import { faultyLedger } from "../support/faulty-ledger.ts";
import { createTestWallet, restartingServers, type TestServer, type TestWallet } from "../support/harness.ts";
import { startRpcLoopback, type Loopback } from "../support/rpc-loopback.ts";
import { approve, fundDispute, proofOf, REFUND, refundLines, resolve, settlementsOf, signDecision } from "../support/settlement-support.ts";

const SOL = 1_000_000_000n;
const SYSTEM_PROGRAM = "11111111111111111111111111111111";

const adminA = createTestWallet();
const adminB = createTestWallet();
const adminC = createTestWallet();

let loop: Loopback;
const restart = restartingServers(() => ({ cluster: loop.url, rpc: { pollIntervalMs: 5, rebroadcastIntervalMs: 25, airdrop: true } }));

/** (Re)starts the server on the same data folder (its authority key), database and cluster. */
async function start(primary: TestWallet, others: TestWallet[], env: Record<string, string> = {}): Promise<TestServer> {
  const server = await restart(primary, others, env);
  const backend = server.ctx.settlementBackend!;
  await backend.ledger.airdrop!(backend.authority, 100n * SOL);
  return server;
}

const balance = async (s: TestServer, wallet: string) =>
  (await s.ctx.settlementBackend!.ledger.getAccount(new PublicKey(wallet)))?.lamports ?? 0n;

beforeAll(async () => {
  loop = await startRpcLoopback();
});

afterAll(async () => {
  await loop?.close();
});

describe("the rules in force when a payout is sent, on an RPC cluster", () => {
  it("A's failed payout, retried after a restart under four eyes and signed decisions without A: a signature is required, the retry is B's proposal, a top-up of the escrow refuses C's approval, and one payout of what was approved follows", async () => {
    const first = await start(adminA, [adminB]);
    const order = await fundDispute(first.ctx);
    faultyLedger(first.ctx.settlementBackend!.ledger).failOnce("the chain could not record it");
    expect((await resolve(await first.signIn(), order.id)).status).toBe(502);
    const [failed] = await settlementsOf(first.ctx.db, order.id);
    expect(failed.status).toBe("failed");

    const second = await start(adminB, [adminC], { PAYOUT_APPROVALS: "2", REQUIRE_SIGNED_DECISIONS: "1" });
    const [b, c] = await Promise.all([second.signIn(adminB), second.signIn(adminC)]);
    loop.broadcasts.length = 0;
    const buyer = await balance(second, order.buyerWalletAddress);

    const unsigned = await b.post(`/admin/settlements/${failed.id}/retry`, { reason: "The cluster is back" });
    expect(unsigned.status, unsigned.text).toBe(400);
    expect(unsigned.body.errors).toEqual([{ field: "signedDecision", message: expect.any(String) }]);
    const retried = await b.post(`/admin/settlements/${failed.id}/retry`, {
      reason: "The cluster is back",
      signedDecision: proofOf(await signDecision(adminB, b, order.id)),
    });
    expect(retried.status, retried.text).toBe(202);
    expect(retried.body.data).toMatchObject({ status: "awaiting_approval", requestedBy: adminB.publicKey });
    expect(loop.broadcasts).toEqual([]);

    // Anyone can send lamports to an escrow address.
    await second.ctx.settlementBackend!.ledger.airdrop!(new PublicKey(order.escrowPDA!), 2n * SOL);
    const topped = await approve(c, retried.body.data.id, { decision: proofOf(await signDecision(adminC, c, order.id)) });
    expect(topped.status, topped.text).toBe(409);
    expect(topped.body.message).toMatch(/the buyer would now receive 3 SOL, not the 1 SOL decided/);
    expect(loop.broadcasts).toEqual([]);
    expect(await balance(second, order.buyerWalletAddress)).toBe(buyer);

    expect((await c.post(`/admin/settlements/${retried.body.data.id}/reject`, { reason: "The escrow changed" })).status).toBe(200);
    const again = await resolve(b, order.id, { ...REFUND, signedDecision: proofOf(await signDecision(adminB, b, order.id)) });
    expect(again.status, again.text).toBe(202);
    const paid = await approve(c, again.body.data.settlementId, { decision: proofOf(await signDecision(adminC, c, order.id)) });
    expect(paid.status, paid.text).toBe(200);
    expect(new Set(loop.broadcasts)).toEqual(new Set([paid.body.data.transactionSignature]));
    expect(await balance(second, order.buyerWalletAddress)).toBe(buyer + 3n * SOL);
    expect((await settlementsOf(second.ctx.db, order.id)).map((r) => r.status).sort()).toEqual(["confirmed", "failed", "rejected"]);
    expect((await verifyAuditSignatures(second.ctx.db)).failures).toEqual([]);
  });

  it("a proposal by an admin removed from ADMIN_WALLETS since is expired, saying so, when approved: nothing is broadcast", async () => {
    const first = await start(adminA, [adminB, adminC], { PAYOUT_APPROVALS: "2" });
    const order = await fundDispute(first.ctx);
    const proposed = await resolve(await first.signIn(adminA), order.id);
    expect(proposed.status, proposed.text).toBe(202);

    const second = await start(adminB, [adminC], { PAYOUT_APPROVALS: "2" });
    loop.broadcasts.length = 0;
    const refused = await approve(await second.signIn(adminB), proposed.body.data.settlementId);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.message).toMatch(new RegExp(`proposer ${adminA.publicKey} is no longer an admin`));
    expect(loop.broadcasts).toEqual([]);
    expect(await settlementsOf(second.ctx.db, order.id)).toEqual([
      expect.objectContaining({ status: "expired", lastError: expect.stringMatching(/no longer an admin/) }),
    ]);
  });

  it("a signed approval over a text whose server lines state another payout is refused, even when the proposer's reason repeats the proposed lines", async () => {
    const s = await start(adminA, [adminB], { PAYOUT_APPROVALS: "2" });
    const [a, b] = await Promise.all([s.signIn(adminA), s.signIn(adminB)]);
    const order = await fundDispute(s.ctx);
    const notes = `Refund agreed\n${refundLines(order).join("\n")}`;
    const proposed = await resolve(a, order.id, { ...REFUND, adminNotes: notes });
    expect(proposed.status, proposed.text).toBe(202);

    const escrow = new PublicKey(order.escrowPDA!);
    await s.ctx.settlementBackend!.ledger.airdrop!(escrow, 2n * SOL);
    const bSigned = await signDecision(adminB, b, order.id, { ...REFUND, adminNotes: notes });
    expect(bSigned.message).toContain(`Buyer receives: 3 SOL to ${order.buyerWalletAddress}`);
    // The escrow back to what was proposed, so only the signed text differs.
    loop.svm.setAccount({
      address: address(escrow.toBase58()),
      lamports: lamports(SOL),
      programAddress: address(SYSTEM_PROGRAM),
      data: new Uint8Array(),
      executable: false,
      space: 0n,
    });
    loop.broadcasts.length = 0;

    const res = await approve(b, proposed.body.data.settlementId, { decision: proofOf(bSigned) });
    expect(res.status, res.text).toBe(409);
    expect(res.body.message).toMatch(/not the one proposed/);
    expect(loop.broadcasts).toEqual([]);
    expect((await verifyAuditSignatures(s.ctx.db)).failures).toEqual([]);
  });
});
