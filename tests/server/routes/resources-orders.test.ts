// Orders over real HTTP: list shape and order, each filter's meaning on every page (checked against
// plain SQL), the counted totals after writes, detail, stats, dispute resolution's 400/404/409/503
// and its success path through a settlement port, marketplace status/initialization, and the audit list.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../contract/index.ts";
import { seedDatabase } from "../../../server/seed/index.ts";
import { createOrderRecord } from "../../../server/seed/records.ts";
import type { SettlementPort } from "../../../server/services/ports.ts";
import { SettlementError } from "../../../server/settlement/errors.ts";
import { defaultPage, setDisputeLimit, startTestServer, type TestClient, type TestServer } from "../support/harness.ts";
import { query } from "../support/test-database.ts";

let server: TestServer;
let api: TestClient;

/** Raw SQL on the test server's database, on either engine (test-database.ts). */
const raw = () => query(server.ctx);

const FILTERS: Record<string, string> = {
  new: `status = 'ACTIVE' AND "shippedAt" IS NULL`,
  ongoing: `"shippedAt" IS NOT NULL AND status <> 'COMPLETED'`,
  in_dispute: "status = 'DISPUTED'",
  completed: "status = 'COMPLETED'",
};

/** Every order, plain SQL's way. */
const ALL = "1 = 1";

async function idsWhere(where: string): Promise<string[]> {
  const rows = await raw().all<{ id: string }>(`SELECT id FROM orders WHERE ${where} ORDER BY "createdAt" DESC, rowid DESC`);
  return rows.map((r) => r.id);
}

async function allPages(query: string, limit: number): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const res = await api.get(`/admin/orders?${query}&page=${page}&limit=${limit}`);
    expect(res.status).toBe(200);
    ids.push(...res.body.data.items.map((o: { id: string }) => o.id));
    if (page >= res.body.data.totalPages) break;
  }
  return ids;
}

beforeAll(async () => {
  server = await startTestServer({
    prepare: async (ctx) => {
      await seedDatabase(ctx.database, { orders: 1500, seed: 7, now: ctx.now() });
    },
  });
  api = await server.signIn();
});

afterAll(async () => {
  await server.close();
});

describe("GET /admin/orders", () => {
  it("answers the paged shape, newest first, with currency and parsed snapshots", async () => {
    const items = await defaultPage(api, "/admin/orders", { total: 1500, totalPages: 75 });
    expect(items).toHaveLength(20);
    const created = items.map((o: { createdAt: string }) => o.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    const withSnapshot = items.find((o: { productSnapshot: unknown }) => o.productSnapshot !== null);
    expect(withSnapshot.productSnapshot).toEqual(expect.objectContaining({ title: expect.any(String), images: expect.any(Array) }));
    expect(withSnapshot.shopSnapshot).toEqual(expect.objectContaining({ name: expect.any(String), category: expect.any(String) }));
    expect(withSnapshot.currency).toEqual(
      withSnapshot.currency.symbol === "SOL"
        ? { symbol: "SOL", decimals: 9, mintAddress: null }
        : { symbol: "USDC", decimals: 6, mintAddress: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v" },
    );
    expect(Number.isInteger(withSnapshot.totalPrice)).toBe(true);
  });

  it.each(Object.keys(FILTERS))("filter=%s returns exactly its orders on every page", async (filter) => {
    const expected = await idsWhere(FILTERS[filter]);
    expect(expected.length).toBeGreaterThan(0);
    const first = await api.get(`/admin/orders?filter=${filter}`);
    expect(first.body.data.total).toBe(expected.length);
    expect(first.body.data.totalPages).toBe(Math.ceil(expected.length / 20));
    expect(await allPages(`filter=${filter}`, 13)).toEqual(expected);
  });

  it("pages without a filter match plain OFFSET paging, deep pages included", async () => {
    const expected = await idsWhere(ALL);
    for (const page of [1, 2, 37, 74, 75]) {
      const res = await api.get(`/admin/orders?page=${page}`);
      expect(res.body.data.items.map((o: { id: string }) => o.id)).toEqual(expected.slice((page - 1) * 20, page * 20));
    }
    const beyond = await api.get("/admin/orders?page=76");
    expect(beyond.body.data).toMatchObject({ items: [], total: 1500, page: 76 });
  });

  it("sort=deadline puts the disputes first, oldest dispute first, then the rest in the list's own order", async () => {
    const rows = (where: string) =>
      raw().all<{ id: string; disputeRaisedAt: string | null }>(
        `SELECT id, "disputeRaisedAt" FROM orders WHERE ${where} ORDER BY "createdAt" DESC, rowid DESC`,
      );
    // A stable sort keeps the list's own order among equal dates; a dispute without a date goes last.
    const byDeadline = (await rows("status = 'DISPUTED'"))
      .sort((a, b) => (a.disputeRaisedAt ?? "~").localeCompare(b.disputeRaisedAt ?? "~"))
      .map((row) => row.id);
    expect(byDeadline.length).toBeGreaterThan(1);
    expect(byDeadline).not.toEqual(await idsWhere(FILTERS.in_dispute));

    expect(await allPages("filter=in_dispute&sort=deadline", 13)).toEqual(byDeadline);
    const everything = await allPages("sort=deadline", 100);
    expect(everything).toEqual([...byDeadline, ...(await idsWhere("status <> 'DISPUTED'"))]);
    const first = await api.get("/admin/orders?sort=deadline&limit=5");
    expect(first.body.data).toMatchObject({ total: everything.length, page: 1, limit: 5 });

    const refused = await api.get("/admin/orders?sort=newest");
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: "sort", message: MESSAGES.orderSort }]);
  });

  it("search= finds orders by the start of their id (the 8-character short id) or by buyer or seller wallet, within the filter", async () => {
    const [order] = await raw().all<{ id: string; buyerWalletAddress: string; sellerWalletAddress: string }>(
      `SELECT id, "buyerWalletAddress", "sellerWalletAddress" FROM orders WHERE status = 'DISPUTED' ORDER BY rowid LIMIT 1`,
    );
    const search = async (text: string, more = "") => {
      const res = await api.get(`/admin/orders?search=${encodeURIComponent(text)}${more}`);
      expect(res.status, res.text).toBe(200);
      return res.body.data;
    };

    // The short id, whatever its case: the order (and any other whose id starts so).
    const short = order.id.slice(0, 8);
    const byShortId = await search(short.toUpperCase());
    expect(byShortId.items.map((o: { id: string }) => o.id)).toEqual(await idsWhere(`lower(id) LIKE '${short.toLowerCase()}%'`));
    expect(byShortId).toMatchObject({ total: byShortId.items.length, page: 1, limit: 20 });
    // The middle of an id is not its short id.
    expect((await search(order.id.slice(9, 17))).items.map((o: { id: string }) => o.id)).not.toContain(order.id);

    // Part of either wallet; with a filter, only that filter's orders; paged like any list.
    for (const wallet of [order.buyerWalletAddress, order.sellerWalletAddress]) {
      const part = wallet.slice(3, 15);
      const matching = `("buyerWalletAddress" LIKE '%${part}%' OR "sellerWalletAddress" LIKE '%${part}%' OR lower(id) LIKE lower('${part}%'))`;
      expect(await allPages(`search=${part}`, 1)).toEqual(await idsWhere(matching));
      const disputed = await idsWhere(`${matching} AND ${FILTERS.in_dispute}`);
      expect(disputed).toContain(order.id);
      expect(await allPages(`search=${part}&filter=in_dispute`, 2)).toEqual(disputed);
      // Sorted by deadline: the same orders, the oldest dispute first.
      const byDeadline = await allPages(`search=${part}&filter=in_dispute&sort=deadline`, 2);
      expect([...byDeadline].sort()).toEqual([...disputed].sort());
      const raised = await raw().all<{ id: string; disputeRaisedAt: string }>(
        `SELECT id, "disputeRaisedAt" FROM orders WHERE ${FILTERS.in_dispute}`,
      );
      const raisedAt = (id: string) => raised.find((row) => row.id === id)?.disputeRaisedAt ?? "~";
      expect(byDeadline.map(raisedAt)).toEqual(byDeadline.map(raisedAt).sort());
    }

    // Text matched as typed: % and _ are no wildcards.
    expect(await search("%")).toMatchObject({ items: [], total: 0, totalPages: 0 });
    expect(await search("_")).toMatchObject({ items: [], total: 0 });
  });

  it("keeps totals and pages right after inserts and status changes", async () => {
    await createOrderRecord(server.ctx.db, { status: "DISPUTED", createdAt: new Date(server.ctx.now()).toISOString() });
    const sql = raw();
    expect(
      await sql.run(
        `UPDATE orders SET status = 'COMPLETED', "shippedAt" = COALESCE("shippedAt", "createdAt") WHERE rowid IN (SELECT rowid FROM orders WHERE status = 'ACTIVE' LIMIT 25)`,
      ),
    ).toBe(25);
    expect(
      await sql.run(
        `UPDATE orders SET "shippedAt" = "createdAt" WHERE rowid IN (SELECT rowid FROM orders WHERE status = 'ACTIVE' AND "shippedAt" IS NULL LIMIT 10)`,
      ),
    ).toBe(10);
    for (const filter of Object.keys(FILTERS)) {
      expect(await allPages(`filter=${filter}`, 50)).toEqual(await idsWhere(FILTERS[filter]));
    }
    const total = await api.get("/admin/orders?limit=1");
    expect(total.body.data.total).toBe(1501);
  });

  it("refuses bad query values, naming the field", async () => {
    for (const [query, field, message] of [
      ["filter=shipped", "filter", MESSAGES.orderFilter],
      ["page=0", "page", MESSAGES.page],
      ["page=abc", "page", MESSAGES.page],
      ["limit=101", "limit", MESSAGES.limit],
      [`search=${"a".repeat(101)}`, "search", MESSAGES.textTooLong],
      ["search=%00abc", "search", MESSAGES.controlCharacters("Search")],
    ]) {
      const res = await api.get(`/admin/orders?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.errors).toEqual([{ field, message }]);
      expect(res.body.message).toContain(field);
    }
  });
});

describe("GET /admin/orders/:id and /admin/orders/stats", () => {
  it("returns one order, or 404 for an unknown id", async () => {
    const [id] = await idsWhere(`status = 'DISPUTED' AND "disputeDescription" IS NOT NULL`);
    const res = await api.get(`/admin/orders/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id,
      status: "DISPUTED",
      disputeDescription: expect.any(String),
      disputeRaisedAt: expect.any(String),
    });
    const missing = await api.get("/admin/orders/no-such-order");
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("Order not found");
  });

  it("counts every status and filter as plain SQL does", async () => {
    const res = await api.get("/admin/orders/stats");
    expect(res.status).toBe(200);
    const count = async (where: string) => (await idsWhere(where)).length;
    const since = new Date(server.ctx.now() - 30 * 86_400_000).toISOString();
    expect(res.body.data).toEqual({
      totalOrders: await count(ALL),
      newOrders: await count(FILTERS.new),
      ongoingOrders: await count(FILTERS.ongoing),
      disputedOrders: await count(FILTERS.in_dispute),
      completedOrders: await count(FILTERS.completed),
      recentOrders: await count(`"createdAt" >= '${since}'`),
      // Beyond the core API: no dispute resolution limit, no deadline to be past.
      overdueDisputes: null,
      byStatus: Object.fromEntries(
        await Promise.all(
          ["ACTIVE", "DISPUTED", "COMPLETED", "CANCELLED", "REFUNDED"].map(async (s) => [s, await count(`status = '${s}'`)]),
        ),
      ),
    });
  });
});

describe("GET /admin/orders/stats: the overdue disputes (beyond the core API)", () => {
  const setLimit = (limitSeconds: number | null) => setDisputeLimit(server.ctx.db, limitSeconds);

  it("counts the disputes open longer than the marketplace's dispute resolution limit, as plain SQL does", async () => {
    const raised = await raw().all<{ disputeRaisedAt: string }>(
      `SELECT "disputeRaisedAt" FROM orders WHERE status = 'DISPUTED' AND "disputeRaisedAt" IS NOT NULL ORDER BY "disputeRaisedAt"`,
    );
    // A limit that puts the middle dispute's deadline a minute from now: about half are past theirs.
    const middle = Date.parse(raised[Math.floor(raised.length / 2)].disputeRaisedAt);
    const limitSeconds = Math.floor((server.ctx.now() - middle) / 1000) + 60;
    await setLimit(limitSeconds);
    try {
      const cutoff = new Date(server.ctx.now() - limitSeconds * 1000).toISOString();
      const overdue = (await idsWhere(`status = 'DISPUTED' AND "disputeRaisedAt" < '${cutoff}'`)).length;
      const open = (await idsWhere(FILTERS.in_dispute)).length;
      expect(overdue).toBeGreaterThan(0);
      expect(overdue).toBeLessThan(open);
      const res = await api.get("/admin/orders/stats");
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ disputedOrders: open, overdueDisputes: overdue });
    } finally {
      await setLimit(null);
    }
  });
});

describe("POST /admin/orders/:id/resolve-dispute", () => {
  const valid = { resolution: "RELEASE_TO_SELLER", adminNotes: "Tracking shows delivery." };
  const undecided = () => idsWhere(`status = 'DISPUTED' AND "settlementStatus" IS NULL`);
  const disputed = async () => (await undecided())[0];
  const auditCount = async () => (await raw().get<{ n: number }>(`SELECT COUNT(*) AS n FROM "auditLog"`))!.n;

  it.each([
    [{ resolution: "RELEASE_TO_SELLER" }, "adminNotes", MESSAGES.adminNotesRequired],
    [{ resolution: "RELEASE_TO_SELLER", adminNotes: "   " }, "adminNotes", MESSAGES.adminNotesRequired],
    [{ resolution: "RELEASE_TO_SELLER", adminNotes: "x".repeat(2001) }, "adminNotes", MESSAGES.adminNotesTooLong],
    [{ resolution: "PARTIAL_REFUND", adminNotes: "split", refundPercentage: 150 }, "refundPercentage", MESSAGES.refundPercentage],
    [{ resolution: "PARTIAL_REFUND", adminNotes: "split", refundPercentage: -1 }, "refundPercentage", MESSAGES.refundPercentage],
    [{ resolution: "PARTIAL_REFUND", adminNotes: "split" }, "refundPercentage", MESSAGES.refundPercentageRequired],
    [{ resolution: "SPLIT", adminNotes: "x" }, "resolution", MESSAGES.resolution],
  ])("400 for %j", async (body, field, message) => {
    const res = await api.post(`/admin/orders/${await disputed()}/resolve-dispute`, body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field, message }]);
  });

  it("accepts 2000 characters of notes (then fails only for want of settlement)", async () => {
    const res = await api.post(`/admin/orders/${await disputed()}/resolve-dispute`, { ...valid, adminNotes: "x".repeat(2000) });
    expect(res.status).toBe(503);
  });

  it("404 for an unknown order, 409 for one that is not DISPUTED", async () => {
    expect((await api.post("/admin/orders/nope/resolve-dispute", valid)).status).toBe(404);
    const [completed] = await idsWhere("status = 'COMPLETED'");
    const res = await api.post(`/admin/orders/${completed}/resolve-dispute`, valid);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Only a DISPUTED order can be resolved: this order is COMPLETED");
  });

  it("503 without a settlement service: no signature, no change, no audit entry", async () => {
    const id = await disputed();
    const before = await auditCount();
    const res = await api.post(`/admin/orders/${id}/resolve-dispute`, valid);
    expect(res.status).toBe(503);
    expect(res.body.message).toMatch(/settlement service/);
    expect(res.body.data).toBeUndefined();
    expect((await api.get(`/admin/orders/${id}`)).body.data).toMatchObject({ status: "DISPUTED", settlementSignature: null });
    expect(await auditCount()).toBe(before);
  });

  it("settles through the settlement port, records the signature and audits it", async () => {
    const id = await disputed();
    const ctx = server.ctx;
    const seen: unknown[] = [];
    const port: SettlementPort = {
      async resolveDispute(order, decision, hooks) {
        seen.push({ id: order.id, ...decision });
        await hooks.onSigned("5igSig");
        const pending = await raw().get(`SELECT "settlementStatus", "settlementSignature" FROM orders WHERE id = ?`, order.id);
        seen.push(pending);
        return { transactionSignature: "5igSig", cluster: "localnet-inprocess" };
      },
      initializeMarketplace: () => Promise.reject(new Error("unused")),
    };
    ctx.settlement = port;
    try {
      const res = await api.post(`/admin/orders/${id}/resolve-dispute`, {
        resolution: "PARTIAL_REFUND",
        adminNotes: "Half the units arrived broken",
        refundPercentage: 40,
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        transactionSignature: "5igSig",
        cluster: "localnet-inprocess",
        order: { id, status: "COMPLETED", resolution: "PARTIAL_REFUND", refundPercentage: 40, settlementStatus: "CONFIRMED" },
      });
      expect(seen).toEqual([
        { id, resolution: "PARTIAL_REFUND", refundPercentage: 40 },
        { settlementStatus: "PENDING", settlementSignature: "5igSig" },
      ]);
      const again = await api.post(`/admin/orders/${id}/resolve-dispute`, valid);
      expect(again.status).toBe(409);

      const audit = await api.get(`/admin/audit?targetType=order&targetId=${id}`);
      expect(audit.body.data.items).toEqual([
        expect.objectContaining({
          action: "order.resolve_dispute",
          targetType: "order",
          targetId: id,
          adminPublicKey: server.adminWallet.publicKey,
          reason: "Half the units arrived broken",
          before: { status: "DISPUTED", resolution: null, refundPercentage: null },
          // The settlement queue's row that paid it (GET /admin/settlements).
          after: { status: "COMPLETED", resolution: "PARTIAL_REFUND", refundPercentage: 40, settlementId: expect.any(String) },
          transactionSignature: "5igSig",
          cluster: "localnet-inprocess",
        }),
      ]);
    } finally {
      ctx.settlement = undefined;
    }
  });

  it("answers a settlement failure with its code's status and its own message, nothing recorded", async () => {
    const ctx = server.ctx;
    const id = await disputed();
    const escrow = "Esc1111111111111111111111111111111111111111";
    const failure = new SettlementError("ESCROW_EMPTY", { orderId: id, escrow });
    ctx.settlement = { resolveDispute: () => Promise.reject(failure), initializeMarketplace: () => Promise.reject(failure) };
    try {
      const res = await api.post(`/admin/orders/${id}/resolve-dispute`, valid);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(`The escrow ${escrow} of order ${id} is empty (never funded or already settled)`);
      expect((await api.get(`/admin/orders/${id}`)).body.data).toMatchObject({
        status: "DISPUTED",
        settlementStatus: null,
        settlementSignature: null,
      });
    } finally {
      ctx.settlement = undefined;
    }
  });

  it("an unreachable cluster: 502 before signing (nothing pending), 504 after (kept PENDING for the re-check)", async () => {
    const ctx = server.ctx;
    const before = await disputed();
    const after = (await undecided()).find((id) => id !== before)!;
    ctx.settlement = {
      async resolveDispute(order, _decision, hooks) {
        if (order.id === after) await hooks.onSigned("5igLost");
        throw new Error("connect ECONNREFUSED 127.0.0.1:8899");
      },
      initializeMarketplace: () => Promise.reject(new Error("unused")),
    };
    try {
      const refused = await api.post(`/admin/orders/${before}/resolve-dispute`, valid);
      expect(refused.status).toBe(502);
      expect(refused.body.message).toBe("The cluster could not be reached: connect ECONNREFUSED 127.0.0.1:8899");
      expect((await api.get(`/admin/orders/${before}`)).body.data).toMatchObject({ settlementStatus: null });

      const unknown = await api.post(`/admin/orders/${after}/resolve-dispute`, valid);
      expect(unknown.status).toBe(504);
      expect(unknown.body.message).toBe(
        "The transaction was sent but its outcome is not known yet (connect ECONNREFUSED 127.0.0.1:8899); it will be checked again",
      );
      expect((await api.get(`/admin/orders/${after}`)).body.data).toMatchObject({
        status: "DISPUTED",
        settlementStatus: "PENDING",
        settlementSignature: "5igLost",
      });
    } finally {
      ctx.settlement = undefined;
    }
  });
});

describe("marketplace", () => {
  it("reports not initialized, answers 503 to initialize without settlement, then initializes once through the port", async () => {
    const status = await api.get("/admin/marketplace/status");
    expect(status.status).toBe(200);
    expect(status.body.data).toMatchObject({ initialized: false, configPDA: null, authority: null });

    const refused = await api.post("/admin/marketplace/initialize");
    expect(refused.status).toBe(503);
    expect(refused.body.message).toMatch(/settlement service/);
    expect((await api.get("/admin/marketplace/status")).body.data.initialized).toBe(false);

    const ctx = server.ctx;
    ctx.settlement = {
      resolveDispute: () => Promise.reject(new Error("unused")),
      initializeMarketplace: async () => ({
        transactionSignature: "InitSig",
        cluster: "localnet-inprocess",
        configPDA: "Cfg1111111111111111111111111111111111111111",
        authority: server.adminWallet.publicKey,
        disputeResolutionLimit: 604800,
        reportThreshold: 5,
      }),
    };
    try {
      const done = await api.post("/admin/marketplace/initialize");
      expect(done.status).toBe(200);
      expect(done.body.data).toMatchObject({
        transactionSignature: "InitSig",
        cluster: "localnet-inprocess",
        initialized: true,
        configPDA: "Cfg1111111111111111111111111111111111111111",
        disputeResolutionLimit: 604800,
        reportThreshold: 5,
      });
      expect((await api.get("/admin/marketplace/status")).body.data).toMatchObject({
        initialized: true,
        authority: server.adminWallet.publicKey,
      });
      const twice = await api.post("/admin/marketplace/initialize");
      expect(twice.status).toBe(409);
      const audit = await api.get("/admin/audit?targetType=marketplace");
      expect(audit.body.data.items).toEqual([
        expect.objectContaining({ action: "marketplace.initialize", transactionSignature: "InitSig", before: { initialized: false } }),
      ]);
    } finally {
      ctx.settlement = undefined;
    }
  });
});
