// Reconciliation of the database with the escrows on the in-process chain: a fresh server's data is
// clean (through the API and `npm run reconcile`, spawned once, beside the running server), and a
// planted mismatch of each kind is found, through the API and through the script's core function.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { Keypair, PublicKey } from "@solana/web3.js";
import { AccountLayout } from "@solana/spl-token";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MISMATCH_KINDS, type Mismatch } from "../../../contract/index.ts";
import type { OrderRow } from "../../../server/db/schema.ts";
import { createOrderRecord } from "../../../server/seed/records.ts";
import { CHAIN_DIR, escrowAddress, type Settlement } from "../../../server/settlement/index.ts";
import { JOURNAL_FILE } from "../../../server/settlement/journal.ts";
import { formatReport, main, reconcileConfigured } from "../../../scripts/reconcile.ts";
import { fundDispute, startSeededSettlementServer } from "../support/settlement-support.ts";
import { startTestServer, TEST_PUBLIC_ORIGIN, type TestClient, type TestServer } from "../support/harness.ts";
import { runProcess } from "../../support/processes.ts";

let server: TestServer;
let api: TestClient;
let backend: Settlement;
/** The environment the test server was configured from: what `npm run reconcile` is given. */
let env: Record<string, string>;

const row = (id: string) => server.ctx.db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const set = async (id: string, values: Partial<OrderRow>) => {
  await server.ctx.db.updateTable("orders").set(values).where("id", "=", id).execute();
  return row(id);
};

const fundedOrder = (values: Partial<OrderRow> = {}) => fundDispute(server.ctx, values);

beforeAll(async () => {
  server = await startSeededSettlementServer({ orders: 200, seed: 7 });
  backend = server.ctx.settlementBackend!;
  api = await server.signIn();
  env = {
    HOST: "127.0.0.1",
    PUBLIC_ORIGIN: TEST_PUBLIC_ORIGIN,
    ADMIN_WALLETS: server.adminWallet.publicKey,
    // The server's database, whichever engine it is on.
    DATABASE_PATH: server.ctx.config.databasePath,
    ...(server.ctx.config.databaseUrl ? { DATABASE_URL: server.ctx.config.databaseUrl } : {}),
    NODE_ENV: "test",
  };
});

afterAll(async () => {
  await server?.close();
});

describe("a fresh server's data", () => {
  it("reconciles clean through the API", async () => {
    const response = await api.get("/admin/reconciliation");
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toMatchObject({ cluster: "localnet-inprocess", mismatches: [] });
    const { n: open } = await server.ctx.db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "in", ["ACTIVE", "DISPUTED"])
      .executeTakeFirstOrThrow();
    expect(open).toBeGreaterThan(5);
    expect(response.body.data.ordersChecked).toBe(open);
  });

  it("reconciles clean with `npm run reconcile` beside the running server (exit 0), writing nothing", async () => {
    // The data folder as the server left it: every file with its size and modification time.
    const dataDir = server.ctx.config.dataDir;
    const chainFiles = () =>
      readdirSync(dataDir, { recursive: true, encoding: "utf8" })
        .map((name) => [name, statSync(join(dataDir, name))] as const)
        .filter(([name, stat]) => stat.isFile() && !/-(wal|shm)$/.test(name))
        .map(([name, stat]) => `${name} ${stat.size} ${stat.mtimeMs}`)
        .sort();
    const before = chainFiles();
    expect(before.some((f) => f.startsWith(join(CHAIN_DIR, JOURNAL_FILE)))).toBe(true);
    const run = await runProcess("npm", ["run", "--silent", "reconcile"], { cwd: process.cwd(), env: { ...process.env, ...env } });
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/Checked \d+ orders with an escrow on localnet-inprocess at .*: 0 mismatches/);
    expect(chainFiles()).toEqual(before);
  });

  it("needs a settlement service (503 without one)", async () => {
    const bare = await startTestServer();
    try {
      const response = await (await bare.signIn()).get("/admin/reconciliation");
      expect(response.status).toBe(503);
    } finally {
      await bare.close();
    }
  });
});

describe("planted mismatches", () => {
  const planted = new Map<string, Mismatch["kind"]>();

  beforeAll(async () => {
    // Funds left: resolved in the database, never paid out on chain.
    const settled = await fundedOrder();
    await set(settled.id, { status: "COMPLETED", settlementStatus: "CONFIRMED", resolution: "RELEASE_TO_SELLER" });
    planted.set(settled.id, "funds_left_after_settlement");

    // Missing: an open order recorded as paid whose escrow was never funded.
    const missing = await createOrderRecord(server.ctx.db, { status: "ACTIVE", transactionSignature: "PaidSig" });
    await set(missing.id, { escrowPDA: escrowAddress(backend.authority, missing.id).toBase58(), cluster: backend.cluster });
    planted.set(missing.id, "escrow_missing");

    // Empty: an SPL escrow account that exists but holds no tokens.
    const mint = await backend.chain.createTestMint(6);
    const empty = await fundedOrder({ currencyMint: mint.toBase58(), currencyDecimals: 6, currencySymbol: "USDC", totalPrice: 5_000_000 });
    const account = (await backend.ledger.getAccount(new PublicKey(empty.escrowPDA!)))!;
    const data = Buffer.from(account.data);
    AccountLayout.encode({ ...AccountLayout.decode(data), amount: 0n }, data);
    await backend.ledger.setAccount!(new PublicKey(empty.escrowPDA!), { ...account, data });
    planted.set(empty.id, "escrow_empty");

    // Wrong authority: the recorded escrow is derived from a key this server does not hold.
    const foreign = await createOrderRecord(server.ctx.db, { status: "DISPUTED", transactionSignature: "PaidSig" });
    await set(foreign.id, { escrowPDA: escrowAddress(Keypair.generate().publicKey, foreign.id).toBase58(), cluster: backend.cluster });
    planted.set(foreign.id, "wrong_authority");

    // Amount differs: the escrow holds the amount paid, the database says another total.
    const differs = await fundedOrder({ totalPrice: 2_000_000_000 });
    await set(differs.id, { totalPrice: 2_500_000_000 });
    planted.set(differs.id, "amount_differs");
  });

  const expectEveryKind = (mismatches: Mismatch[]) => {
    expect([...planted.values()].sort()).toEqual([...MISMATCH_KINDS].sort());
    const found = new Map(mismatches.map((m) => [m.orderId, m]));
    for (const [orderId, kind] of planted) expect(found.get(orderId)?.kind, `${kind} of ${orderId}`).toBe(kind);
    // Only the planted ones: the seeded orders stay clean.
    expect(mismatches).toHaveLength(planted.size);
  };

  it("finds one of each kind through the API, with what the database and the chain say", async () => {
    const response = await api.get("/admin/reconciliation");
    expect(response.status, response.text).toBe(200);
    const mismatches = response.body.data.mismatches as Mismatch[];
    expectEveryKind(mismatches);
    const byKind = Object.fromEntries(mismatches.map((m) => [m.kind, m]));
    expect(byKind.amount_differs).toMatchObject({ expected: "2500000000", actual: "2000000000" });
    expect(byKind.funds_left_after_settlement).toMatchObject({ expected: "0", actual: "1000000000" });
    expect(byKind.wrong_authority).toMatchObject({ expected: backend.authority.toBase58() });
    expect(byKind.escrow_empty).toMatchObject({ expected: "5000000", actual: "0" });
  });

  it("finds one of each kind through the script's core function, prints them as a table, and exits 1", async () => {
    const report = await reconcileConfigured(env);
    expectEveryKind(report.mismatches);
    const table = formatReport(report);
    expect(table).toMatch(/: 5 mismatches/);
    for (const [orderId, kind] of planted) expect(table).toMatch(new RegExp(`^${orderId}\\s+${kind}\\s`, "m"));
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      expect(await main(env)).toBe(1);
      expect(log).toHaveBeenCalledWith(expect.stringMatching(/: 5 mismatches/));
    } finally {
      log.mockRestore();
    }
  });
});
