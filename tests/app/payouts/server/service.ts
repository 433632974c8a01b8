// A throwaway resource's service, exactly as a real module writes it in
// server/resources/<name>/service.ts (see docs/adding-a-resource.md): the list (newest first,
// optionally one status's), one payout, and marking one paid, audited in the same transaction.
import type { AuditAction, AuditTargetType } from "../../../../contract/resources/index.ts";
import type { Db } from "../../../../server/db/schema.ts";
import { conflict, notFound } from "../../../../server/http/errors.ts";
import { recordAudit } from "../../../../server/services/audit.ts";
import { isoNow } from "../../../../server/services/context.ts";
import { pageOf, type Paged } from "../../../../server/services/paging.ts";
import type { AdminIdentity, ServiceContext } from "../../../../server/services/ports.ts";
import type { PayoutListQuery, ShopPayout } from "../contract.ts";
import type { PayoutRow } from "./tables.ts";

const toPayout = (row: PayoutRow): ShopPayout => ({
  id: row.id,
  shopName: row.shopName,
  amount: row.amount,
  status: row.status,
  createdAt: row.createdAt,
});

export async function listPayouts(ctx: ServiceContext, q: PayoutListQuery): Promise<Paged<ShopPayout>> {
  let query = ctx.db.selectFrom("payouts");
  if (q.status !== undefined) query = query.where("status", "=", q.status);
  return pageOf(query, query.selectAll().orderBy("createdAt", "desc").orderBy("id", "desc"), q, (rows) => rows.map(toPayout));
}

// A real module's table is in the registry's RecordTable: findById(db, "payouts", id) reads it and
// answers "Payout not found". The test adds payouts to the registry at run time only.
async function findPayout(db: Db, id: string): Promise<PayoutRow> {
  const row = await db.selectFrom("payouts").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw notFound("Payout");
  return row;
}

export const getPayout = async (ctx: ServiceContext, id: string): Promise<ShopPayout> => toPayout(await findPayout(ctx.db, id));

export async function markPaid(ctx: ServiceContext, admin: AdminIdentity, id: string): Promise<ShopPayout> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await findPayout(trx, id);
    if (before.status === "PAID") throw conflict("This payout is paid already");
    await trx
      .updateTable("payouts")
      .set({ status: "PAID", updatedAt: isoNow(ctx) })
      .where("id", "=", id)
      .execute();
    await recordAudit(trx, ctx, admin, {
      // A real module's action and record type are the registry's, checked as typed.
      action: "payout.mark_paid" as AuditAction,
      targetType: "payout" as AuditTargetType,
      targetId: id,
      before: { status: before.status },
      after: { status: "PAID" },
    });
    return toPayout(await findPayout(trx, id));
  });
}
