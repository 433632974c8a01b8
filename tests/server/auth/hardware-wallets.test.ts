// Hardware wallets: an admin whose wallet signs transactions but not messages signs in, and signs a
// dispute decision and an approval, by signing a never-sent transaction whose only instruction is a
// memo of the server's exact text. Refused: a memo of other words, a second instruction, another fee
// payer, a real blockhash (a transaction that landed on the loopback chain), a reused nonce; and
// audit:verify re-checks such a decision and names a tampered one.
import { Connection, LAMPORTS_PER_SOL, SystemProgram } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DecisionChallenge } from "../../../contract/index.ts";
import { memoTransactionProblem } from "../../../server/auth/memo-transaction.ts";
import { verifyAuditSignatures } from "../../../server/services/audit-verify.ts";
import { startRpcLoopback, type Loopback } from "../support/rpc-loopback.ts";
import { keypairOf, memoTransaction } from "../support/memo-transaction.ts";
import { approve, fundDispute, REFUND, resolve } from "../support/settlement-support.ts";
import { createTestWallet, startTestServer, TestClient, type TestServer, type TestWallet } from "../support/harness.ts";

let server: TestServer;
let second: TestWallet;

beforeAll(async () => {
  second = createTestWallet();
  server = await startTestServer({ settlement: true, extraAdminWallets: [second] });
});

afterAll(async () => {
  await server?.close();
});

/** A fresh client's sign-in challenge for `wallet`. */
async function challengeFor(wallet: TestWallet) {
  const client = new TestClient(server.baseUrl);
  const res = await client.get(`/auth/nonce?publicKey=${wallet.publicKey}`);
  expect(res.status, res.text).toBe(200);
  return { client, ...(res.body.data as { nonce: string; message: string }) };
}

const verify = (
  client: TestClient,
  wallet: TestWallet,
  nonce: string,
  message: string,
  signed: { signedTransaction: string; signature: string },
) => client.post("/auth/admin/verify", { publicKey: wallet.publicKey, nonce, message, ...signed });

describe("sign-in with a transaction-signing wallet", () => {
  it("signs in with the issued text as the only memo of a never-sent transaction; the nonce then is spent", async () => {
    const wallet = server.adminWallet;
    const { client, nonce, message } = await challengeFor(wallet);
    const signed = memoTransaction(wallet, message);
    const res = await verify(client, wallet, nonce, message, { signedTransaction: signed.signedTransaction, signature: signed.signature });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ isAdmin: true, adminWalletAuthorized: true });
    expect((await client.get("/auth/validate")).status).toBe(200);

    const again = await verify(client, wallet, nonce, message, signed);
    expect(again.status).toBe(401);
  });

  it("refuses a memo of other words, a second instruction, another fee payer, a signature not the transaction's", async () => {
    const wallet = server.adminWallet;
    const other = createTestWallet();
    const cases: [string, (message: string) => { signedTransaction: string; signature: string }, string][] = [
      ["other words", (m) => memoTransaction(wallet, m, { memo: `${m} ` }), "the memo is not the issued text"],
      [
        "a second instruction",
        (m) =>
          memoTransaction(wallet, m, {
            extra: SystemProgram.transfer({ fromPubkey: keypairOf(wallet).publicKey, toPubkey: keypairOf(other).publicKey, lamports: 1 }),
          }),
        "the transaction has other instructions than the memo",
      ],
      ["another fee payer", (m) => memoTransaction(wallet, m, { feePayer: other }), "the fee payer is not the signing key"],
      ["another signature", (m) => ({ ...memoTransaction(wallet, m), signature: wallet.sign(m) }), ""],
    ];
    for (const [name, build, why] of cases) {
      const { client, nonce, message } = await challengeFor(wallet);
      const signed = build(message);
      if (why) expect(memoTransactionProblem(wallet.publicKey, signed.signedTransaction, message), name).toBe(why);
      const res = await verify(client, wallet, nonce, message, signed);
      expect(res.status, `${name}: ${res.text}`).toBe(401);
      expect(res.body.message).toBe("Invalid signature or expired nonce");
    }
  });

  it("refuses a transaction with a real blockhash: one that landed on the chain", async () => {
    const loop: Loopback = await startRpcLoopback();
    try {
      const connection = new Connection(loop.url, "confirmed");
      // Polled (the loopback's subscriptions are not what this is about): confirmed without an error.
      const landed = (signature: string) =>
        vi.waitFor(
          async () => {
            const { value } = await connection.getSignatureStatus(signature);
            expect(value?.confirmationStatus).toMatch(/confirmed|finalized/);
            expect(value?.err).toBeNull();
          },
          { timeout: 10_000, interval: 20 },
        );
      const wallet = server.adminWallet;
      const payer = keypairOf(wallet).publicKey;
      await landed(await connection.requestAirdrop(payer, LAMPORTS_PER_SOL));
      const { client, nonce, message } = await challengeFor(wallet);
      const { blockhash } = await connection.getLatestBlockhash();
      const sent = memoTransaction(wallet, message, { blockhash });
      await landed(await connection.sendRawTransaction(sent.transaction.serialize()));

      expect(memoTransactionProblem(wallet.publicKey, sent.signedTransaction, message)).toBe(
        "the blockhash is not the one derived from the text",
      );
      const res = await verify(client, wallet, nonce, message, sent);
      expect(res.status, res.text).toBe(401);
    } finally {
      await loop.close();
    }
  });

  it("takes signedTransaction as an optional, base64 field, published in the OpenAPI document", async () => {
    const { client, nonce, message } = await challengeFor(server.adminWallet);
    const res = await client.post("/auth/admin/verify", {
      publicKey: server.adminWallet.publicKey,
      nonce,
      message,
      signature: "x",
      signedTransaction: "not base64!",
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.errors)).toContain("signedTransaction");
    const spec = (await client.get("/openapi.json")).body;
    expect(JSON.stringify(spec)).toContain("signedTransaction");
  });
});

describe("decisions signed with a transaction", () => {
  async function decisionFor(client: TestClient, orderId: string): Promise<DecisionChallenge> {
    const res = await client.post(`/admin/orders/${orderId}/resolve-dispute/decision`, REFUND);
    expect(res.status, res.text).toBe(200);
    return res.body.data as DecisionChallenge;
  }

  it("a resolve carrying the decision as a signed memo is paid and audited with its transaction; audit:verify re-checks it", async () => {
    const api = await server.signIn();
    const order = await fundDispute(server.ctx);
    const { nonce, message } = await decisionFor(api, order.id);
    const signed = memoTransaction(server.adminWallet, message);
    const signedDecision = { nonce, signature: signed.signature, signedTransaction: signed.signedTransaction };
    const res = await resolve(api, order.id, { ...REFUND, signedDecision });
    expect(res.status, res.text).toBe(200);

    const { db } = server.ctx;
    const entry = await db
      .selectFrom("auditLog")
      .selectAll()
      .where("targetId", "=", order.id)
      .where("action", "=", "order.resolve_dispute")
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      decisionMessage: message,
      decisionSignature: signed.signature,
      decisionTransaction: signed.signedTransaction,
    });
    const listed = (await api.get(`/admin/audit?targetType=order&targetId=${order.id}&limit=10`)).body.data.items as {
      signedDecision?: { transaction?: string };
    }[];
    expect(listed.map((e) => e.signedDecision?.transaction)).toContain(signed.signedTransaction);
    expect((await verifyAuditSignatures(db)).failures).toEqual([]);

    // The text rewritten after the fact no longer is the memo its transaction signed.
    const tamper = (decisionMessage: string) => db.updateTable("auditLog").set({ decisionMessage }).where("id", "=", entry.id).execute();
    try {
      await tamper(message.replace("Refund the buyer in full", "Release the funds to the seller"));
      expect((await verifyAuditSignatures(db)).failures).toEqual([
        expect.objectContaining({
          auditId: String(entry.id),
          problem: "the signed transaction does not hold: the memo is not the issued text",
        }),
      ]);
    } finally {
      await tamper(message);
    }
    // Another key's transaction over the same text is not the admin's.
    const forged = memoTransaction(second, message);
    await db
      .updateTable("auditLog")
      .set({ decisionTransaction: forged.signedTransaction, decisionSignature: forged.signature })
      .where("id", "=", entry.id)
      .execute();
    try {
      expect((await verifyAuditSignatures(db)).failures).toEqual([
        expect.objectContaining({ problem: "the signed transaction does not hold: the fee payer is not the signing key" }),
      ]);
    } finally {
      await db
        .updateTable("auditLog")
        .set({ decisionTransaction: signed.signedTransaction, decisionSignature: signed.signature })
        .where("id", "=", entry.id)
        .execute();
    }
  });

  it("refuses a decision memo of other words, another fee payer, or a reused nonce, before anything is sent", async () => {
    const api = await server.signIn();
    const order = await fundDispute(server.ctx);
    const refused = async (build: (message: string) => { signedTransaction: string; signature: string }, why: string) => {
      const { nonce, message } = await decisionFor(api, order.id);
      const { signedTransaction, signature } = build(message);
      const res = await resolve(api, order.id, { ...REFUND, signedDecision: { nonce, signature, signedTransaction } });
      expect(res.status, res.text).toBe(400);
      expect(res.body.errors).toEqual([{ field: "signedDecision", message: expect.stringContaining(why) }]);
    };
    await refused(
      (m) => memoTransaction(server.adminWallet, m, { memo: m.replace("Refund", "Refnud") }),
      "the memo is not the issued text",
    );
    await refused((m) => memoTransaction(server.adminWallet, m, { feePayer: second }), "the fee payer is not the signing key");
    await refused(
      (m) => memoTransaction(server.adminWallet, m, { blockhash: "11111111111111111111111111111111" }),
      "the blockhash is not the one derived from the text",
    );

    const { nonce, message } = await decisionFor(api, order.id);
    const { signedTransaction, signature } = memoTransaction(server.adminWallet, message);
    const body = { ...REFUND, signedDecision: { nonce, signature, signedTransaction } };
    // Spent by a first attempt that fails for another reason (another admin's session), then refused as used.
    const otherApi = await server.signIn(second);
    expect((await resolve(otherApi, order.id, body)).status).toBe(400);
    const reused = await resolve(api, order.id, body);
    expect(reused.status).toBe(400);
    expect(reused.body.errors[0].message).toMatch(/expired or was already used/);
  });

  it("under four eyes, an approval signed with a transaction is recorded with it and audit:verify holds it up", async () => {
    const four = await startTestServer({ settlement: true, extraAdminWallets: [second], env: { PAYOUT_APPROVALS: "2" } });
    try {
      const [proposer, approver] = [await four.signIn(), await four.signIn(second)];
      const order = await fundDispute(four.ctx);
      const proposed = await resolve(proposer, order.id);
      expect(proposed.status, proposed.text).toBe(202);
      const challenge = (await approver.post(`/admin/orders/${order.id}/resolve-dispute/decision`, REFUND)).body.data as DecisionChallenge;
      const { signedTransaction, signature } = memoTransaction(second, challenge.message);
      const res = await approve(approver, proposed.body.data.settlementId, {
        decision: { nonce: challenge.nonce, signature, signedTransaction },
      });
      expect(res.status, res.text).toBe(200);
      const row = await four.ctx.db.selectFrom("settlements").selectAll().where("orderId", "=", order.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        approvalMessage: challenge.message,
        approvalSignature: signature,
        approvalTransaction: signedTransaction,
      });
      const entry = await four.ctx.db
        .selectFrom("auditLog")
        .selectAll()
        .where("targetId", "=", order.id)
        .where("action", "=", "settlement.approve")
        .executeTakeFirstOrThrow();
      expect(entry.decisionTransaction).toBe(signedTransaction);
      expect((await verifyAuditSignatures(four.ctx.db)).failures).toEqual([]);
    } finally {
      await four.close();
    }
  });
});
