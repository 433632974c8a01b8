// Signed dispute decisions over real HTTP on the in-process chain: the server writes the decision in
// words with the previewed amounts, a resolve carrying the session wallet's signature over it is paid
// and audited with the text and signature, and every other signature (tampered, another wallet's,
// for another resolution, reused, expired) is refused before anything is sent.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { main as auditVerify } from "../../../scripts/audit-verify.ts";
import type { AuditEntry, DecisionChallenge, OrderTimeline, PayoutPreview } from "../../../contract/index.ts";
import { verifySolanaSignature } from "../../../server/auth/signature.ts";
import { MAX_WAITING_DECISIONS } from "../../../server/services/signed-decisions.ts";
import { fundDispute, settlementsOf } from "../support/settlement-support.ts";
import { runProcess } from "../../support/processes.ts";
import {
  createTestWallet,
  startTestServer,
  TEST_PUBLIC_ORIGIN,
  type TestClient,
  type TestServer,
  type TestWallet,
} from "../support/harness.ts";

const PARTIAL_30 = { resolution: "PARTIAL_REFUND", refundPercentage: 30, adminNotes: "Arrived damaged:\nthe buyer gets 30% back" };
const decide = (id: string) => `/admin/orders/${id}/resolve-dispute/decision`;
const resolve = (id: string) => `/admin/orders/${id}/resolve-dispute`;

describe("signed dispute decisions", () => {
  let server: TestServer;
  let api: TestClient;
  let other: TestWallet;
  let otherApi: TestClient;

  const order = (id: string) =>
    server.ctx.db.selectFrom("orders").select(["status", "settlementStatus"]).where("id", "=", id).executeTakeFirst();

  async function challenge(client: TestClient, id: string, body: object = PARTIAL_30): Promise<DecisionChallenge> {
    const res = await client.post(decide(id), body);
    expect(res.status, res.text).toBe(200);
    return res.body.data as DecisionChallenge;
  }

  /** A refusal of a signed resolve: 400 naming signedDecision, the order untouched, no settlement opened. */
  async function expectRefused(id: string, body: object, why: RegExp) {
    const res = await api.post(resolve(id), body);
    expect(res.status, res.text).toBe(400);
    expect(res.body.message).toMatch(/^signedDecision: /);
    expect(res.body.errors).toEqual([{ field: "signedDecision", message: expect.stringMatching(why) }]);
    expect(await order(id)).toEqual({ status: "DISPUTED", settlementStatus: null });
    expect(await settlementsOf(server.ctx.db, id)).toEqual([]);
  }

  beforeAll(async () => {
    other = createTestWallet();
    server = await startTestServer({ settlement: true, extraAdminWallets: [other] });
    api = await server.signIn();
    otherApi = await server.signIn(other);
  });

  afterAll(async () => {
    await server?.close();
  });

  it("writes the decision in words with the previewed amounts, and a signed resolve is paid and audited with it", async () => {
    const dispute = await fundDispute(server.ctx);
    const preview = (await api.post(`${resolve(dispute.id)}/preview`, PARTIAL_30)).body.data as PayoutPreview;
    const buyer = preview.payouts.find((p) => p.party === "buyer")!;
    const seller = preview.payouts.find((p) => p.party === "seller")!;

    const { message, nonce, expiresAt } = await challenge(api, dispute.id);
    const lines = message.split("\n");
    expect(lines[0]).toBe(`${new URL(TEST_PUBLIC_ORIGIN).host} asks you to sign this dispute decision:`);
    expect(lines).toContain(`Order: ${dispute.id}`);
    expect(lines).toContain("Resolution: Partial refund: 30% to the buyer, 70% to the seller");
    expect(lines).toContain(`Buyer receives: ${buyer.uiAmount} ${buyer.symbol} to ${dispute.buyerWalletAddress}`);
    expect(lines).toContain(`Seller receives: ${seller.uiAmount} ${seller.symbol} to ${dispute.sellerWalletAddress}`);
    expect(lines).toContain(`Admin: ${server.adminWallet.publicKey}`);
    expect(lines).toContain(`Nonce: ${nonce}`);
    expect(lines.slice(-3)).toEqual(["Reason, as the admin wrote it:", "> Arrived damaged:", "> the buyer gets 30% back"]);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(60_000);

    const signature = server.adminWallet.sign(message);
    const res = await api.post(resolve(dispute.id), { ...PARTIAL_30, signedDecision: { nonce, signature } });
    expect(res.status, res.text).toBe(200);
    expect(await order(dispute.id)).toEqual({ status: "COMPLETED", settlementStatus: "CONFIRMED" });
    expect((await settlementsOf(server.ctx.db, dispute.id)).map((r) => [r.status, r.decisionMessage, r.decisionSignature])).toEqual([
      ["confirmed", message, signature],
    ]);

    const audit = (await api.get(`/admin/audit?targetType=order&targetId=${dispute.id}`)).body.data.items as AuditEntry[];
    expect(audit).toHaveLength(1);
    expect(audit[0].signedDecision).toEqual({ signedBy: server.adminWallet.publicKey, message, signature });
    expect(verifySolanaSignature(audit[0].adminPublicKey, signature, message)).toBe(true);
    // The order's timeline names the signer on the resolution.
    const { events } = (await api.get(`/admin/orders/${dispute.id}/timeline`)).body.data as OrderTimeline;
    expect(events.filter((e) => e.signedBy !== null).map((e) => [e.title, e.signedBy])).toEqual([
      ["Dispute resolved", server.adminWallet.publicKey],
    ]);
    // The nonce went with it: the same signature cannot be sent again.
    await expect(api.post(resolve(dispute.id), { ...PARTIAL_30, signedDecision: { nonce, signature } })).resolves.toMatchObject({
      status: 409,
    });
  });

  it("refuses a signature over other words, by another wallet, for another resolution, used twice or expired", async () => {
    const dispute = await fundDispute(server.ctx);

    let c = await challenge(api, dispute.id);
    await expectRefused(
      dispute.id,
      { ...PARTIAL_30, signedDecision: { nonce: c.nonce, signature: server.adminWallet.sign(c.message.replace("30%", "90%")) } },
      /not by the wallet signed in/,
    );
    // That attempt used the nonce up.
    await expectRefused(
      dispute.id,
      { ...PARTIAL_30, signedDecision: { nonce: c.nonce, signature: server.adminWallet.sign(c.message) } },
      /expired or was already used/,
    );

    c = await challenge(api, dispute.id);
    await expectRefused(
      dispute.id,
      { ...PARTIAL_30, signedDecision: { nonce: c.nonce, signature: other.sign(c.message) } },
      /not by the wallet signed in/,
    );

    c = await challenge(otherApi, dispute.id);
    await expectRefused(
      dispute.id,
      { ...PARTIAL_30, signedDecision: { nonce: c.nonce, signature: other.sign(c.message) } },
      /another admin's wallet/,
    );

    c = await challenge(api, dispute.id);
    const signature = server.adminWallet.sign(c.message);
    await expectRefused(
      dispute.id,
      { ...PARTIAL_30, refundPercentage: 90, signedDecision: { nonce: c.nonce, signature } },
      /not this resolution/,
    );

    c = await challenge(api, dispute.id);
    server.clock.advance(5 * 60_000 + 1);
    await expectRefused(
      dispute.id,
      { ...PARTIAL_30, signedDecision: { nonce: c.nonce, signature: server.adminWallet.sign(c.message) } },
      /expired/,
    );
  });

  it("keeps at most five decisions waiting per admin: asking again drops that admin's own oldest", async () => {
    const dispute = await fundDispute(server.ctx);
    const theirs = await challenge(otherApi, dispute.id);
    const asked: DecisionChallenge[] = [];
    for (let i = 0; i < MAX_WAITING_DECISIONS + 2; i++) {
      asked.push(await challenge(api, dispute.id));
      server.clock.advance(1);
    }
    const [oldest] = asked;
    await expectRefused(
      dispute.id,
      { ...PARTIAL_30, signedDecision: { nonce: oldest.nonce, signature: server.adminWallet.sign(oldest.message) } },
      /expired or was already used/,
    );
    // Another admin's waiting decision was not touched.
    const waiting = await server.ctx.db
      .selectFrom("decisionChallenges")
      .select("adminPublicKey")
      .where("nonce", "=", theirs.nonce)
      .executeTakeFirst();
    expect(waiting).toEqual({ adminPublicKey: other.publicKey });
    const newest = asked.at(-1)!;
    const paid = await api.post(resolve(dispute.id), {
      ...PARTIAL_30,
      signedDecision: { nonce: newest.nonce, signature: server.adminWallet.sign(newest.message) },
    });
    expect(paid.status, paid.text).toBe(200);
  });

  it("`npm run audit:verify` holds every stored signature up (exit 0) and names each that does not (exit 1)", async () => {
    // The server's database, whichever engine it is on.
    const { databasePath, databaseUrl } = server.ctx.config;
    const env = { ...process.env, DATABASE_PATH: databasePath, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), LOG_LEVEL: "silent" };
    const run = await runProcess("npm", ["run", "--silent", "audit:verify"], { cwd: process.cwd(), env });
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/^Checked [1-9]\d* signed decisions and approvals in the audit trail: 0 failed/);

    const { db } = server.ctx;
    const signed = await db
      .selectFrom("auditLog")
      .select(["id", "decisionMessage"])
      .where("decisionSignature", "is not", null)
      .orderBy("id")
      .limit(1)
      .executeTakeFirstOrThrow();
    const original = signed.decisionMessage!;
    const tamper = (message: string) => db.updateTable("auditLog").set({ decisionMessage: message }).where("id", "=", signed.id).execute();
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    try {
      await tamper(original.replace("30%", "90%"));
      expect(await auditVerify(env)).toBe(1);
      expect(log.mock.lastCall?.[0]).toContain(`audit #${signed.id} `);
      expect(log.mock.lastCall?.[0]).toContain("the signature is not the admin wallet's over the stored text");
      await tamper(original);
      expect(await auditVerify(env)).toBe(0);
    } finally {
      await tamper(original);
      log.mockRestore();
    }
  });

  it("answers the decision call like the preview: 404 unknown order, 409 not disputed, 400 naming a bad field", async () => {
    const dispute = await fundDispute(server.ctx);
    expect((await api.post(decide("no-such-order"), PARTIAL_30)).status).toBe(404);
    const bad = await api.post(decide(dispute.id), { resolution: "PARTIAL_REFUND", refundPercentage: 30, adminNotes: "" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(["adminNotes"]);
    await server.ctx.db.updateTable("orders").set({ status: "COMPLETED" }).where("id", "=", dispute.id).execute();
    expect((await api.post(decide(dispute.id), PARTIAL_30)).status).toBe(409);
  });
});

describe("REQUIRE_SIGNED_DECISIONS=1", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ settlement: true, env: { REQUIRE_SIGNED_DECISIONS: "1" } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("refuses an unsigned resolution before anything is sent, and pays a signed one", async () => {
    const api = await server.signIn();
    const dispute = await fundDispute(server.ctx);
    const unsigned = await api.post(resolve(dispute.id), PARTIAL_30);
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.errors).toEqual([
      { field: "signedDecision", message: expect.stringMatching(/accepts only resolutions signed by the admin's wallet/) },
    ]);
    expect(await settlementsOf(server.ctx.db, dispute.id)).toEqual([]);

    const { message, nonce } = (await api.post(decide(dispute.id), PARTIAL_30)).body.data as DecisionChallenge;
    const signed = await api.post(resolve(dispute.id), {
      ...PARTIAL_30,
      signedDecision: { nonce, signature: server.adminWallet.sign(message) },
    });
    expect(signed.status, signed.text).toBe(200);
  });
});
