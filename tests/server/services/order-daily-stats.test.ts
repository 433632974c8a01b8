// Over real HTTP: GET /admin/orders/stats/daily, the dashboard's charts. Orders are inserted at known
// UTC times around a clock set to noon, and the answer is checked number by number: the per-day counts
// (zero-filled, window edges included and excluded), the volume by token (exact past 2^53, cancelled
// orders left out), the status mix, the median time to resolve (odd and even counts, a resolution
// without a raise time left out); then the 400s naming `days` and the 401.
import type { Insertable } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DailyOrderCounts, OrderDailyStats } from "../../../contract/index.ts";
import type { OrdersTable } from "../../../server/db/schema.ts";
import { USDC } from "../../../server/seed/catalog.ts";
import { createOrderRecord } from "../../../server/seed/records.ts";
import { startTestServer, type TestClient, type TestServer } from "../support/harness.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const BONK = { currencySymbol: "BONK", currencyDecimals: 5, currencyMint: "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263" };
const IN_USDC = { currencySymbol: USDC.symbol, currencyDecimals: USDC.decimals, currencyMint: USDC.mint };

let server: TestServer;
let api: TestClient;
/** UTC midnight of the server's today. */
let today: number;

const at = (ms: number) => new Date(ms).toISOString();
/** The UTC day `n` days before today. */
const dayBefore = (n: number) => at(today - n * DAY).slice(0, 10);
const order = (values: Partial<Insertable<OrdersTable>>) => createOrderRecord(server.ctx.db, values);

async function stats(query = ""): Promise<OrderDailyStats> {
  const response = await api.get(`/admin/orders/stats/daily${query}`);
  expect(response.status, response.text).toBe(200);
  return response.body.data as OrderDailyStats;
}

/** The days that are not all zeros, as { date: [orders, opened, resolved] }. */
const busyDays = (days: DailyOrderCounts[]) =>
  Object.fromEntries(
    days
      .filter((d) => d.orders || d.disputesOpened || d.disputesResolved)
      .map((d) => [d.date, [d.orders, d.disputesOpened, d.disputesResolved]]),
  );

beforeAll(async () => {
  server = await startTestServer();
  // Noon UTC, so that no request of this file crosses midnight.
  const now = server.clock.now();
  let noon = Math.floor(now / DAY) * DAY + 12 * HOUR;
  if (noon < now + HOUR) noon += DAY;
  server.clock.advance(noon - now);
  today = noon - 12 * HOUR;
  api = await server.signIn();

  const d = (days: number, hours = 0) => at(today - days * DAY + hours * HOUR);
  // Out of every window asked for below: the last millisecond before the 30-day window, and a dispute
  // raised and resolved long before it.
  await order({ createdAt: at(today - 29 * DAY - 1), status: "COMPLETED", totalPrice: 7_000_000_000 });
  await order({ createdAt: d(45), status: "REFUNDED", disputeRaisedAt: d(44), resolvedAt: d(40) });
  // The 30-day window's first millisecond: counted, but a cancelled order moves no money.
  await order({ createdAt: d(29), status: "CANCELLED", totalPrice: 5_000_000_000 });
  // Disputes resolved in 1 day, 1.5 days and 6 hours, and one resolved without a recorded raise time.
  await order({ createdAt: d(10), status: "REFUNDED", disputeRaisedAt: d(8), resolvedAt: d(7) });
  await order({ createdAt: d(10), status: "COMPLETED", disputeRaisedAt: d(7, 12), resolvedAt: d(5) });
  await order({ createdAt: d(10), status: "REFUNDED", ...IN_USDC, totalPrice: 1_000_000, disputeRaisedAt: d(4), resolvedAt: d(4, 6) });
  await order({ createdAt: d(10), status: "COMPLETED", resolvedAt: d(3) });
  // Two amounts whose sum is past 2^53.
  await order({ createdAt: d(2, 12), status: "COMPLETED", ...BONK, totalPrice: 6_000_000_000_000_000 });
  await order({ createdAt: d(2, 12), status: "COMPLETED", ...BONK, totalPrice: 6_000_000_000_000_000 });
  await order({ createdAt: d(1, 10), status: "DISPUTED", ...IN_USDC, totalPrice: 2_500_000, disputeRaisedAt: d(0, 3) });
  await order({ createdAt: d(0, 1), status: "ACTIVE" });
  await order({ createdAt: d(0, 2), status: "COMPLETED" });
});

afterAll(async () => {
  await server?.close();
});

describe("GET /admin/orders/stats/daily", () => {
  it("answers the last 30 UTC days by default, each day once and oldest first, zeros where nothing happened", async () => {
    const data = await stats();
    expect(data.from).toBe(at(today - 29 * DAY));
    expect(data.to).toBe(at(today + DAY));
    expect(data.days.map((d) => d.date)).toEqual(Array.from({ length: 30 }, (_, i) => dayBefore(29 - i)));
    expect(busyDays(data.days)).toEqual({
      [dayBefore(29)]: [1, 0, 0],
      [dayBefore(10)]: [4, 0, 0],
      [dayBefore(8)]: [0, 1, 0],
      [dayBefore(7)]: [0, 1, 1],
      [dayBefore(5)]: [0, 0, 1],
      [dayBefore(4)]: [0, 1, 1],
      [dayBefore(3)]: [0, 0, 1],
      [dayBefore(2)]: [2, 0, 0],
      [dayBefore(1)]: [1, 0, 0],
      [dayBefore(0)]: [2, 1, 0],
    });
    expect(data.days.filter((d) => d.orders === 0 && d.disputesOpened === 0 && d.disputesResolved === 0)).toHaveLength(20);
  });

  it("sums each token's volume exactly in base units, cancelled orders left out, and mixes the statuses", async () => {
    const data = await stats("?days=30");
    expect(data.volumeByToken).toEqual([
      { mint: null, symbol: "SOL", decimals: 9, amount: "5000000000", orders: 5 },
      { mint: BONK.currencyMint, symbol: "BONK", decimals: 5, amount: "12000000000000000", orders: 2 },
      { mint: USDC.mint, symbol: "USDC", decimals: 6, amount: "3500000", orders: 2 },
    ]);
    expect(data.statusMix).toEqual([
      { status: "COMPLETED", count: 5 },
      { status: "REFUNDED", count: 2 },
      { status: "ACTIVE", count: 1 },
      { status: "CANCELLED", count: 1 },
      { status: "DISPUTED", count: 1 },
    ]);
  });

  it("takes the median time to resolve over the window's resolved disputes with a raise time", async () => {
    // 30 days: 1 day, 1.5 days, 6 hours -> the middle one.
    expect((await stats()).medianResolveMs).toBe(DAY);
    // 6 days: 1.5 days and 6 hours (the one without a raise time is left out) -> their mean.
    const six = await stats("?days=6");
    expect(six.medianResolveMs).toBe((36 * HOUR + 6 * HOUR) / 2);
    expect(six.days.map((d) => d.disputesResolved)).toEqual([1, 1, 1, 0, 0, 0]);
    expect(six.statusMix).toEqual([
      { status: "COMPLETED", count: 3 },
      { status: "ACTIVE", count: 1 },
      { status: "DISPUTED", count: 1 },
    ]);
    // 3 days: nothing resolved.
    expect((await stats("?days=3")).medianResolveMs).toBeNull();
  });

  it("answers one day, and a whole leap year of days", async () => {
    const one = await stats("?days=1");
    expect(one.days).toEqual([{ date: dayBefore(0), orders: 2, disputesOpened: 1, disputesResolved: 0 }]);
    expect(one.from).toBe(at(today));
    const year = await stats("?days=366");
    expect(year.days).toHaveLength(366);
    expect(year.days[0].date).toBe(dayBefore(365));
    expect(year.days.reduce((sum, d) => sum + d.orders, 0)).toBe(12);
    expect(year.days.reduce((sum, d) => sum + d.disputesResolved, 0)).toBe(5);
  });

  it.each(["0", "367", "-1", "1.5", "ten", "30abc"])("refuses days=%s with a 400 naming the field", async (days) => {
    const response = await api.get(`/admin/orders/stats/daily?days=${days}`);
    expect(response.status, response.text).toBe(400);
    expect(response.body.errors).toEqual([{ field: "days", message: "Days must be a whole number from 1 to 366" }]);
    expect(response.body.message).toContain("days: Days must be a whole number from 1 to 366");
  });

  it("answers 401 without a session", async () => {
    const response = await server.client().get("/admin/orders/stats/daily");
    expect(response.status).toBe(401);
    expect(response.body.data).toBeUndefined();
  });
});
