// The dashboard's charts (beyond the core API): orders, disputes raised and disputes resolved per UTC
// day over the last `days` days, the window's volume by token and status mix, and the median time to
// resolve a dispute. Every count and sum is the database's (GROUP BY over an index range, migration
// 011); the code only zero-fills the days and folds the grouped rows (days x statuses x tokens) into
// the answer.
//
// Stored times are ISO-8601 UTC text (toISOString), so a time's first ten characters are its UTC day
// and a window is a text range, alike on both engines.
import { sql, type RawBuilder } from "kysely";
import type { OrderDailyStats } from "../../contract/index.ts";
import { engineOf, msBetween } from "../db/engine.ts";
import type { ServiceContext } from "./ports.ts";

const DAY_MS = 86_400_000;

type TimeColumn = "createdAt" | "disputeRaisedAt" | "resolvedAt";

/** The UTC day (YYYY-MM-DD) of a stored time. Literal arguments: PostgreSQL must see the SELECT's and the GROUP BY's as one expression. */
const utcDay = (column: TimeColumn): RawBuilder<string> => sql<string>`substr(${sql.ref(column)}, 1, 10)`;

export async function orderDailyStats(ctx: ServiceContext, days: number): Promise<OrderDailyStats> {
  const today = Math.floor(ctx.now() / DAY_MS) * DAY_MS;
  const from = new Date(today - (days - 1) * DAY_MS).toISOString();
  const to = new Date(today + DAY_MS).toISOString();
  const { db } = ctx;
  const dates = Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));

  // One pass over the window's orders, day by day in the order of the index orders_by_day (the
  // condition names its first column, the day, not createdAt): every breakdown is a fold of it.
  const groups = await db
    .selectFrom("orders")
    .select([
      utcDay("createdAt").as("day"),
      "status",
      "currencyMint",
      "currencySymbol",
      "currencyDecimals",
      (eb) => eb.fn.countAll<number>().as("n"),
      // Text: a sum of 64-bit amounts kept exact on both engines (PostgreSQL's is a numeric).
      sql<string>`CAST(SUM("totalPrice") AS TEXT)`.as("amount"),
    ])
    .where(utcDay("createdAt"), ">=", dates[0])
    .where(utcDay("createdAt"), "<=", dates[dates.length - 1])
    .groupBy([utcDay("createdAt"), "status", "currencyMint", "currencySymbol", "currencyDecimals"])
    .execute();

  const perDay = (column: "disputeRaisedAt" | "resolvedAt") =>
    db
      .selectFrom("orders")
      .select([utcDay(column).as("day"), (eb) => eb.fn.countAll<number>().as("n")])
      .where(column, ">=", from)
      .where(column, "<", to)
      .groupBy(utcDay(column))
      .execute();
  const opened = await perDay("disputeRaisedAt");
  const resolved = await perDay("resolvedAt");
  const medianResolveMs = await medianResolve(ctx, from, to);

  const ordersOn = new Map<string, number>();
  const statuses = new Map<string, number>();
  const tokens = new Map<string, { mint: string | null; symbol: string; decimals: number; amount: bigint; orders: number }>();
  for (const row of groups) {
    const n = Number(row.n);
    ordersOn.set(row.day, (ordersOn.get(row.day) ?? 0) + n);
    statuses.set(row.status, (statuses.get(row.status) ?? 0) + n);
    // Cancelled orders moved no money.
    if (row.status === "CANCELLED") continue;
    const key = `${row.currencyMint ?? ""}|${row.currencySymbol}|${row.currencyDecimals}`;
    const token = tokens.get(key) ?? {
      mint: row.currencyMint,
      symbol: row.currencySymbol,
      decimals: row.currencyDecimals,
      amount: 0n,
      orders: 0,
    };
    token.amount += BigInt(row.amount);
    token.orders += n;
    tokens.set(key, token);
  }
  const countsOf = (rows: { day: string; n: number }[]) => new Map(rows.map((row) => [row.day, Number(row.n)]));
  const openedOn = countsOf(opened);
  const resolvedOn = countsOf(resolved);

  return {
    from,
    to,
    days: dates.map((date) => ({
      date,
      orders: ordersOn.get(date) ?? 0,
      disputesOpened: openedOn.get(date) ?? 0,
      disputesResolved: resolvedOn.get(date) ?? 0,
    })),
    volumeByToken: [...tokens.values()]
      .sort((a, b) => b.orders - a.orders || a.symbol.localeCompare(b.symbol))
      .map((token) => ({ ...token, amount: token.amount.toString() })),
    statusMix: [...statuses]
      .map(([status, count]) => ({ status, count }))
      .sort((a, b) => b.count - a.count || a.status.localeCompare(b.status)),
    medianResolveMs,
  };
}

/**
 * The median of (resolvedAt - disputeRaisedAt) over the disputes resolved in [from, to), whole
 * milliseconds; null when there were none. PostgreSQL has percentile_cont; SQLite reads the middle
 * one or two of the sorted times (the index orders_resolved serves the range).
 */
async function medianResolve(ctx: ServiceContext, from: string, to: string): Promise<number | null> {
  const engine = engineOf(ctx.db);
  const took = msBetween(engine, "disputeRaisedAt", "resolvedAt");
  const resolvedInWindow = ctx.db
    .selectFrom("orders")
    .where("resolvedAt", ">=", from)
    .where("resolvedAt", "<", to)
    .where("disputeRaisedAt", "is not", null);

  if (engine === "postgres") {
    const row = await resolvedInWindow
      .select(sql<number | null>`percentile_cont(0.5) WITHIN GROUP (ORDER BY ${took})`.as("median"))
      .executeTakeFirst();
    return row?.median == null ? null : Math.max(0, Math.round(Number(row.median)));
  }
  const total = Number((await resolvedInWindow.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  if (total === 0) return null;
  // The middle one of an odd count, the middle two of an even one.
  const middle = await resolvedInWindow
    .select(took.as("ms"))
    .orderBy("ms")
    .limit(2 - (total % 2))
    .offset(Math.floor((total - 1) / 2))
    .execute();
  const sum = middle.reduce((acc, row) => acc + Number(row.ms), 0);
  return Math.max(0, Math.round(sum / middle.length));
}
