import { sql, type Kysely } from "kysely";
import { createIndexWhereSet } from "../columns.ts";

// What a confirmed settlement paid and when: each party's share in base units as the chain paid it
// (paidBuyer, paidSeller) and the time it was confirmed (confirmedAt), so the payouts a period holds
// are summed per token by the database (services/settlement-totals.ts) through settlements_paid.
// Payouts confirmed before are filled in from their order: the split of its total that the decision
// stated (a whole percentage, so floor(total × pct / 100) to the buyer, the rest to the seller, as
// settlement/escrow.ts splits it), confirmed when the row last changed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("settlements").addColumn("paidBuyer", "bigint").execute();
  await db.schema.alterTable("settlements").addColumn("paidSeller", "bigint").execute();
  await db.schema.alterTable("settlements").addColumn("confirmedAt", "text").execute();

  await sql`UPDATE settlements SET "confirmedAt" = "updatedAt" WHERE status = 'confirmed'`.execute(db);
  const total = sql`(SELECT o."totalPrice" FROM orders o WHERE o.id = settlements."orderId")`;
  await sql`UPDATE settlements SET "paidBuyer" = CASE resolution
      WHEN 'REFUND_BUYER' THEN ${total}
      WHEN 'RELEASE_TO_SELLER' THEN 0
      ELSE ${total} * COALESCE("refundPercentage", 0) / 100 END
    WHERE status = 'confirmed' AND kind = 'dispute_payout'`.execute(db);
  await sql`UPDATE settlements SET "paidSeller" = ${total} - "paidBuyer"
    WHERE status = 'confirmed' AND kind = 'dispute_payout'`.execute(db);

  await createIndexWhereSet(db, "settlements_paid", "settlements", ["confirmedAt", "orderId"], "paidBuyer");
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("settlements_paid").ifExists().execute();
  for (const column of ["confirmedAt", "paidSeller", "paidBuyer"]) await db.schema.alterTable("settlements").dropColumn(column).execute();
}
