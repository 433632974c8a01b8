// A settlement whose outcome is unknown (504) is not left PENDING until a restart, every new
// resolution answering 409 "already in progress" meanwhile: the server re-checks pending settlements
// while it runs, by signature status, re-sending only once the first transaction can no longer land
// (its blockhash expired), and never two re-checks at once.
import { PublicKey } from "@solana/web3.js";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ConfigError, parseConfig } from "../../../server/config.ts";
import type { OrderRow } from "../../../server/db/schema.ts";
import { createOrderRecord } from "../../../server/seed/records.ts";
import { startSettlementRecheck, type SettlementRecheck } from "../../../server/services/settlement-recheck.ts";
import { outcomeUnknown, type Ledger } from "../../../server/settlement/index.ts";
import { signatureOf } from "../../../server/settlement/tx.ts";
import { startTestServer, type TestClient, type TestServer } from "../support/harness.ts";
import { startRpcLoopback, type Loopback } from "../support/rpc-loopback.ts";
import { inFlight } from "../support/settlement-support.ts";
import { eventually, waitFor } from "../../support/wait.ts";

const MIN_AGE_MS = 5_000;

function helpers(server: TestServer) {
  const port = server.ctx.settlement!;
  const backend = server.ctx.settlementBackend!;
  const { db } = server.ctx;
  return {
    port,
    backend,
    row: (id: string) => db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow(),
    pending: (id: string) => inFlight(db, id),
    audits: (id: string) => db.selectFrom("auditLog").selectAll().where("targetId", "=", id).execute(),
    lamports: async (address: string) => (await backend.ledger.getAccount(new PublicKey(address)))?.lamports ?? 0n,
    /** A DISPUTED SOL order of 1 SOL, its escrow funded by the authority. */
    async fundedDispute(): Promise<OrderRow> {
      const order = await createOrderRecord(server.ctx.db, { status: "DISPUTED", disputeRaisedAt: new Date().toISOString() });
      const { escrow } = await backend.chain.fundEscrow(order);
      await db.updateTable("orders").set({ escrowPDA: escrow, cluster: backend.cluster }).where("id", "=", order.id).execute();
      return this.row(order.id);
    },
  };
}

/**
 * The next submission answers "outcome unknown" (a confirmation timeout): "landed" after executing
 * it, "lost" without ever sending it. Returns the spy, whose calls count the submissions.
 */
function timeOutOnce(ledger: Ledger, mode: "landed" | "lost") {
  const original = ledger.submit.bind(ledger);
  return vi.spyOn(ledger, "submit").mockImplementationOnce(async (build) => {
    if (mode === "landed") {
      const signature = await original(build);
      throw outcomeUnknown(signature, "no confirmation within 60000 ms");
    }
    const tx = await build(await ledger.latestBlockhash());
    throw outcomeUnknown(signatureOf(tx), "no confirmation within 60000 ms");
  });
}

describe("in-process: a settlement whose confirmation timed out", () => {
  let server: TestServer;
  let api: TestClient;
  let h: ReturnType<typeof helpers>;
  let recheck: SettlementRecheck;

  beforeAll(async () => {
    server = await startTestServer({ settlement: true });
    api = await server.signIn();
    h = helpers(server);
  });

  beforeEach(() => {
    recheck = startSettlementRecheck(server.ctx, { intervalMs: 3_600_000, minAgeMs: MIN_AGE_MS });
  });

  afterEach(async () => {
    await recheck.stop();
    vi.restoreAllMocks();
  });

  afterAll(async () => {
    await server?.close();
  });

  const resolve = (id: string) =>
    api.post(`/admin/orders/${id}/resolve-dispute`, { resolution: "REFUND_BUYER", adminNotes: "Refund after timeout" });

  it("is recorded by the re-check without a restart when it did land: paid once, nothing sent again", async () => {
    const order = await h.fundedDispute();
    const buyer = await h.lamports(order.buyerWalletAddress);
    const submissions = timeOutOnce(h.backend.ledger, "landed");

    const first = await resolve(order.id);
    expect(first.status).toBe(504);
    expect(first.body.message).toMatch(/will be checked again$/);
    const signature = (await h.row(order.id)).settlementSignature!;
    expect((await h.row(order.id)).settlementStatus).toBe("PENDING");
    expect((await resolve(order.id)).status).toBe(409);

    // Too young: a request may still be confirming it.
    expect(await recheck.run()).toEqual([]);
    expect((await h.row(order.id)).settlementStatus).toBe("PENDING");

    server.clock.advance(MIN_AGE_MS + 1_000);
    expect(await recheck.run()).toEqual([{ orderId: order.id, signature, outcome: "confirmed" }]);
    expect(await h.row(order.id)).toMatchObject({
      status: "REFUNDED",
      settlementStatus: "CONFIRMED",
      settlementSignature: signature,
      adminNotes: "Refund after timeout",
    });
    expect(await h.lamports(order.buyerWalletAddress)).toBe(buyer + BigInt(order.totalPrice));
    expect(submissions).toHaveBeenCalledTimes(1);
    expect(await h.audits(order.id)).toHaveLength(1);
    expect(await h.pending(order.id)).toBeUndefined();
    expect((await api.get(`/admin/orders/${order.id}`)).body.data).toMatchObject({ status: "REFUNDED", settlementStatus: "CONFIRMED" });
  });

  it("sends it again, once, when it never left (an in-process transaction cannot land later)", async () => {
    const order = await h.fundedDispute();
    const buyer = await h.lamports(order.buyerWalletAddress);
    const submissions = timeOutOnce(h.backend.ledger, "lost");

    expect((await resolve(order.id)).status).toBe(504);
    const lost = (await h.row(order.id)).settlementSignature!;
    expect(await h.pending(order.id)).toMatchObject({ signature: lost, lastValidBlockHeight: expect.any(Number) });

    server.clock.advance(MIN_AGE_MS + 1_000);
    const [outcome] = await recheck.run();
    expect(outcome).toMatchObject({ orderId: order.id, outcome: "confirmed" });
    expect(await h.row(order.id)).toMatchObject({
      status: "REFUNDED",
      settlementStatus: "CONFIRMED",
      settlementSignature: outcome.signature,
    });
    // (The same bytes, when the blockhash did not change meanwhile: one transaction on chain either way.)
    expect(await h.backend.ledger.signatureStatus(outcome.signature!)).toEqual({ state: "confirmed" });
    expect(await h.lamports(order.buyerWalletAddress)).toBe(buyer + BigInt(order.totalPrice));
    expect(submissions).toHaveBeenCalledTimes(2);
    expect(await h.audits(order.id)).toHaveLength(1);
  });

  it("leaves alone a settlement this server is still sending, however old", async () => {
    const order = await h.fundedDispute();
    const ledger = h.backend.ledger;
    const original = ledger.submit.bind(ledger);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let signed!: () => void;
    const wasSigned = new Promise<void>((r) => (signed = r));
    vi.spyOn(ledger, "submit").mockImplementationOnce((build) =>
      original(async (lifetime) => {
        const tx = await build(lifetime);
        signed();
        await gate;
        return tx;
      }),
    );
    const request = resolve(order.id);
    await wasSigned;
    server.clock.advance(MIN_AGE_MS + 1_000);
    const [outcome] = await recheck.run();
    expect(outcome).toMatchObject({
      orderId: order.id,
      outcome: "unknown",
      message: expect.stringContaining("still being sent by this server"),
    });
    expect((await h.row(order.id)).settlementStatus).toBe("PENDING");
    release();
    expect((await request).status).toBe(200);
    expect(await h.row(order.id)).toMatchObject({ status: "REFUNDED", settlementStatus: "CONFIRMED" });
    expect(await h.audits(order.id)).toHaveLength(1);
  });

  it("never runs twice at once", async () => {
    const order = await h.fundedDispute();
    timeOutOnce(h.backend.ledger, "landed");
    expect((await resolve(order.id)).status).toBe(504);
    server.clock.advance(MIN_AGE_MS + 1_000);
    const resumes = vi.spyOn(h.port, "resumeDispute");
    const [a, b] = await Promise.all([recheck.run(), recheck.run()]);
    expect(a).toEqual(b);
    expect(a).toEqual([expect.objectContaining({ orderId: order.id, outcome: "confirmed" })]);
    expect(resumes).toHaveBeenCalledTimes(1);
  });

  it("runs by itself every interval, and not after stop", async () => {
    await recheck.stop();
    const order = await h.fundedDispute();
    timeOutOnce(h.backend.ledger, "landed");
    expect((await resolve(order.id)).status).toBe(504);
    // A minimum age of 0 is only for settlements no request of this process still sends
    // (settlement-recheck.ts): started while the resolve was under way, a run could take the
    // settlement from it between its claim and its signature (the resolve then answered 409 on a
    // loaded machine). So the timer starts once the resolve has answered.
    recheck = startSettlementRecheck(server.ctx, { intervalMs: 50, minAgeMs: 0 });
    await eventually("the timer's run to confirm the settlement", async () =>
      expect((await h.row(order.id)).settlementStatus).toBe("CONFIRMED"),
    );

    await recheck.stop();
    const later = await h.fundedDispute();
    timeOutOnce(h.backend.ledger, "landed");
    expect((await resolve(later.id)).status).toBe(504);
    // Intervals counted by a second re-check on the same timing that resumes nothing (every
    // settlement is too recent for it): by its third run, the stopped one would have run too.
    let runs = 0;
    const counter = startSettlementRecheck(server.ctx, { intervalMs: 50, minAgeMs: 86_400_000, onOutcomes: () => void runs++ });
    try {
      await waitFor("three runs of a re-check started after the stop", () => runs >= 3);
    } finally {
      await counter.stop();
    }
    expect((await h.row(later.id)).settlementStatus).toBe("PENDING");
  });
});

describe("on a cluster: no second transaction while the first can still land", () => {
  let loop: Loopback;
  let server: TestServer;
  let api: TestClient;
  let h: ReturnType<typeof helpers>;

  beforeAll(async () => {
    loop = await startRpcLoopback();
    server = await startTestServer({ settlement: { cluster: loop.url, rpc: { pollIntervalMs: 5, timeoutMs: 150, airdrop: true } } });
    api = await server.signIn();
    h = helpers(server);
  });

  afterAll(async () => {
    await server?.close();
    await loop?.close();
  });

  it("waits for the blockhash to expire, then sends it again: paid once", async () => {
    const order = await h.fundedDispute();
    loop.options.dropTransactions = true;
    loop.options.blockhashValidFor = 1_000;
    const res = await api.post(`/admin/orders/${order.id}/resolve-dispute`, { resolution: "RELEASE_TO_SELLER", adminNotes: "Release" });
    expect(res.status).toBe(504);
    const first = (await h.row(order.id)).settlementSignature!;
    const { lastValidBlockHeight } = (await h.pending(order.id))!;
    expect(lastValidBlockHeight).toBeGreaterThan(1_000);
    loop.options.dropTransactions = false;

    const recheck = startSettlementRecheck(server.ctx, { intervalMs: 3_600_000, minAgeMs: MIN_AGE_MS });
    try {
      server.clock.advance(MIN_AGE_MS + 1_000);
      loop.calls.length = 0;
      const [waiting] = await recheck.run();
      expect(waiting).toMatchObject({
        orderId: order.id,
        signature: first,
        outcome: "unknown",
        message: expect.stringContaining(`block height ${lastValidBlockHeight}`),
      });
      expect(loop.calls).toContain("getBlockHeight");
      expect(loop.calls).not.toContain("sendTransaction");
      expect(await h.row(order.id)).toMatchObject({ status: "DISPUTED", settlementStatus: "PENDING", settlementSignature: first });
      expect(await h.lamports(order.sellerWalletAddress)).toBe(0n);

      loop.advanceBlocks(2_000);
      loop.calls.length = 0;
      const [sent] = await recheck.run();
      expect(sent).toMatchObject({ orderId: order.id, outcome: "confirmed" });
      expect(loop.calls.filter((m) => m === "sendTransaction")).toHaveLength(1);
      expect(await h.row(order.id)).toMatchObject({
        status: "COMPLETED",
        settlementStatus: "CONFIRMED",
        settlementSignature: sent.signature,
      });
      expect(await h.lamports(order.sellerWalletAddress)).toBe(BigInt(order.totalPrice));
      expect(await h.lamports(order.escrowPDA!)).toBe(0n);
    } finally {
      await recheck.stop();
    }
  });
});

describe("SETTLEMENT_RECHECK_SECONDS", () => {
  it("defaults to 30 s and refuses what is not a whole number of seconds from 1 to 86400", () => {
    expect(parseConfig({}).settlementRecheckMs).toBe(30_000);
    expect(parseConfig({ SETTLEMENT_RECHECK_SECONDS: "5" }).settlementRecheckMs).toBe(5_000);
    for (const bad of ["0", "-1", "1.5", "soon", "86401"]) {
      expect(() => parseConfig({ SETTLEMENT_RECHECK_SECONDS: bad })).toThrow(ConfigError);
      expect(() => parseConfig({ SETTLEMENT_RECHECK_SECONDS: bad })).toThrow(/^SETTLEMENT_RECHECK_SECONDS: /);
    }
  });
});
