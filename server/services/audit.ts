// The admin audit trail: who did what to which record, why, and the values before and after.
// recordAudit takes the caller's transaction, so the change and its entry commit together.
import { sql } from "kysely";
import type { AuditRow, Db } from "../db/schema.ts";
import type { AuditQuery } from "../../contract/index.ts";
import type { AuditAction, AuditTargetType } from "../../contract/resources/index.ts";
import { isoNow, json } from "./context.ts";
import { pageOf, type Paged } from "./paging.ts";
import type { AdminIdentity, ServiceContext, SignedProof } from "./ports.ts";

/** One entry: its action and record type are those the registry declares (contract/resources/). */
export interface AuditInput {
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
  transactionSignature?: string | null;
  cluster?: string | null;
  /** The admin wallet's signature over the decision this entry records. */
  signed?: SignedProof | null;
}

export async function recordAudit(trx: Db, ctx: ServiceContext, admin: AdminIdentity, entry: AuditInput): Promise<void> {
  await trx
    .insertInto("auditLog")
    .values({
      createdAt: isoNow(ctx),
      adminPublicKey: admin.publicKey,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      reason: entry.reason ?? null,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
      transactionSignature: entry.transactionSignature ?? null,
      cluster: entry.cluster ?? null,
      decisionMessage: entry.signed?.message ?? null,
      decisionSignature: entry.signed?.signature ?? null,
    })
    .execute();
}

export function toAuditEntry(row: AuditRow) {
  return {
    id: String(row.id),
    createdAt: row.createdAt,
    adminPublicKey: row.adminPublicKey,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    reason: row.reason,
    before: json(row.before),
    after: json(row.after),
    transactionSignature: row.transactionSignature,
    cluster: row.cluster,
    signedDecision: signedDecisionOf(row),
  };
}

/** The decision the entry's admin signed, when it carries one (the server verified it against their session). */
export function signedDecisionOf(row: AuditRow) {
  return row.decisionMessage && row.decisionSignature
    ? { signedBy: row.adminPublicKey, message: row.decisionMessage, signature: row.decisionSignature }
    : null;
}

// Each filter has an index ending in id (migrations 001, 002, 011), so a narrowed page reads its matches newest first.
export async function listAudit(ctx: ServiceContext, q: AuditQuery): Promise<Paged<ReturnType<typeof toAuditEntry>>> {
  let query = ctx.db.selectFrom("auditLog");
  if (q.targetType !== undefined) query = query.where("targetType", "=", q.targetType);
  if (q.targetId !== undefined) query = query.where("targetId", "=", q.targetId);
  if (q.admin !== undefined) query = query.where("adminPublicKey", "=", q.admin);
  if (q.action !== undefined) query = query.where("action", "=", q.action);
  // Stored times and the bounds are both ISO instants in UTC with milliseconds: text order is time order.
  if (q.from !== undefined) query = query.where("createdAt", ">=", q.from);
  if (q.to !== undefined) query = query.where("createdAt", "<=", q.to);
  return pageOf(query, query.selectAll().orderBy("id", "desc"), q, (rows) => rows.map(toAuditEntry));
}

/**
 * Every admin wallet the trail names, once each (in the index's order): the Activity screen's admin filter. One index
 * step per admin (a loose index scan over audit_admin), not a scan of the trail.
 */
export async function auditAdmins(ctx: ServiceContext): Promise<{ admins: string[] }> {
  const { rows } = await sql<{ admin: string }>`
    WITH RECURSIVE admins(admin) AS (
      SELECT MIN("adminPublicKey") FROM "auditLog"
      UNION ALL
      SELECT (SELECT MIN("adminPublicKey") FROM "auditLog" WHERE "adminPublicKey" > admins.admin)
      FROM admins WHERE admins.admin IS NOT NULL
    )
    SELECT admin FROM admins WHERE admin IS NOT NULL`.execute(ctx.db);
  return { admins: rows.map((row) => row.admin) };
}
