// Dispute resolution and marketplace initialization over real HTTP, settled on the in-process chain:
// seeded escrows really hold their amounts, each resolution pays the right parties exactly once and
// is recorded only after confirmation, refusals and chain failures leave the order DISPUTED, and a
// settlement interrupted by a stop is finished at the next start.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AccountLayout } from "@solana/spl-token";
import { Keypair, PublicKey } from "@solana/web3.js";
import bs58 from "bs58";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DisputeResolution } from "../../../contract/index.ts";
import { ConfigError } from "../../../server/config.ts";
import { startServer } from "../../../server/index.ts";
import type { OrderRow } from "../../../server/db/schema.ts";
import { ESCROW_FUNDING_LIMIT, fundOpenEscrows, WALLET_AIRDROP_LAMPORTS } from "../../../server/seed/escrows.ts";
import { createOrderRecord } from "../../../server/seed/records.ts";
import { configAddress, toSplit, type Settlement } from "../../../server/settlement/index.ts";
import { DEFAULT_MARKETPLACE_CONFIG, withAuthority } from "../../../server/settlement/port.ts";
import { startTestServer, type TestClient, type TestServer } from "../support/harness.ts";
import { freePort } from "../../support/free-port.ts";
import { createTestDatabase } from "../support/test-database.ts";
import { fundDispute, startSeededSettlementServer, countInFlight, writeSubmitted } from "../support/settlement-support.ts";

const RENT_MINIMUM = 890_880n;
/** Crediting a sysvar fails on chain (it is read-only): a real transaction failure, after every pre-check. */
const SYSVAR_CLOCK = "SysvarC1ock11111111111111111111111111111111";
const READONLY_FAILURE =
  "Transaction failed: InstructionError(0, ReadonlyLamportChange): Program 11111111111111111111111111111111 failed: instruction changed the balance of a read-only account";

let server: TestServer;
let api: TestClient;
let backend: Settlement;

const row = (id: string) => server.ctx.db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
/** The ids of the orders `where` (raw SQL: camelCase names in double quotes), newest first. */
const ids = async (where: string) =>
  (
    await server.ctx.db
      .selectFrom("orders")
      .select("id")
      .where(sql<boolean>`${sql.raw(where)}`)
      .orderBy("createdAt", "desc")
      .execute()
  ).map((r) => r.id);
const auditFor = (id: string) => server.ctx.db.selectFrom("auditLog").selectAll().where("targetId", "=", id).execute();
const pendingCount = () => countInFlight(server.ctx.db);

async function lamports(address: string): Promise<bigint> {
  return (await backend.ledger.getAccount(new PublicKey(address)))?.lamports ?? 0n;
}

async function tokenAmount(address: string): Promise<bigint> {
  const account = await backend.ledger.getAccount(new PublicKey(address));
  return account ? AccountLayout.decode(Buffer.from(account.data)).amount : 0n;
}

const fundedDispute = (values: Partial<OrderRow> = {}) => fundDispute(server.ctx, values);

beforeAll(async () => {
  server = await startSeededSettlementServer({ orders: 400, seed: 31 });
  backend = server.ctx.settlementBackend!;
  api = await server.signIn();
});

afterAll(async () => {
  await server?.close();
});

describe("seed data on the in-process chain", () => {
  it("funds every open order's escrow with its amount and makes its parties' wallets exist", async () => {
    const open = await server.ctx.db.selectFrom("orders").selectAll().where("status", "in", ["ACTIVE", "DISPUTED"]).execute();
    expect(open.length).toBeGreaterThan(10);
    expect(open.length).toBeLessThan(ESCROW_FUNDING_LIMIT);
    expect(new Set(open.map((o) => o.currencySymbol))).toEqual(new Set(["SOL", "USDC"]));
    for (const order of open) {
      expect(order).toMatchObject({ cluster: "localnet-inprocess", escrowPDA: (await backend.chain.escrowOf(order)).toBase58() });
      expect(order.transactionSignature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
      const held = order.currencyMint ? await tokenAmount(order.escrowPDA!) : await lamports(order.escrowPDA!);
      expect(held).toBe(BigInt(order.totalPrice));
      for (const wallet of [order.buyerWalletAddress, order.sellerWalletAddress]) {
        expect(await lamports(wallet)).toBeGreaterThanOrEqual(WALLET_AIRDROP_LAMPORTS);
      }
    }
    // Closed orders have no chain data, and none is made up.
    expect(await ids(`status NOT IN ('ACTIVE', 'DISPUTED') AND ("escrowPDA" IS NOT NULL OR cluster IS NOT NULL)`)).toEqual([]);
  });

  it("prices every SOL product and order at least the rent-exempt minimum", async () => {
    const { db } = server.ctx;
    const products = await db
      .selectFrom("products")
      .select((eb) => eb.fn.min("price").as("n"))
      .where("currencyMint", "is", null)
      .executeTakeFirstOrThrow();
    const orders = await db
      .selectFrom("orders")
      .select((eb) => eb.fn.min("totalPrice").as("n"))
      .where("currencyMint", "is", null)
      .executeTakeFirstOrThrow();
    expect(BigInt(products.n)).toBeGreaterThanOrEqual(RENT_MINIMUM);
    expect(BigInt(orders.n)).toBeGreaterThanOrEqual(RENT_MINIMUM);
  });

  it("funds nothing twice and at most the limit", async () => {
    await expect(fundOpenEscrows(server.ctx, backend)).resolves.toMatchObject({ funded: 0, wallets: 0, unfunded: 0 });
    const extra = await createOrderRecord(server.ctx.db, { status: "ACTIVE" });
    await expect(fundOpenEscrows(server.ctx, backend, { limit: 0 })).resolves.toMatchObject({ funded: 0, unfunded: 1 });
    // A settlement in flight may already have emptied its escrow: refilling it could pay twice.
    const pending = await createOrderRecord(server.ctx.db, { status: "DISPUTED", settlementStatus: "PENDING", settlementSignature: "Sig" });
    const funded = await fundOpenEscrows(server.ctx, backend);
    expect(funded).toMatchObject({ funded: 1, wallets: 2, unfunded: 0 });
    expect(await lamports((await row(extra.id)).escrowPDA!)).toBe(BigInt(extra.totalPrice));
    expect((await row(pending.id)).escrowPDA).toBeNull();
    expect(await backend.ledger.getAccount(await backend.chain.escrowOf(pending))).toBeNull();
    await server.ctx.db.updateTable("orders").set({ status: "CANCELLED" }).where("id", "=", pending.id).execute();
  });
});

describe("POST /admin/orders/:id/resolve-dispute on the chain", () => {
  const disputedSol = () => ids(`status = 'DISPUTED' AND "currencyMint" IS NULL AND "settlementStatus" IS NULL`);

  it.each([
    ["REFUND_BUYER", undefined, "REFUNDED", 100],
    ["RELEASE_TO_SELLER", undefined, "COMPLETED", 0],
    ["PARTIAL_REFUND", 35, "COMPLETED", 35],
  ] as const)(
    "%s pays the parties from the escrow, then records status, signature and audit",
    async (resolution, pct, status, buyerPct) => {
      const before = await row((await disputedSol())[0]);
      const total = BigInt(before.totalPrice);
      const balances = { buyer: await lamports(before.buyerWalletAddress), seller: await lamports(before.sellerWalletAddress) };

      const res = await api.post(`/admin/orders/${before.id}/resolve-dispute`, {
        resolution,
        adminNotes: `Decided: ${resolution}`,
        refundPercentage: pct,
      });
      expect(res.status).toBe(200);
      const { transactionSignature, cluster, order } = res.body.data;
      expect(bs58.decode(transactionSignature)).toHaveLength(64);
      expect(cluster).toBe("localnet-inprocess");
      expect(order).toMatchObject({
        id: before.id,
        status,
        resolution,
        refundPercentage: buyerPct,
        settlementSignature: transactionSignature,
        settlementStatus: "CONFIRMED",
        cluster: "localnet-inprocess",
        adminNotes: `Decided: ${resolution}`,
        resolvedBy: server.adminWallet.publicKey,
      });

      const buyerShare = (total * BigInt(buyerPct)) / 100n;
      expect(await lamports(before.buyerWalletAddress)).toBe(balances.buyer + buyerShare);
      expect(await lamports(before.sellerWalletAddress)).toBe(balances.seller + total - buyerShare);
      expect(await lamports(before.escrowPDA!)).toBe(0n);
      expect(await backend.ledger.signatureStatus(transactionSignature)).toEqual({ state: "confirmed" });

      expect((await api.get(`/admin/orders/${before.id}`)).body.data).toMatchObject({ status, settlementSignature: transactionSignature });
      const audit = await api.get(`/admin/audit?targetType=order&targetId=${before.id}`);
      expect(audit.body.data.items).toEqual([
        expect.objectContaining({
          action: "order.resolve_dispute",
          adminPublicKey: server.adminWallet.publicKey,
          reason: `Decided: ${resolution}`,
          before: { status: "DISPUTED", resolution: null, refundPercentage: null },
          after: {
            status,
            resolution,
            refundPercentage: buyerPct,
            escrow: before.escrowPDA,
            buyerAmount: String(buyerShare),
            sellerAmount: String(total - buyerShare),
            settlementId: expect.any(String),
          },
          transactionSignature,
          cluster: "localnet-inprocess",
        }),
      ]);
      expect(await pendingCount()).toBe(0);
    },
  );

  it("settles a seeded USDC dispute into the parties' token accounts", async () => {
    const [id] = await ids(`status = 'DISPUTED' AND "currencySymbol" = 'USDC' AND "settlementStatus" IS NULL`);
    const before = await row(id);
    const res = await api.post(`/admin/orders/${id}/resolve-dispute`, {
      resolution: "PARTIAL_REFUND",
      adminNotes: "Split",
      refundPercentage: 50,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.order).toMatchObject({ status: "COMPLETED", settlementStatus: "CONFIRMED" });
    expect(await backend.ledger.getAccount(new PublicKey(before.escrowPDA!))).toBeNull();
  });

  it("refuses a second resolution of the same order with 409 and pays nothing more", async () => {
    const [id] = await ids(`status = 'REFUNDED' AND "settlementStatus" = 'CONFIRMED'`);
    const before = await row(id);
    const balance = await lamports(before.buyerWalletAddress);
    const audits = (await auditFor(id)).length;
    const again = await api.post(`/admin/orders/${id}/resolve-dispute`, { resolution: "REFUND_BUYER", adminNotes: "Once more" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Only a DISPUTED order can be resolved: this order is REFUNDED");
    expect(await row(id)).toEqual(before);
    expect(await lamports(before.buyerWalletAddress)).toBe(balance);
    expect(await auditFor(id)).toHaveLength(audits);
  });

  it("lets only one of two simultaneous resolutions through: the escrow is paid out once", async () => {
    const order = await fundedDispute({ totalPrice: 3_000_000_000 });
    const buyer = await lamports(order.buyerWalletAddress);
    const body = { resolution: "REFUND_BUYER", adminNotes: "Race" };
    const answers = await Promise.all([0, 1, 2].map(() => api.post(`/admin/orders/${order.id}/resolve-dispute`, body)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(await lamports(order.buyerWalletAddress)).toBe(buyer + 3_000_000_000n);
    expect(await auditFor(order.id)).toHaveLength(1);
    expect(await row(order.id)).toMatchObject({ status: "REFUNDED", settlementStatus: "CONFIRMED" });
  });

  it.each([
    [10, "buyer"],
    [90, "seller"],
  ] as const)("400 before sending when the %s%% split leaves the %s's share below the rent minimum", async (pct, side) => {
    // Fresh wallets that do not exist on chain: a share to them must be at least the rent minimum.
    const order = await fundedDispute({ totalPrice: 2_000_000 });
    const res = await api.post(`/admin/orders/${order.id}/resolve-dispute`, {
      resolution: "PARTIAL_REFUND",
      adminNotes: "Small",
      refundPercentage: pct,
    });
    expect(res.status).toBe(400);
    const wallet = side === "buyer" ? order.buyerWalletAddress : order.sellerWalletAddress;
    expect(res.body.message).toBe(
      `The ${side}'s share of 200000 lamports is below the rent-exempt minimum of 890880 lamports for a new account: ` +
        `the ${side}'s wallet ${wallet} does not exist on chain yet`,
    );
    expect(await row(order.id)).toEqual(order);
    expect(await lamports(order.escrowPDA!)).toBe(2_000_000n);
    expect(await auditFor(order.id)).toEqual([]);
  });

  it("502 with the chain's message when the transaction fails: still DISPUTED, FAILED, nothing else written", async () => {
    const order = await fundedDispute({ buyerWalletAddress: SYSVAR_CLOCK });
    const res = await api.post(`/admin/orders/${order.id}/resolve-dispute`, { resolution: "REFUND_BUYER", adminNotes: "Refund" });
    expect(res.status).toBe(502);
    expect(res.body.message).toBe(READONLY_FAILURE);
    const after = await row(order.id);
    expect(after).toMatchObject({
      status: "DISPUTED",
      settlementStatus: "FAILED",
      resolution: null,
      refundPercentage: null,
      adminNotes: null,
      resolvedAt: null,
      resolvedBy: null,
      completedAt: null,
    });
    // The failed transaction's signature stays as the record of what FAILED; the chain knows it failed.
    expect(await backend.ledger.signatureStatus(after.settlementSignature!)).toMatchObject({ state: "failed" });
    expect(await lamports(order.escrowPDA!)).toBe(BigInt(order.totalPrice));
    expect(await auditFor(order.id)).toEqual([]);
    expect(await pendingCount()).toBe(0);

    // Nothing was paid, so the dispute can still be resolved another way.
    const retry = await api.post(`/admin/orders/${order.id}/resolve-dispute`, { resolution: "RELEASE_TO_SELLER", adminNotes: "Release" });
    expect(retry.status).toBe(200);
    expect(retry.body.data.order).toMatchObject({ status: "COMPLETED", settlementStatus: "CONFIRMED" });
    expect(retry.body.data.transactionSignature).not.toBe(after.settlementSignature);
  });

  it("409 for an order whose escrow holds nothing", async () => {
    const order = await createOrderRecord(server.ctx.db, { status: "DISPUTED" });
    const res = await api.post(`/admin/orders/${order.id}/resolve-dispute`, { resolution: "REFUND_BUYER", adminNotes: "Refund" });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/is empty \(never funded or already settled\)$/);
    expect(await row(order.id)).toEqual(order);
  });
});

describe("marketplace on the chain", () => {
  it("reports the cluster, initializes once with the demo admin wallet as authority, then 409", async () => {
    const before = await api.get("/admin/marketplace/status");
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({ initialized: false, configPDA: null, cluster: "localnet-inprocess" });

    const authority = server.ctx.demoWallet!.publicKey;
    const done = await api.post("/admin/marketplace/initialize");
    expect(done.status).toBe(200);
    const expected = {
      initialized: true,
      configPDA: configAddress(new PublicKey(authority)).toBase58(),
      authority,
      disputeResolutionLimit: DEFAULT_MARKETPLACE_CONFIG.disputeResolutionLimit,
      reportThreshold: DEFAULT_MARKETPLACE_CONFIG.reportThreshold,
      cluster: "localnet-inprocess",
    };
    expect(done.body.data).toMatchObject({ ...expected, transactionSignature: expect.any(String) });
    expect(await backend.ledger.signatureStatus(done.body.data.transactionSignature)).toEqual({ state: "confirmed" });
    expect(
      await server.ctx.db
        .selectFrom("marketplaceConfig")
        .select(["initialized", "authority", "disputeResolutionLimit", "reportThreshold", "cluster"])
        .executeTakeFirst(),
    ).toEqual({
      initialized: 1,
      authority,
      disputeResolutionLimit: 604_800,
      reportThreshold: 5,
      cluster: "localnet-inprocess",
    });

    const twice = await api.post("/admin/marketplace/initialize");
    expect(twice.status).toBe(409);
    expect((await api.get("/admin/marketplace/status")).body.data).toMatchObject(expected);
    expect((await api.get("/admin/audit?targetType=marketplace")).body.data.items).toHaveLength(1);
  });

  it("reads an initialization the database lost from the chain, and refuses to initialize again", async () => {
    await server.ctx.db.deleteFrom("marketplaceConfig").execute();
    const status = await api.get("/admin/marketplace/status");
    expect(status.body.data).toMatchObject({
      initialized: true,
      authority: server.ctx.demoWallet!.publicKey,
      cluster: "localnet-inprocess",
    });
    expect((await api.post("/admin/marketplace/initialize")).status).toBe(409);
  });

  it("403 when the authority is not an admin wallet: nothing is sent", async () => {
    const dir = mkdtempSync(join(tmpdir(), "authority-"));
    const keyFile = join(dir, "authority.json");
    const key = Keypair.generate();
    writeFileSync(keyFile, JSON.stringify(Array.from(key.secretKey)));
    const other = await startTestServer({ settlement: { authorityKeypairPath: keyFile } });
    try {
      const client = await other.signIn();
      const res = await client.post("/admin/marketplace/initialize");
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(
        `The marketplace authority ${key.publicKey.toBase58()} must be configured as an admin wallet before initializing: ` +
          `add ${key.publicKey.toBase58()} to ADMIN_WALLETS and restart the server`,
      );
      expect((await client.get("/admin/marketplace/status")).body.data).toMatchObject({
        initialized: false,
        cluster: "localnet-inprocess",
      });
      expect((await client.get("/admin/audit?targetType=marketplace")).body.data.total).toBe(0);
    } finally {
      await other.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("makes the demo admin wallet the authority only for the in-process chain without AUTHORITY_KEYPAIR", () => {
    const demo = server.ctx.demoWallet!;
    const base = { dataDir: "/tmp/x" };
    expect(withAuthority(base, demo).authorityKeypair?.publicKey.toBase58()).toBe(demo.publicKey);
    expect(withAuthority(base, null)).toEqual(base);
    expect(withAuthority({ ...base, authorityKeypairPath: "/k.json" }, demo).authorityKeypair).toBeUndefined();
    expect(withAuthority({ ...base, cluster: "https://api.devnet.solana.com" }, demo).authorityKeypair).toBeUndefined();
  });
});

describe("settlement configuration at start", () => {
  it.each([
    [{ SETTLEMENT_CLUSTER: "ftp://example.com" }, "SETTLEMENT_CLUSTER"],
    [{ SETTLEMENT_CLUSTER: "devnet" }, "SETTLEMENT_CLUSTER"],
    [{ AUTHORITY_KEYPAIR: "/nonexistent/authority.json" }, "AUTHORITY_KEYPAIR"],
  ])("stops on %j, naming the variable", async (extra, variable) => {
    const dir = mkdtempSync(join(tmpdir(), "settlement-config-"));
    const database = await createTestDatabase(dir, "m.sqlite");
    try {
      const start = startServer({ HOST: "127.0.0.1", PORT: "1", ...database.env, LOG_LEVEL: "silent", ...extra });
      await expect(start).rejects.toBeInstanceOf(ConfigError);
      await expect(start).rejects.toThrow(new RegExp(`^${variable}: `));
    } finally {
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a settlement interrupted by a stop is finished at the next start", () => {
  it("records a landed one, re-sends one that never left, marks a failed one FAILED", async () => {
    const dir = mkdtempSync(join(tmpdir(), "resume-"));
    // Both starts on one database: the same SQLite file, or on the PostgreSQL run the same PostgreSQL database.
    const database = await createTestDatabase(dir, "marketplace.sqlite");
    const env = async () => ({
      HOST: "127.0.0.1",
      PORT: String(await freePort()),
      ...database.env,
      // The deciding admin (seeded as an admin of the whitelist) is still one at the next start: only
      // then may a payout that never left be sent anew.
      ADMIN_WALLETS: server.adminWallet.publicKey,
      LOG_LEVEL: "silent",
    });
    const admin = { userId: "admin-user", publicKey: server.adminWallet.publicKey };
    try {
      const first = await startServer(await env());
      const { db } = first.ctx;
      const chain = first.ctx.settlementBackend!;
      const get = (id: string) => db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      // What the service writes when a transaction is signed (see services/orders.ts), written here
      // around a settlement the process "did not live" to record.
      const markPending = (id: string, signature: string, resolution: DisputeResolution, pct: number | null = null) =>
        writeSubmitted(db, { id, signature, resolution, refundPercentage: pct, adminNotes: `Interrupted ${resolution}` }, admin);
      const [landedId, lostId] = (
        await db
          .selectFrom("orders")
          .select("id")
          .where("status", "=", "DISPUTED")
          .where("currencyMint", "is", null)
          .orderBy("createdAt", "desc")
          .limit(2)
          .execute()
      ).map((r) => r.id);

      // 1. Sent and confirmed, but the process stopped before recording it.
      const landed = await get(landedId);
      const buyerBefore = (await chain.ledger.getAccount(new PublicKey(landed.buyerWalletAddress)))!.lamports;
      const sent = await chain.chain.settle(landed, toSplit("REFUND_BUYER"), {
        onSigned: ({ signature }) => markPending(landedId, signature, "REFUND_BUYER"),
      });
      // 2. Signed, stored, never sent.
      await markPending(lostId, bs58.encode(randomBytes(64)), "RELEASE_TO_SELLER");
      // 3. Sent and failed on chain, the failure not recorded.
      const failing = await createOrderRecord(first.ctx.db, { status: "DISPUTED", buyerWalletAddress: SYSVAR_CLOCK });
      await chain.chain.fundEscrow(failing);
      let failedSignature = "";
      await expect(
        chain.chain.settle(failing, toSplit("REFUND_BUYER"), {
          onSigned: ({ signature }) => {
            failedSignature = signature;
            return markPending(failing.id, signature, "REFUND_BUYER");
          },
        }),
      ).rejects.toThrow(READONLY_FAILURE);
      // 4. Never sent, and its re-sending is refused before sending (a 10 % share below the rent minimum).
      const small = await createOrderRecord(first.ctx.db, { status: "DISPUTED", totalPrice: 2_000_000 });
      await chain.chain.fundEscrow(small);
      await markPending(small.id, bs58.encode(randomBytes(64)), "PARTIAL_REFUND", 10);
      expect(await first.resumed).toEqual([]);
      await first.close();

      const second = await startServer(await env());
      try {
        const outcomes = await second.resumed;
        const byId = Object.fromEntries(outcomes.map((o) => [o.orderId, o]));
        expect(outcomes).toHaveLength(4);
        expect(byId[landedId]).toEqual({ orderId: landedId, signature: sent.signature, outcome: "confirmed" });
        expect(byId[lostId]).toMatchObject({ orderId: lostId, outcome: "confirmed" });
        expect(byId[failing.id]).toMatchObject({ outcome: "failed", message: READONLY_FAILURE });

        const db2 = second.ctx.db;
        const get2 = (id: string) => db2.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
        expect(await get2(landedId)).toMatchObject({
          status: "REFUNDED",
          settlementSignature: sent.signature,
          settlementStatus: "CONFIRMED",
          adminNotes: "Interrupted REFUND_BUYER",
          resolvedBy: admin.publicKey,
        });
        const ledger = second.ctx.settlementBackend!.ledger;
        // Paid once: by the transaction sent before the stop, not again.
        expect((await ledger.getAccount(new PublicKey(landed.buyerWalletAddress)))!.lamports).toBe(buyerBefore + BigInt(landed.totalPrice));
        const lost = await get2(lostId);
        expect(lost).toMatchObject({ status: "COMPLETED", settlementStatus: "CONFIRMED", resolution: "RELEASE_TO_SELLER" });
        expect(byId[lostId].signature).toBe(lost.settlementSignature);
        expect(await ledger.signatureStatus(lost.settlementSignature!)).toEqual({ state: "confirmed" });
        expect(await get2(failing.id)).toMatchObject({
          status: "DISPUTED",
          settlementStatus: "FAILED",
          settlementSignature: failedSignature,
          resolution: null,
        });
        expect(byId[small.id]).toMatchObject({
          outcome: "failed",
          message: expect.stringContaining("The buyer's share of 200000 lamports"),
        });
        expect(await get2(small.id)).toMatchObject({ status: "DISPUTED", settlementStatus: "FAILED", resolution: null });

        const audited = await db2
          .selectFrom("auditLog")
          .select(["targetId", "adminPublicKey", "transactionSignature"])
          .where("action", "=", "order.resolve_dispute")
          .execute();
        expect(audited).toHaveLength(2);
        expect(audited).toContainEqual({ targetId: landedId, adminPublicKey: admin.publicKey, transactionSignature: sent.signature });
        expect(await countInFlight(db2)).toBe(0);
      } finally {
        await second.close();
      }
    } finally {
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
