// Payouts that land under fee pressure, through the API on an RPC cluster (the development chain in
// memory, with a fee market): the settlement row records what the payout's transaction bid (compute
// unit limit, units used, unit price, priority fee) and how many times it was broadcast; a dropped
// broadcast is sent again and the dispute is paid and recorded once; a blockhash that expires unseen is
// signed anew once, the row following the new signature, and pays once.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OrderRow } from "../../../server/db/schema.ts";
import { priorityFeeLamports, unitLimitFor } from "../../../server/settlement/fees.ts";
import { RpcLedger, type Settlement } from "../../../server/settlement/index.ts";
import { lamportsOf } from "../support/chain-support.ts";
import { startTestServer, type TestClient, type TestServer } from "../support/harness.ts";
import { startRpcLoopback, type Loopback } from "../support/rpc-loopback.ts";
import { fundDispute, settlementsOf } from "../support/settlement-support.ts";

const SOL = 1_000_000_000n;
const PRICE = 2_000_000_000;
/** Recent priority fees on the payout's accounts: the 75th percentile (nearest rank) is the sixth. */
const RECENT_FEES = [0, 0, 500, 2_000, 8_000, 40_000, 90_000, 3_000_000];
const P75 = 40_000;

let loop: Loopback;
let server: TestServer;
let backend: Settlement;
let api: TestClient;
/** How many times the payout path asked for the recent fees (once per signing). */
let feeQueries: number;
/** Runs at each fee query, with its number: the test's hook into "a new signing is being prepared". */
let onFeeQuery: (n: number) => void;

beforeAll(async () => {
  loop = await startRpcLoopback();
  loop.options.prioritizationFees = () => {
    feeQueries += 1;
    onFeeQuery(feeQueries);
    return RECENT_FEES;
  };
  server = await startTestServer({
    settlement: {
      cluster: loop.url,
      rpc: { pollIntervalMs: 5, rebroadcastIntervalMs: 25, airdrop: true },
      fees: { percentile: 75, maxMicroLamports: 1_000_000 },
    },
  });
  backend = server.ctx.settlementBackend!;
  await backend.ledger.airdrop!(backend.authority, 100n * SOL);
  api = await server.signIn();
});

afterAll(async () => {
  await server?.close();
  await loop?.close();
});

beforeEach(() => {
  feeQueries = 0;
  onFeeQuery = () => {};
  Object.assign(loop.options, { dropBroadcasts: 0, blockhashValidFor: undefined });
});

/** A funded SOL dispute; the funding's own fee queries and broadcasts are not counted. */
async function fundedDispute(): Promise<OrderRow> {
  const order = await fundDispute(server.ctx, { currencyMint: null, currencyDecimals: 9, currencySymbol: "SOL", totalPrice: PRICE });
  feeQueries = 0;
  loop.broadcasts.length = 0;
  return order;
}
const resolve = (order: OrderRow, body: object) =>
  api.post(`/admin/orders/${order.id}/resolve-dispute`, { adminNotes: "Decided on the evidence", ...body });
const listed = async (orderId: string) =>
  ((await api.get("/admin/settlements?limit=100")).body.data.items as { orderId: string }[]).filter((s) => s.orderId === orderId);
const audited = async (orderId: string) =>
  (
    await server.ctx.db
      .selectFrom("auditLog")
      .selectAll()
      .where("targetId", "=", orderId)
      .where("action", "=", "order.resolve_dispute")
      .execute()
  ).length;

describe("a dispute payout on an RPC cluster with a fee market", () => {
  it("records its compute budget and priority fee, and the broadcast a dropped one took", async () => {
    const order = await fundedDispute();
    loop.options.dropBroadcasts = 1;

    const res = await resolve(order, { resolution: "RELEASE_TO_SELLER" });

    expect(res.status, res.text).toBe(200);
    const [row] = await settlementsOf(server.ctx.db, order.id);
    expect(row).toMatchObject({ status: "confirmed", attempts: 1, broadcasts: 2, computeUnitPrice: P75 });
    expect(row!.computeUnitsUsed).toBeGreaterThan(0);
    expect(row!.computeUnitLimit).toBe(unitLimitFor(row!.computeUnitsUsed!));
    expect(row!.priorityFeeLamports).toBe(priorityFeeLamports(P75, row!.computeUnitLimit!));
    expect(loop.broadcasts.filter((s) => s === row!.signature)).toHaveLength(2);
    // The list answers the same figures.
    expect(await listed(order.id)).toEqual([
      expect.objectContaining({
        computeUnitLimit: row!.computeUnitLimit,
        computeUnitsUsed: row!.computeUnitsUsed,
        computeUnitPrice: P75,
        priorityFeeLamports: row!.priorityFeeLamports,
        broadcasts: 2,
      }),
    ]);
    // What the chain charged is what the row says: the base fee plus that priority fee.
    const { connection } = backend.ledger as RpcLedger;
    expect(backend.ledger).toBeInstanceOf(RpcLedger);
    const landed = await connection.getTransaction(row!.signature!, { maxSupportedTransactionVersion: 0, commitment: "confirmed" });
    expect(landed?.meta?.fee).toBe(5_000 + row!.priorityFeeLamports!);
    expect(await lamportsOf(backend.ledger, order.sellerWalletAddress)).toBe(BigInt(PRICE));
    expect(await audited(order.id)).toBe(1);
  });

  it("previews the network fee with the priority fee the payout then pays", async () => {
    const order = await fundedDispute();
    const preview = await api.post(`/admin/orders/${order.id}/resolve-dispute/preview`, { resolution: "REFUND_BUYER" });
    expect(preview.status, preview.text).toBe(200);
    const { networkFeeLamports, priorityFeeLamports: priority } = preview.body.data as {
      networkFeeLamports: number;
      priorityFeeLamports: number;
    };
    expect(priority).toBeGreaterThan(0);
    expect(networkFeeLamports).toBe(5_000 + priority);

    expect((await resolve(order, { resolution: "REFUND_BUYER" })).status).toBe(200);
    const [row] = await settlementsOf(server.ctx.db, order.id);
    expect(row!.priorityFeeLamports).toBe(priority);
  });

  it("signs a payout anew once its blockhash expired unseen, follows the new signature, and pays once", async () => {
    const order = await fundedDispute();
    loop.options.blockhashValidFor = 8;
    loop.options.dropBroadcasts = 1_000_000;
    // The leader takes broadcasts again while the second signing is being prepared.
    onFeeQuery = (n) => {
      if (n === 2) loop.options.dropBroadcasts = 0;
    };
    const buyerBefore = (await lamportsOf(backend.ledger, order.buyerWalletAddress)) ?? 0n;

    const res = await resolve(order, { resolution: "PARTIAL_REFUND", refundPercentage: 40 });

    expect(res.status, res.text).toBe(200);
    const signatures = [...new Set(loop.broadcasts)];
    expect(signatures).toHaveLength(2);
    const [first, second] = signatures;
    const rows = await settlementsOf(server.ctx.db, order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "confirmed", attempts: 2, signature: second, broadcasts: 1, computeUnitPrice: P75 });
    const after = await server.ctx.db.selectFrom("orders").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: "COMPLETED", settlementStatus: "CONFIRMED", settlementSignature: second });
    expect(await backend.ledger.signatureStatus(first!)).toEqual({ state: "unknown" });
    expect(await lamportsOf(backend.ledger, order.buyerWalletAddress)).toBe(buyerBefore + (BigInt(PRICE) * 40n) / 100n);
    expect(await lamportsOf(backend.ledger, order.sellerWalletAddress)).toBe(BigInt(PRICE) - (BigInt(PRICE) * 40n) / 100n);
    expect(await audited(order.id)).toBe(1);
  });
});
