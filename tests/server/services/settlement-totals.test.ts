// What the Settlements screen shows of the money (beyond the core API): each dispute payout's amounts
// in its order's token in the list's answer, and the totals paid per token over a period
// (GET /admin/settlements/totals), on the in-process chain.
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES, type Settlement, type SettlementTotals } from "../../../contract/index.ts";
import { down as undo018, up as migrate018 } from "../../../server/db/migrations/018_settlement_paid.ts";
import type { OrderRow, SettlementRow } from "../../../server/db/schema.ts";
import { amountsOf } from "../../../server/services/settlement-rows.ts";
import type { TestClient, TestServer } from "../support/harness.ts";
import { fundDispute, startSeededSettlementServer } from "../support/settlement-support.ts";

const DAY_MS = 86_400_000;

let server: TestServer;
let api: TestClient;

/** A seeded USDC order, DISPUTED and funded, for the token that is not SOL. */
const usdcDispute = async (): Promise<OrderRow> =>
  server.ctx.db
    .selectFrom("orders")
    .selectAll()
    .where("status", "=", "DISPUTED")
    .where("currencySymbol", "=", "USDC")
    .where("settlementStatus", "is", null)
    .orderBy("id")
    .executeTakeFirstOrThrow();

const resolve = (id: string, body: Record<string, unknown>) =>
  api.post(`/admin/orders/${id}/resolve-dispute`, { adminNotes: "Decided after review", ...body });

const listed = async (orderId: string): Promise<Settlement> => {
  const res = await api.get("/admin/settlements?limit=100");
  expect(res.status).toBe(200);
  const found = (res.body.data.items as Settlement[]).find((item) => item.orderId === orderId);
  expect(found).toBeDefined();
  return found!;
};

const totals = async (search = ""): Promise<SettlementTotals> => {
  const res = await api.get(`/admin/settlements/totals${search}`);
  expect(res.status).toBe(200);
  return res.body.data as SettlementTotals;
};

/** The SOL refund (2 SOL to the buyer) on the first day, the USDC split (30/70) on the third. */
let refunded: OrderRow;
let split: OrderRow;
let firstDay: string;
let thirdDay: string;

beforeAll(async () => {
  server = await startSeededSettlementServer({ orders: 200, seed: 32 });
  api = await server.signIn();
  firstDay = new Date(server.clock.now()).toISOString().slice(0, 10);
  refunded = await fundDispute(server.ctx, { totalPrice: 2_000_000_000 });
  expect((await resolve(refunded.id, { resolution: "REFUND_BUYER" })).status).toBe(200);
  server.clock.advance(2 * DAY_MS);
  // The session did not outlive the two days.
  api = await server.signIn();
  thirdDay = new Date(server.clock.now()).toISOString().slice(0, 10);
  split = await usdcDispute();
  expect((await resolve(split.id, { resolution: "PARTIAL_REFUND", refundPercentage: 30 })).status).toBe(200);
});

afterAll(async () => {
  await server?.close();
});

describe("GET /admin/settlements: each payout's amounts", () => {
  it("says what the buyer received of a refund, in SOL", async () => {
    expect((await listed(refunded.id)).amounts).toEqual({
      buyer: "2000000000",
      seller: "0",
      mint: null,
      symbol: "SOL",
      decimals: 9,
    });
  });

  it("says what each party received of a partial refund, in the order's token", async () => {
    const total = BigInt(split.totalPrice);
    const buyer = (total * 30n) / 100n;
    expect((await listed(split.id)).amounts).toEqual({
      buyer: buyer.toString(),
      seller: (total - buyer).toString(),
      mint: split.currencyMint,
      symbol: "USDC",
      decimals: split.currencyDecimals,
    });
  });
});

describe("GET /admin/settlements/totals", () => {
  it("sums every payout per token when the period is open", async () => {
    const { tokens } = await totals();
    expect(tokens).toHaveLength(2);
    expect(tokens).toContainEqual({
      mint: null,
      symbol: "SOL",
      decimals: 9,
      buyer: "2000000000",
      seller: "0",
      total: "2000000000",
      payouts: 1,
    });
    const usdc = tokens.find((token) => token.symbol === "USDC");
    expect(usdc).toMatchObject({ mint: split.currencyMint, payouts: 1, total: String(split.totalPrice) });
    expect(BigInt(usdc!.buyer) + BigInt(usdc!.seller)).toBe(BigInt(split.totalPrice));
  });

  it("counts only the payouts confirmed in the period, both ends inclusive", async () => {
    const first = await totals(`?from=${firstDay}&to=${firstDay}`);
    expect(first).toMatchObject({ from: `${firstDay}T00:00:00.000Z`, to: `${firstDay}T23:59:59.999Z` });
    expect(first.tokens.map((token) => token.symbol)).toEqual(["SOL"]);
    expect((await totals(`?from=${thirdDay}`)).tokens.map((token) => token.symbol)).toEqual(["USDC"]);
    expect((await totals(`?to=${thirdDay}`)).tokens).toHaveLength(2);
  });

  it("answers no tokens for a period without payouts", async () => {
    const before = new Date(Date.parse(firstDay) - 10 * DAY_MS).toISOString().slice(0, 10);
    expect((await totals(`?from=${before}&to=${before}`)).tokens).toEqual([]);
  });

  it.each([
    ["from=yesterday", "from", MESSAGES.auditTime("From")],
    ["to=2026-02-30", "to", MESSAGES.auditTime("To")],
    ["from=2026-11-26&to=2026-11-25", "to", MESSAGES.auditRange],
  ])("GET /admin/settlements/totals?%s is a 400 naming %s", async (search, field, message) => {
    const res = await api.get(`/admin/settlements/totals?${search}`);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field, message }]);
  });
});

describe("migration 018", () => {
  it("fills in the payouts confirmed before it from their orders' split, confirmed when last changed", async () => {
    const before = await totals();
    const rows = () =>
      server.ctx.db
        .selectFrom("settlements")
        .select(["orderId", "paidBuyer", "paidSeller", "confirmedAt", "updatedAt"])
        .where("status", "=", "confirmed")
        .orderBy("orderId")
        .execute();
    const paid = await rows();
    // Back to before the migration (the amounts and times gone), then forward again.
    const db = server.ctx.db as unknown as Kysely<unknown>;
    await undo018(db);
    await migrate018(db);
    expect(await rows()).toEqual(paid.map((row) => ({ ...row, confirmedAt: row.updatedAt })));
    expect(await totals()).toEqual(before);
  });
});

describe("a payout's amounts before it is paid", () => {
  const order = { totalPrice: 1_000_000, currencyMint: null, currencySymbol: "SOL", currencyDecimals: 9 };
  const row = (values: Partial<SettlementRow>): SettlementRow => ({
    ...({} as SettlementRow),
    kind: "dispute_payout",
    status: "pending",
    resolution: "PARTIAL_REFUND",
    refundPercentage: 25,
    payouts: null,
    paidBuyer: null,
    paidSeller: null,
    ...values,
  });

  it("are a proposal's previewed amounts, parties it does not pay receiving nothing", () => {
    const payouts = [{ party: "seller", wallet: "W", tokenAccount: "T", amount: "999000", uiAmount: "0.000999", symbol: "SOL" }];
    expect(amountsOf(row({ status: "awaiting_approval", payouts: JSON.stringify(payouts) }), order)).toEqual({
      buyer: "0",
      seller: "999000",
      mint: null,
      symbol: "SOL",
      decimals: 9,
    });
  });

  it("are the decision's split of the order's total when nothing else states them", () => {
    expect(amountsOf(row({}), order)).toMatchObject({ buyer: "250000", seller: "750000" });
    expect(amountsOf(row({ resolution: "RELEASE_TO_SELLER", refundPercentage: null }), order)).toMatchObject({
      buyer: "0",
      seller: "1000000",
    });
  });

  it("are none for the marketplace initialization, or without the order", () => {
    expect(amountsOf(row({ kind: "marketplace_initialization", resolution: null }), null)).toBeNull();
    expect(amountsOf(row({}), null)).toBeNull();
  });
});
