// Who works a dispute (beyond the core API): an admin takes a DISPUTED order ("Assign to me") and
// lets it go again, each audited as before → after of `assignedTo`. Taking is one conditional UPDATE,
// so of two admins taking the same dispute at once one wins and the other is told who holds it (409).
import type { Db } from "../db/schema.ts";
import { conflict } from "../http/errors.ts";
import { recordAudit } from "./audit.ts";
import { findById, isoNow } from "./context.ts";
import { toOrder, type OrderBody } from "./orders.ts";
import { countOf } from "./paging.ts";
import { holds } from "./payout-rules.ts";
import type { AdminIdentity, ServiceContext } from "./ports.ts";

/** The holder as a 409 names them: display name and wallet, or the wallet alone. */
async function holderOf(db: Db, wallet: string): Promise<string> {
  const user = await db.selectFrom("users").select("displayName").where("publicKey", "=", wallet).executeTakeFirst();
  const name = user?.displayName?.trim();
  return name ? `${name} (${wallet})` : wallet;
}

const takenBy = async (db: Db, wallet: string) => conflict(`This dispute is already taken by ${await holderOf(db, wallet)}`);

export async function takeDispute(ctx: ServiceContext, admin: AdminIdentity, orderId: string): Promise<OrderBody> {
  return ctx.db.transaction().execute(async (trx) => {
    const order = await findById(trx, "orders", orderId);
    if (order.assignedTo === admin.publicKey) return toOrder(order);
    if (order.assignedTo) throw await takenBy(trx, order.assignedTo);
    if (order.status !== "DISPUTED") throw conflict(`Only a DISPUTED order can be taken: this order is ${order.status}`);
    const assignedAt = isoNow(ctx);
    const taken = await trx
      .updateTable("orders")
      .set({ assignedTo: admin.publicKey, assignedAt })
      .where("id", "=", orderId)
      .where("assignedTo", "is", null)
      .where("status", "=", "DISPUTED")
      .executeTakeFirst();
    if (taken.numUpdatedRows === 0n) {
      // Another admin took it (or it was settled) between the read and the write.
      const now = await findById(trx, "orders", orderId);
      throw now.assignedTo
        ? await takenBy(trx, now.assignedTo)
        : conflict(`Only a DISPUTED order can be taken: this order is ${now.status}`);
    }
    await recordAudit(trx, ctx, admin, {
      action: "order.assign",
      targetType: "order",
      targetId: orderId,
      before: { assignedTo: null },
      after: { assignedTo: admin.publicKey },
    });
    return toOrder({ ...order, assignedTo: admin.publicKey, assignedAt });
  });
}

/**
 * Lets the dispute go: its holder can, and so can an owner (team.manage) for a dispute another admin
 * holds (one who is away, say), audited with whom it was taken from. Releasing a dispute nobody
 * holds changes nothing.
 */
export async function releaseDispute(ctx: ServiceContext, admin: AdminIdentity, orderId: string): Promise<OrderBody> {
  return ctx.db.transaction().execute(async (trx) => {
    const order = await findById(trx, "orders", orderId);
    const holder = order.assignedTo;
    if (!holder) return toOrder(order);
    if (holder !== admin.publicKey && !holds(admin, "team.manage"))
      throw conflict(`This dispute is taken by ${await holderOf(trx, holder)}: only they or an owner can release it`);
    const released = await trx
      .updateTable("orders")
      .set({ assignedTo: null, assignedAt: null })
      .where("id", "=", orderId)
      .where("assignedTo", "=", holder)
      .executeTakeFirst();
    if (released.numUpdatedRows === 0n) return toOrder(await findById(trx, "orders", orderId));
    await recordAudit(trx, ctx, admin, {
      action: "order.release",
      targetType: "order",
      targetId: orderId,
      before: { assignedTo: holder },
      after: { assignedTo: null },
    });
    return toOrder({ ...order, assignedTo: null, assignedAt: null });
  });
}

/** The open disputes the admin holds, and those nobody holds. */
export async function disputeAssignments(ctx: ServiceContext, admin: AdminIdentity) {
  const disputes = ctx.db.selectFrom("orders").where("status", "=", "DISPUTED");
  return {
    mine: await countOf(disputes.where("assignedTo", "=", admin.publicKey)),
    unassigned: await countOf(disputes.where("assignedTo", "is", null)),
  };
}
