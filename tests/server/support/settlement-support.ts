// What the settlement tests share: a funded dispute, the settlements rows of an order, and the row a
// process writes when it signs a dispute's payout (for tests that simulate a process stopped after signing).
import { randomUUID } from "node:crypto";
import type { DecisionChallenge, DisputeResolution } from "../../../contract/index.ts";
import type { AppContext } from "../../../server/context.ts";
import type { Db, OrderRow, SettlementRow } from "../../../server/db/schema.ts";
import { fundOpenEscrows } from "../../../server/seed/escrows.ts";
import { seedDatabase } from "../../../server/seed/index.ts";
import { createOrderRecord } from "../../../server/seed/records.ts";
import type { SettlementOptions } from "../../../server/settlement/index.ts";
import { createTestWallet, startTestServer, type TestClient, type TestServer, type TestWallet } from "./harness.ts";
import { startRpcLoopback, type Loopback } from "./rpc-loopback.ts";

/** A test server on the in-process chain with `orders` seeded orders, their open escrows funded. */
export function startSeededSettlementServer(seed: { orders: number; seed: number }): Promise<TestServer> {
  return startTestServer({
    settlement: true,
    prepare: async (ctx) => {
      await seedDatabase(ctx.database, { ...seed, now: ctx.now(), adminWallets: [...ctx.adminWallets] });
      await fundOpenEscrows(ctx, ctx.settlementBackend!);
    },
  });
}

/** A server under four eyes on an RPC cluster, and the two admins who propose and approve its payouts. */
export interface FourEyesOnRpc {
  loop: Loopback;
  server: TestServer;
  proposer: TestClient;
  approver: TestClient;
}

/**
 * A test server settling on an RPC loopback under PAYOUT_APPROVALS=2 (plus `env`), its authority
 * funded with 100 SOL, and two admins signed in. `recentFees` are the fees the cluster reports.
 * The test closes the server, then the loopback.
 */
export async function startFourEyesOnRpc(
  options: { env?: Record<string, string>; fees?: SettlementOptions["fees"]; recentFees?: number[] } = {},
): Promise<FourEyesOnRpc> {
  const loop = await startRpcLoopback();
  const { recentFees } = options;
  if (recentFees) loop.options.prioritizationFees = () => recentFees;
  const second = createTestWallet();
  let server: TestServer | undefined;
  try {
    server = await startTestServer({
      settlement: { cluster: loop.url, rpc: { pollIntervalMs: 5, rebroadcastIntervalMs: 25, airdrop: true }, fees: options.fees },
      extraAdminWallets: [second],
      env: { PAYOUT_APPROVALS: "2", ...options.env },
    });
    const backend = server.ctx.settlementBackend!;
    await backend.ledger.airdrop!(backend.authority, 100n * 1_000_000_000n);
    const [proposer, approver] = await Promise.all([server.signIn(), server.signIn(second)]);
    return { loop, server, proposer, approver };
  } catch (error) {
    await server?.close();
    await loop.close();
    throw error;
  }
}

/** A DISPUTED order created for one test (SOL unless `values` say otherwise), its escrow funded by the authority, recorded as the server records it. */
export async function fundDispute(ctx: AppContext, values: Partial<OrderRow> = {}): Promise<OrderRow> {
  const backend = ctx.settlementBackend;
  if (!backend) throw new Error("fundDispute needs a server with a settlement backend");
  const order = await createOrderRecord(ctx.db, { status: "DISPUTED", disputeRaisedAt: new Date().toISOString(), ...values });
  const { escrow, signature } = await backend.chain.fundEscrow(order);
  await ctx.db
    .updateTable("orders")
    .set({ escrowPDA: escrow, cluster: backend.cluster, transactionSignature: signature })
    .where("id", "=", order.id)
    .execute();
  return ctx.db.selectFrom("orders").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow();
}

export const settlementsOf = (db: Db, orderId: string): Promise<SettlementRow[]> =>
  db.selectFrom("settlements").selectAll().where("orderId", "=", orderId).orderBy("createdAt").execute();

/** The order's settlement in flight (pending or submitted), if any. */
export const inFlight = (db: Db, orderId: string): Promise<SettlementRow | undefined> =>
  db
    .selectFrom("settlements")
    .selectAll()
    .where("orderId", "=", orderId)
    .where("status", "in", ["pending", "submitted"])
    .executeTakeFirst();

export const countInFlight = async (db: Db): Promise<number> =>
  Number(
    (
      await db
        .selectFrom("settlements")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("status", "in", ["pending", "submitted"])
        .executeTakeFirstOrThrow()
    ).n,
  );

/** What the service writes when a dispute's transaction is signed: the order claimed, its row submitted. */
export async function writeSubmitted(
  db: Db,
  order: { id: string; signature: string; resolution: DisputeResolution; refundPercentage?: number | null; adminNotes: string },
  admin: { userId: string; publicKey: string },
  at: string = new Date().toISOString(),
): Promise<void> {
  await db
    .updateTable("orders")
    .set({ settlementSignature: order.signature, settlementStatus: "PENDING" })
    .where("id", "=", order.id)
    .execute();
  await db
    .insertInto("settlements")
    .values({
      id: randomUUID(),
      orderId: order.id,
      kind: "dispute_payout",
      status: "submitted",
      attempts: 1,
      signature: order.signature,
      submittedAt: at,
      requestedBy: admin.publicKey,
      requestedByUserId: admin.userId,
      resolution: order.resolution,
      refundPercentage: order.refundPercentage ?? null,
      adminNotes: order.adminNotes,
      createdAt: at,
      updatedAt: at,
    })
    .execute();
}

/** The resolution the payout tests decide unless they say otherwise. */
export const REFUND = { resolution: "REFUND_BUYER", adminNotes: "The parcel never arrived" } as const;

/** The payout calls of an admin's client: resolve a dispute, approve or retry a settlement. */
export const resolve = (client: TestClient, id: string, body: object = REFUND) => client.post(`/admin/orders/${id}/resolve-dispute`, body);
export const approve = (client: TestClient, id: string, body: object = {}) => client.post(`/admin/settlements/${id}/approve`, body);
export const retry = (client: TestClient, id: string, body: object) => client.post(`/admin/settlements/${id}/retry`, body);

/** A dispute decision the server wrote for `client`'s admin, signed by `wallet`: its nonce, signature and text. */
export async function signDecision(wallet: TestWallet, client: TestClient, orderId: string, body: object = REFUND) {
  const res = await client.post(`/admin/orders/${orderId}/resolve-dispute/decision`, body);
  if (res.status !== 200) throw new Error(`the decision was not written: ${res.status} ${res.text}`);
  const challenge = res.body.data as DecisionChallenge;
  return { nonce: challenge.nonce, signature: wallet.sign(challenge.message), message: challenge.message };
}

/** The payout lines the server writes in a decision to refund a fundDispute order (1 SOL) in full. */
export const refundLines = (order: Pick<OrderRow, "id" | "buyerWalletAddress">) => [
  `Order: ${order.id}`,
  "Resolution: Refund the buyer in full",
  `Buyer receives: 1 SOL to ${order.buyerWalletAddress}`,
  "Seller receives: nothing",
];

/** What a resolve, approval or retry sends of a signed decision. */
export const proofOf = (signed: { nonce: string; signature: string }) => ({ nonce: signed.nonce, signature: signed.signature });
