// The admin audit trail: who did what to which record, why, and the values before and after.
// recordAudit takes the caller's transaction, so the change and its entry commit together.
import { sql, type SelectQueryBuilder } from "kysely";
import type { AuditRow, Database, Db } from "../db/schema.ts";
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

/** One field an audited change changed, as the API shows the record. */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Equal as stored: a value's JSON (undefined is stored as null). */
const stored = (value: unknown): string => JSON.stringify(value ?? null);

/**
 * The fields an entry's before and after both name and that differ, in the after's order: what every
 * audited edit changed, whichever service made it (recordAudit computes it, so none repeats it). Null when
 * the entry is not an edit of one record's fields: a creation or a deletion (one side null), a note.
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] | null {
  if (!isRecord(before) || !isRecord(after)) return null;
  return Object.keys(after)
    .filter((field) => field in before && stored(before[field]) !== stored(after[field]))
    .map((field) => ({ field, before: before[field] ?? null, after: after[field] ?? null }));
}

export async function recordAudit(trx: Db, ctx: ServiceContext, admin: AdminIdentity, entry: AuditInput): Promise<void> {
  const changes = fieldChanges(entry.before, entry.after);
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
      changes: changes === null ? null : JSON.stringify(changes),
      transactionSignature: entry.transactionSignature ?? null,
      cluster: entry.cluster ?? null,
      decisionMessage: entry.signed?.message ?? null,
      decisionSignature: entry.signed?.signature ?? null,
      decisionTransaction: entry.signed?.transaction ?? null,
    })
    .execute();
}

/** An entry as listed: its row, with the names of its admin and of its record where the database has them. */
export type NamedAuditRow = AuditRow & { adminName?: string | null; targetName?: string | null };

export function toAuditEntry(row: NamedAuditRow) {
  return {
    id: String(row.id),
    createdAt: row.createdAt,
    adminPublicKey: row.adminPublicKey,
    adminName: row.adminName ?? null,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    targetName: row.targetName ?? null,
    reason: row.reason,
    before: json(row.before),
    after: json(row.after),
    changes: json<FieldChange[]>(row.changes),
    transactionSignature: row.transactionSignature,
    cluster: row.cluster,
    signedDecision: signedDecisionOf(row),
  };
}

/** The decision the entry's admin signed, when it carries one (the server verified it against their session). */
export function signedDecisionOf(row: AuditRow) {
  return row.decisionMessage && row.decisionSignature
    ? {
        signedBy: row.adminPublicKey,
        message: row.decisionMessage,
        signature: row.decisionSignature,
        ...(row.decisionTransaction ? { transaction: row.decisionTransaction } : {}),
      }
    : null;
}

// Each filter has an index ending in id (migrations 001, 002, 011), so a narrowed page reads its matches newest first.
export async function listAudit(ctx: ServiceContext, q: AuditQuery): Promise<Paged<ReturnType<typeof toAuditEntry>>> {
  let query = ctx.db.selectFrom("auditLog");
  if (q.targetType !== undefined) query = query.where("auditLog.targetType", "=", q.targetType);
  if (q.targetId !== undefined) query = query.where("auditLog.targetId", "=", q.targetId);
  if (q.admin !== undefined) query = query.where("auditLog.adminPublicKey", "=", q.admin);
  if (q.action !== undefined) query = query.where("auditLog.action", "=", q.action);
  // Stored times and the bounds are both ISO instants in UTC with milliseconds: text order is time order.
  if (q.from !== undefined) query = query.where("auditLog.createdAt", ">=", q.from);
  if (q.to !== undefined) query = query.where("auditLog.createdAt", "<=", q.to);
  return pageOf(query, named(query).orderBy("auditLog.id", "desc"), q, (rows) => rows.map(toAuditEntry));
}

/**
 * The page's entries with the admin's display name and the record's name (a user's display name, a product's
 * or an order's product's title, a shop's name, a token's symbol): a primary-key lookup each, made for the
 * page's rows only. A record deleted for good, or of a type without a name, leaves it null (shown by its id).
 */
function named(query: SelectQueryBuilder<Database, "auditLog", object>) {
  return query.selectAll("auditLog").select((eb) => {
    const target = "auditLog.targetId" as const;
    const ofType = (type: AuditTargetType) => eb("auditLog.targetType", "=", type);
    return [
      eb.selectFrom("users").select("displayName").whereRef("users.publicKey", "=", "auditLog.adminPublicKey").as("adminName"),
      eb
        .case()
        .when(ofType("user"))
        .then(eb.selectFrom("users").select("displayName").whereRef("users.id", "=", target))
        .when(ofType("product"))
        .then(eb.selectFrom("products").select("title").whereRef("products.id", "=", target))
        .when(ofType("shop"))
        .then(eb.selectFrom("shops").select("name").whereRef("shops.id", "=", target))
        .when(ofType("token"))
        .then(eb.selectFrom("tokens").select("symbol").whereRef("tokens.id", "=", target))
        .when(ofType("order"))
        .then(
          eb
            .selectFrom("orders")
            .innerJoin("products", "products.id", "orders.productId")
            .select("products.title")
            .whereRef("orders.id", "=", target),
        )
        .else(null)
        .end()
        .as("targetName"),
    ];
  });
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
