// POST /admin/orders/{id}/resolve-dispute/preview over real HTTP, on both settlement backends (the
// in-process chain, and RPC through a loopback JSON-RPC node over LiteSVM): the previewed payouts
// are what the resolve then pays, a settlement the chain would refuse previews as a failed
// simulation with the reason in words, and a preview changes nothing anywhere.
import { statSync } from "node:fs";
import { join } from "node:path";
import { PublicKey } from "@solana/web3.js";
import { getAssociatedTokenAddressSync, TOKEN_PROGRAM_ID } from "@solana/spl-token";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderRow } from "../../../server/db/schema.ts";
import { createOrderRecord } from "../../../server/seed/records.ts";
import { CHAIN_DIR, toSplit, type Settlement } from "../../../server/settlement/index.ts";
import { JOURNAL_FILE } from "../../../server/settlement/journal.ts";
import { lamportsOf, tokensOf } from "../support/chain-support.ts";
import { fundDispute } from "../support/settlement-support.ts";
import { startTestServer, type TestClient, type TestServer } from "../support/harness.ts";
import { plantMint, startRpcLoopback, type Loopback } from "../support/rpc-loopback.ts";

const SOL = 1_000_000_000n;
const RENT_TOKEN_ACCOUNT = 2_039_280;
const SYSVAR_CLOCK = "SysvarC1ock11111111111111111111111111111111";
const PARTIAL_30 = { resolution: "PARTIAL_REFUND", refundPercentage: 30, adminNotes: "Item arrived damaged, 30% back" };
const path = (id: string) => `/admin/orders/${id}/resolve-dispute/preview`;

describe.each(["in-process", "rpc"] as const)("payout preview on the %s backend", (backendName) => {
  let loop: Loopback | null = null;
  let server: TestServer;
  let api: TestClient;
  let backend: Settlement;

  const row = (id: string) => server.ctx.db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const count = async (table: "settlements" | "auditLog") =>
    Number(
      (
        await server.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  // The settlement queue (migration 006): a preview must not open a row.
  const queueRows = () => count("settlements");
  const auditCount = () => count("auditLog");

  /** A 6-decimals mint whose mint authority is the settlement authority. */
  async function testMint(): Promise<PublicKey> {
    if (!loop) return backend.chain.createTestMint(6);
    return plantMint(loop, backend.authority);
  }

  const fundedDispute = (values: Partial<OrderRow> = {}) => fundDispute(server.ctx, values);

  /** Everything a preview could change: the order, the queue, the audit trail, the balances, the journal. */
  async function snapshot(order: OrderRow, accounts: string[]) {
    const journal = loop ? null : statSync(join(server.ctx.config.dataDir, CHAIN_DIR, JOURNAL_FILE)).size;
    const balances = await Promise.all(accounts.map(async (a) => (await backend.ledger.getAccount(new PublicKey(a))) ?? null));
    return {
      order: await row(order.id),
      pending: await queueRows(),
      audit: await auditCount(),
      balances,
      journal,
      sent: loop?.calls.filter((m) => m === "sendTransaction").length ?? 0,
    };
  }

  beforeAll(async () => {
    if (backendName === "rpc") loop = await startRpcLoopback();
    server = await startTestServer({ settlement: loop ? { cluster: loop.url, rpc: { pollIntervalMs: 5, airdrop: true } } : true });
    backend = server.ctx.settlementBackend!;
    if (loop) await backend.ledger.airdrop!(backend.authority, 100n * SOL);
    api = await server.signIn();
  });

  afterAll(async () => {
    await server?.close();
    await loop?.close();
  });

  it("previews a 30% partial refund in the token, changes nothing, and the resolve then pays exactly that", async () => {
    const mint = await testMint();
    const order = await fundedDispute({
      currencyMint: mint.toBase58(),
      currencyDecimals: 6,
      currencySymbol: "USDC",
      totalPrice: 25_000_000,
    });
    const buyer = new PublicKey(order.buyerWalletAddress);
    const seller = new PublicKey(order.sellerWalletAddress);
    const watched = [
      order.escrowPDA!,
      backend.authority.toBase58(),
      ...[buyer, seller].map((w) => getAssociatedTokenAddressSync(mint, w, true).toBase58()),
    ];
    const before = await snapshot(order, watched);

    const preview = await api.post(path(order.id), PARTIAL_30);

    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.data).toMatchObject({
      payouts: [
        { party: "buyer", wallet: buyer.toBase58(), tokenAccount: watched[2], amount: "7500000", uiAmount: "7.5", symbol: "USDC" },
        { party: "seller", wallet: seller.toBase58(), tokenAccount: watched[3], amount: "17500000", uiAmount: "17.5", symbol: "USDC" },
      ],
      networkFeeLamports: 5000,
      // Neither party holds the token yet: the transaction creates both token accounts.
      rentLamports: 2 * RENT_TOKEN_ACCOUNT,
      simulation: { ok: true },
    });
    expect(preview.body.data.simulation.error).toBeUndefined();
    expect(preview.body.data.simulation.logs).toContain(`Program ${TOKEN_PROGRAM_ID.toBase58()} success`);
    expect(await snapshot(order, watched)).toEqual(before);
    if (loop) expect(loop.calls).toContain("simulateTransaction");

    const resolved = await api.post(`/admin/orders/${order.id}/resolve-dispute`, PARTIAL_30);
    expect(resolved.status, resolved.text).toBe(200);
    const [buyerPayout, sellerPayout] = preview.body.data.payouts as { amount: string }[];
    expect(await tokensOf(backend.ledger, mint, buyer)).toBe(BigInt(buyerPayout.amount));
    expect(await tokensOf(backend.ledger, mint, seller)).toBe(BigInt(sellerPayout.amount));
  });

  it("previews a SOL release to the seller only, in SOL, before any notes are written", async () => {
    const order = await fundedDispute({ totalPrice: 2_000_000_000 });
    // The notes are the resolve's, not the preview's: the form previews as soon as a resolution is picked.
    const preview = await api.post(path(order.id), { resolution: "RELEASE_TO_SELLER" });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.data).toMatchObject({
      payouts: [
        {
          party: "seller",
          wallet: order.sellerWalletAddress,
          tokenAccount: order.sellerWalletAddress,
          amount: "2000000000",
          uiAmount: "2",
          symbol: "SOL",
        },
      ],
      rentLamports: 0,
      simulation: { ok: true },
    });
    expect(preview.body.data.payouts).toHaveLength(1);
  });

  it("previews a drained escrow as a failed simulation saying why, with the intended split", async () => {
    const order = await fundedDispute({ totalPrice: 1_000_000_000 });
    // Paid out behind the database's back: the order is still DISPUTED, its escrow is empty.
    await backend.chain.settle(order, toSplit("REFUND_BUYER"));
    const before = await snapshot(order, [order.escrowPDA!, backend.authority.toBase58()]);

    const preview = await api.post(path(order.id), PARTIAL_30);

    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.data.simulation).toEqual({
      ok: false,
      error: `The escrow ${order.escrowPDA} of order ${order.id} is empty (never funded or already settled)`,
      logs: [],
    });
    expect(preview.body.data.payouts.map((p: { amount: string }) => p.amount)).toEqual(["300000000", "700000000"]);
    expect(await snapshot(order, [order.escrowPDA!, backend.authority.toBase58()])).toEqual(before);
  });

  it("previews a transaction the chain would fail with the chain's own reason and logs", async () => {
    // Paying a sysvar passes every check before sending and fails when executed.
    const order = await fundedDispute({ sellerWalletAddress: SYSVAR_CLOCK });
    const before = await snapshot(order, [order.escrowPDA!, order.buyerWalletAddress]);

    const preview = await api.post(path(order.id), { resolution: "RELEASE_TO_SELLER", adminNotes: "Delivered as described" });

    expect(preview.status, preview.text).toBe(200);
    const { simulation } = preview.body.data;
    expect(simulation.ok).toBe(false);
    // On a cluster with a fee market the two compute budget instructions come first: the transfer is the third.
    const transfer = loop ? 2 : 0;
    expect(simulation.error).toMatch(
      new RegExp(`^Transaction failed: InstructionError\\(${transfer}, ReadonlyLamportChange\\).*read-only account$`),
    );
    expect(simulation.logs.length).toBeGreaterThan(0);
    expect(await snapshot(order, [order.escrowPDA!, order.buyerWalletAddress])).toEqual(before);
    expect(await lamportsOf(backend.ledger, order.escrowPDA!)).toBe(BigInt(order.totalPrice));
  });

  it("refuses what the resolve refuses: unknown order, not disputed, being settled, a bad body", async () => {
    expect((await api.post(path(crypto.randomUUID()), PARTIAL_30)).status).toBe(404);

    const closed = await createOrderRecord(server.ctx.db, { status: "COMPLETED" });
    const notDisputed = await api.post(path(closed.id), PARTIAL_30);
    expect(notDisputed.status).toBe(409);
    expect(notDisputed.body.message).toMatch(/DISPUTED/);

    const pending = await fundedDispute({ settlementStatus: "PENDING", settlementSignature: "Sig" });
    const busy = await api.post(path(pending.id), PARTIAL_30);
    expect(busy.status).toBe(409);
    expect(busy.body.message).toMatch(/in progress/);

    const bad = await api.post(path(pending.id), { resolution: "PARTIAL_REFUND", adminNotes: "no percentage" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toContain("refundPercentage");
  });
});

describe("payout preview without a settlement service", () => {
  it("answers 503 and changes nothing", async () => {
    const server = await startTestServer();
    try {
      const api = await server.signIn();
      const order = await createOrderRecord(server.ctx.db, { status: "DISPUTED" });
      const response = await api.post(path(order.id), PARTIAL_30);
      expect(response.status).toBe(503);
      expect(
        await server.ctx.db.selectFrom("orders").select(["status", "settlementStatus"]).where("id", "=", order.id).executeTakeFirst(),
      ).toEqual({
        status: "DISPUTED",
        settlementStatus: null,
      });
    } finally {
      await server.close();
    }
  });
});
