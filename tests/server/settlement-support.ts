// What the settlement-queue tests share: the settlements rows of an order, and the row a process
// writes when it signs a dispute's payout (for tests that simulate a process stopped after signing).
import { randomUUID } from "node:crypto";
import type SQLite from "better-sqlite3";
import type { SettlementRow } from "../../server/db/schema.ts";

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
