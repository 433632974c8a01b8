// What the settlement tests share: a funded dispute, the settlements rows of an order, and the row a
// process writes when it signs a dispute's payout (for tests that simulate a process stopped after signing).
import { randomUUID } from "node:crypto";
import type SQLite from "better-sqlite3";
import type { AppContext } from "../../server/context.ts";
import type { OrderRow, SettlementRow } from "../../server/db/schema.ts";
import { fundOpenEscrows } from "../../server/seed/escrows.ts";
import { seedDatabase } from "../../server/seed/index.ts";
import { createOrderRecord } from "../../server/seed/records.ts";
import { startTestServer, type TestServer } from "./harness.ts";

/** A test server on the in-process chain with `orders` seeded orders, their open escrows funded. */
export function startSeededSettlementServer(seed: { orders: number; seed: number }): Promise<TestServer> {
  return startTestServer({
    settlement: true,
    prepare: async (ctx) => {
      await seedDatabase(ctx, { ...seed, now: ctx.now(), adminWallets: [...ctx.adminWallets] });
      await fundOpenEscrows(ctx, ctx.settlementBackend!);
    },
  });
}

/** A DISPUTED order created for one test (SOL unless `values` say otherwise), its escrow funded by the authority, recorded as the server records it. */
export async function fundDispute(ctx: AppContext, values: Partial<OrderRow> = {}): Promise<OrderRow> {
  const backend = ctx.settlementBackend;
  if (!backend) throw new Error("fundDispute needs a server with a settlement backend");
  const order = await createOrderRecord(ctx.db, { status: "DISPUTED", disputeRaisedAt: new Date().toISOString(), ...values });
  const { escrow, signature } = await backend.chain.fundEscrow(order);
  ctx.sqlite.prepare("UPDATE orders SET escrowPDA = ?, cluster = ?, transactionSignature = ? WHERE id = ?").run(escrow, backend.cluster, signature, order.id);
  return ctx.sqlite.prepare("SELECT * FROM orders WHERE id = ?").get(order.id) as OrderRow;
}

export const settlementsOf = (db: SQLite.Database, orderId: string) =>
  db.prepare("SELECT * FROM settlements WHERE orderId = ? ORDER BY createdAt").all(orderId) as SettlementRow[];

/** The order's settlement in flight (pending or submitted), if any. */
export const inFlight = (db: SQLite.Database, orderId: string) =>
  db.prepare("SELECT * FROM settlements WHERE orderId = ? AND status IN ('pending', 'submitted')").get(orderId) as SettlementRow | undefined;

export const countInFlight = (db: SQLite.Database) =>
  (db.prepare("SELECT COUNT(*) AS n FROM settlements WHERE status IN ('pending', 'submitted')").get() as { n: number }).n;

/** What the service writes when a dispute's transaction is signed: the order claimed, its row submitted. */
export function writeSubmitted(
  db: SQLite.Database,
  order: { id: string; signature: string; resolution: string; refundPercentage?: number | null; adminNotes: string },
  admin: { userId: string; publicKey: string },
  at: string = new Date().toISOString(),
): void {
  db.prepare("UPDATE orders SET settlementSignature = ?, settlementStatus = 'PENDING' WHERE id = ?").run(order.signature, order.id);
  db.prepare(
    `INSERT INTO settlements (id, orderId, kind, status, attempts, signature, submittedAt, requestedBy, requestedByUserId, resolution, refundPercentage, adminNotes, createdAt, updatedAt)
     VALUES (?, ?, 'dispute_payout', 'submitted', 1, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(randomUUID(), order.id, order.signature, at, admin.publicKey, admin.userId, order.resolution, order.refundPercentage ?? null, order.adminNotes, at, at);
}
