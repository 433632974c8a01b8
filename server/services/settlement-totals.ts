// The totals paid (beyond the core API): the dispute payouts confirmed in a period, summed per token
// by the database over settlements_paid (migration 018); the code only folds each token's row into
// the answer. Stored times are ISO-8601 UTC text, so a period is a text range alike on both engines.
import { sql } from "kysely";
import type { SettlementTotals, SettlementTotalsQuery } from "../../contract/index.ts";
import type { ServiceContext } from "./ports.ts";
import { confirmedPayouts } from "./settlement-rows.ts";

export async function settlementTotals(ctx: ServiceContext, q: SettlementTotalsQuery): Promise<SettlementTotals> {
  const from = q.from ?? null;
  const to = q.to ?? null;
  const rows = await confirmedPayouts(ctx.db)
    .select([
      "o.currencyMint as mint",
      "o.currencySymbol as symbol",
      "o.currencyDecimals as decimals",
      (eb) => eb.fn.countAll<number>().as("payouts"),
      // Text: a sum of 64-bit amounts kept exact on both engines (PostgreSQL's is a numeric).
      sql<string>`CAST(SUM(s."paidBuyer") AS TEXT)`.as("buyer"),
      sql<string>`CAST(SUM(s."paidSeller") AS TEXT)`.as("seller"),
    ])
    .where("s.paidBuyer", "is not", null)
    .$if(from !== null, (query) => query.where("s.confirmedAt", ">=", from))
    .$if(to !== null, (query) => query.where("s.confirmedAt", "<=", to))
    .groupBy(["o.currencyMint", "o.currencySymbol", "o.currencyDecimals"])
    .execute();
  const tokens = rows
    .map((row) => {
      const buyer = BigInt(row.buyer);
      const seller = BigInt(row.seller);
      return {
        mint: row.mint,
        symbol: row.symbol,
        decimals: Number(row.decimals),
        buyer: buyer.toString(),
        seller: seller.toString(),
        total: (buyer + seller).toString(),
        payouts: Number(row.payouts),
      };
    })
    .sort((a, b) => b.payouts - a.payouts || a.symbol.localeCompare(b.symbol));
  return { from, to, tokens };
}
