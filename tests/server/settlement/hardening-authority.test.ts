// Escrows are derived from the authority key, so a server started with another authority than the one
// that funded a data folder's escrows must say so — at start (refusing to start, before funding
// anything under the new key) and at each resolution ("authority mismatch", never "empty").
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Keypair, PublicKey } from "@solana/web3.js";
import { AccountLayout } from "@solana/spl-token";
import bs58 from "bs58";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError } from "../../../server/config.ts";
import { openReadOnlyDatabase } from "../../../server/db/connection.ts";
import type { OrderRow } from "../../../server/db/schema.ts";
import { startServer } from "../../../server/index.ts";
import { createOrderRecord } from "../../../server/seed/records.ts";
import { resolveDispute } from "../../../server/services/orders.ts";
import { resumeSettlements } from "../../../server/services/settlements.ts";
import { assertRecordedAuthority } from "../../../server/settlement/authority.ts";
import { AUTHORITY_FILE, EscrowChain } from "../../../server/settlement/index.ts";
import type { Settlement } from "../../../server/settlement/index.ts";
import { startTestServer, type TestServer } from "../support/harness.ts";
import { writeSubmitted } from "../support/settlement-support.ts";
import { createTestDatabase } from "../support/test-database.ts";
import { freePort } from "../../support/free-port.ts";

const demoKeypair = (dataDir: string) =>
  Keypair.fromSecretKey(
    bs58.decode((JSON.parse(readFileSync(join(dataDir, "demo-wallet.json"), "utf8")) as { secretKey: string }).secretKey),
  );

describe("a start with another authority than the one that funded the data folder", () => {
  it("refuses to start, naming both keys and the key file to use, and funds nothing under the new key", async () => {
    const dir = mkdtempSync(join(tmpdir(), "authority-switch-"));
    // Every start on one database (on the PostgreSQL run, DATABASE_URL's), the data folder `dir`.
    const database = await createTestDatabase(dir);
    const base = { HOST: "127.0.0.1", ...database.env, DATABASE_PATH: join(dir, "marketplace.sqlite"), LOG_LEVEL: "silent" };
    try {
      // 1. A plainly local start: the demo wallet is the authority and funds the open orders' escrows.
      const first = await startServer({ ...base, PORT: String(await freePort()) });
      const demo = first.ctx.demoWallet!.publicKey;
      expect(first.ctx.settlementBackend!.authority.toBase58()).toBe(demo);
      await first.close();
      const db = async () => {
        const { db: reader, close } = openReadOnlyDatabase({ url: database.env.DATABASE_URL, path: base.DATABASE_PATH });
        const count = () => reader.selectFrom("orders").select((eb) => eb.fn.countAll<number>().as("n"));
        try {
          return {
            funded: (await count().where("escrowPDA", "is not", null).executeTakeFirstOrThrow()).n,
            unfunded: (await count().where("status", "in", ["ACTIVE", "DISPUTED"]).where("escrowPDA", "is", null).executeTakeFirstOrThrow())
              .n,
          };
        } finally {
          await close();
        }
      };
      const before = await db();
      expect(before.funded).toBeGreaterThan(10);

      // 2. The same folder in production with another admin: no demo wallet, so a new authority.
      const admin = Keypair.generate().publicKey.toBase58();
      const production = { ...base, NODE_ENV: "production", ADMIN_WALLETS: admin };
      const refused = await startServer({ ...production, PORT: String(await freePort()) }).then(
        async (started) => void (await started.close()),
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(ConfigError);
      const generated = Keypair.fromSecretKey(Uint8Array.from(JSON.parse(readFileSync(join(dir, AUTHORITY_FILE), "utf8")) as number[]));
      const message = (refused as ConfigError).message;
      expect(message).toMatch(/^AUTHORITY_KEYPAIR: /);
      expect(message).toContain(`settlement authority is ${generated.publicKey.toBase58()}`);
      expect(message).toContain(demo);
      expect(message).toContain(`AUTHORITY_KEYPAIR=${join(dir, "demo-wallet.json")}`);
      expect(await db()).toEqual(before);

      // 3. Following the message: the old key settles the old escrows again.
      const fixed = await startServer({ ...production, PORT: String(await freePort()), AUTHORITY_KEYPAIR: join(dir, "demo-wallet.json") });
      try {
        expect(fixed.ctx.settlementBackend!.authority.toBase58()).toBe(demo);
        const [dispute] = await fixed.ctx.db
          .selectFrom("orders")
          .selectAll()
          .where("status", "=", "DISPUTED")
          .where("escrowPDA", "is not", null)
          .where("currencyMint", "is", null)
          .limit(1)
          .execute();
        const resolved = await resolveDispute(fixed.ctx, { userId: "admin", publicKey: admin }, dispute.id, {
          resolution: "REFUND_BUYER",
          adminNotes: "Refund",
          refundPercentage: undefined,
        });
        expect(resolved.settled?.order).toMatchObject({ status: "REFUNDED", settlementStatus: "CONFIRMED" });
      } finally {
        await fixed.close();
      }
    } finally {
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the recorded marketplace config and escrows at start", () => {
  let server: TestServer;
  let backend: Settlement;

  beforeAll(async () => {
    server = await startTestServer({ settlement: true });
    backend = server.ctx.settlementBackend!;
  });

  afterAll(async () => {
    await server?.close();
  });

  const recordConfig = (authority: string, cluster: string) =>
    server.ctx.db
      .insertInto("marketplaceConfig")
      .values({
        id: 1,
        initialized: 1,
        configPDA: "x",
        authority,
        disputeResolutionLimit: 1,
        reportThreshold: 1,
        transactionSignature: "sig",
        cluster,
        initializedAt: "2024-01-01T00:00:00.000Z",
      })
      .onConflict((oc) =>
        oc.column("id").doUpdateSet((eb) => ({ authority: eb.ref("excluded.authority"), cluster: eb.ref("excluded.cluster") })),
      )
      .execute();

  it("refuses a marketplace config initialized by another authority on this cluster, and nothing else", async () => {
    await expect(assertRecordedAuthority(server.ctx, backend)).resolves.toBeUndefined();
    await recordConfig(backend.authority.toBase58(), "localnet-inprocess");
    await expect(assertRecordedAuthority(server.ctx, backend)).resolves.toBeUndefined();
    const other = Keypair.generate().publicKey.toBase58();
    await recordConfig(other, "devnet");
    await expect(assertRecordedAuthority(server.ctx, backend)).resolves.toBeUndefined();

    await recordConfig(other, "localnet-inprocess");
    const refused = assertRecordedAuthority(server.ctx, backend);
    await expect(refused).rejects.toBeInstanceOf(ConfigError);
    await expect(refused).rejects.toThrow(
      new RegExp(`^AUTHORITY_KEYPAIR: the settlement authority is ${backend.authority.toBase58()}, but .*marketplace config.* ${other}`),
    );
    await server.ctx.db.deleteFrom("marketplaceConfig").execute();
  });

  it("refuses an open order whose recorded escrow another key funded", async () => {
    const stranger = Keypair.generate();
    const order = await createOrderRecord(server.ctx.db, { status: "DISPUTED" });
    const { escrow } = await new EscrowChain(backend.ledger, stranger).fundEscrow(order);
    await server.ctx.db.updateTable("orders").set({ escrowPDA: escrow, cluster: backend.cluster }).where("id", "=", order.id).execute();
    const refused = assertRecordedAuthority(server.ctx, backend);
    await expect(refused).rejects.toThrow(
      new RegExp(
        `^AUTHORITY_KEYPAIR: the settlement authority is ${backend.authority.toBase58()}, but the escrow ${escrow} of order ${order.id}`,
      ),
    );
    // Settled orders keep their escrow address: they prove nothing about the keys still needed.
    await server.ctx.db.updateTable("orders").set({ status: "REFUNDED" }).where("id", "=", order.id).execute();
    await expect(assertRecordedAuthority(server.ctx, backend)).resolves.toBeUndefined();
  });
});

describe("a resolution under another authority than the escrow's", () => {
  let server: TestServer;
  let backend: Settlement;
  let dir: string;
  let current: Keypair;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "authority-b-"));
    current = Keypair.generate();
    const file = join(dir, "authority-b.json");
    writeFileSync(file, JSON.stringify(Array.from(current.secretKey)));
    // Loopback: the demo wallet exists in the data folder, but AUTHORITY_KEYPAIR names another key.
    server = await startTestServer({ settlement: { authorityKeypairPath: file } });
    backend = server.ctx.settlementBackend!;
  });

  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A dispute whose escrow the demo wallet funded (the authority of an earlier run). */
  async function fundedByDemoWallet(values: Partial<OrderRow> = {}): Promise<OrderRow> {
    const order = await createOrderRecord(server.ctx.db, { status: "DISPUTED", ...values });
    const { escrow } = await new EscrowChain(backend.ledger, demoKeypair(server.ctx.config.dataDir)).fundEscrow(order);
    await server.ctx.db.updateTable("orders").set({ escrowPDA: escrow, cluster: backend.cluster }).where("id", "=", order.id).execute();
    return server.ctx.db.selectFrom("orders").selectAll().where("id", "=", order.id).executeTakeFirstOrThrow();
  }

  it.each([
    ["SOL", {}],
    [
      "USDC",
      { currencyMint: Keypair.generate().publicKey.toBase58(), currencySymbol: "USDC", currencyDecimals: 6, totalPrice: 25_000_000 },
    ],
  ] as const)("answers 409 'authority mismatch' naming both keys for a %s escrow, and sends nothing", async (_kind, values) => {
    const order = await fundedByDemoWallet(values);
    const demo = server.ctx.demoWallet!.publicKey;
    const api = await server.signIn();
    const res = await api.post(`/admin/orders/${order.id}/resolve-dispute`, { resolution: "REFUND_BUYER", adminNotes: "Refund" });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain("authority mismatch");
    expect(res.body.message).toContain(current.publicKey.toBase58());
    expect(res.body.message).toContain(demo);
    expect(res.body.message).toContain(order.escrowPDA);
    expect(res.body.message).not.toMatch(/empty/);
    expect(await server.ctx.db.selectFrom("orders").selectAll().where("id", "=", order.id).executeTakeFirst()).toEqual(order);
    const escrow = await backend.ledger.getAccount(new PublicKey(order.escrowPDA!));
    const held = order.currencyMint ? AccountLayout.decode(Buffer.from(escrow!.data)).amount : escrow!.lamports;
    expect(held).toBe(BigInt(order.totalPrice));
  });

  it("keeps a pending settlement of such an escrow PENDING on resume: neither recorded as landed nor failed", async () => {
    const order = await fundedByDemoWallet();
    const signature = bs58.encode(Buffer.alloc(64, 7));
    await writeSubmitted(
      server.ctx.db,
      { id: order.id, signature, resolution: "REFUND_BUYER", adminNotes: "Refund" },
      { userId: "admin", publicKey: server.adminWallet.publicKey },
      new Date(0).toISOString(),
    );
    const outcomes = await resumeSettlements(server.ctx);
    expect(outcomes).toEqual([
      { orderId: order.id, signature, outcome: "unknown", message: expect.stringContaining("authority mismatch") },
    ]);
    expect(
      await server.ctx.db
        .selectFrom("orders")
        .select(["status", "settlementStatus", "settlementSignature"])
        .where("id", "=", order.id)
        .executeTakeFirst(),
    ).toEqual({
      status: "DISPUTED",
      settlementStatus: "PENDING",
      settlementSignature: signature,
    });
  });
});
