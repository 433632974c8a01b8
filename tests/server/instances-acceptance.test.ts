// Three server processes on one PostgreSQL database and one `npm run chain`,
// configured as docs/deploy.md says several instances are: the same SESSION_SECRET, ADMIN_WALLETS,
// AUTHORITY_KEYPAIR and SETTLEMENT_CLUSTER. A session made on the first works on the other two; 30
// concurrent resolutions of one dispute spread across the three pay out once and leave one settlement
// row; 20 concurrent initializations across them initialize once. Runs once per `npm test`
// (vitest.config.ts), on PostgreSQL: a run without it leaves this file out, since SQLite instances
// each have their own file and share nothing.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Connection, PublicKey } from "@solana/web3.js";
import { freePort } from "../support/free-port.ts";
import { startProcess, stopProcess, waitForAnswer, waitForOutput, type Started } from "../support/processes.ts";
import { STARTUP_MS, scaled } from "../support/wait.ts";
import { createTestWallet, signInAt, TestClient, TEST_PUBLIC_ORIGIN, type TestWallet } from "./support/harness.ts";
import { createTestDatabase, query, type TestDatabase } from "./support/test-database.ts";
import type { OpenedDatabase } from "../../server/db/connection.ts";

/** The set-up starts four processes, one after the other. */
const SETUP_MS = scaled(4 * STARTUP_MS);

function start(args: string[], env: Record<string, string>): Started {
  return startProcess(process.execPath, ["--import", "tsx", ...args], { env: { ...process.env, ...env } });
}

async function stop(proc: Started | undefined): Promise<void> {
  if (proc) await stopProcess(proc, "SIGTERM");
}

describe("three instances on one database and one local chain", () => {
  let dir: string;
  let database: TestDatabase;
  let opened: OpenedDatabase;
  let chain: Started;
  let chainUrl: string;
  const instances: { proc: Started; base: string }[] = [];
  let admin: TestWallet;
  let session: TestClient;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "mkt-instances-"));
    database = await createTestDatabase(dir);
    chain = start(["scripts/chain.ts"], { CHAIN_PORT: "0", CHAIN_DIR: join(dir, "chain") });
    [, chainUrl] = await waitForOutput(chain, "the chain to listen", /(http:\/\/127\.0\.0\.1:\d+)/);

    admin = createTestWallet();
    const authority = join(dir, "authority.json");
    writeFileSync(authority, JSON.stringify([...admin.secretKey]), { mode: 0o600 });
    const shared = {
      ...database.env,
      HOST: "127.0.0.1",
      PUBLIC_ORIGIN: TEST_PUBLIC_ORIGIN,
      SESSION_SECRET: "one-secret-for-every-instance-of-this-marketplace",
      ADMIN_WALLETS: admin.publicKey,
      AUTHORITY_KEYPAIR: authority,
      SETTLEMENT_CLUSTER: chainUrl,
      DEMO_WALLET: "off",
      LOG_LEVEL: "silent",
    };
    // The first seeds the empty database and funds its escrows on the chain; the others find both done.
    for (let i = 0; i < 3; i++) {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const proc = start(["server/index.ts"], {
        ...shared,
        PORT: String(port),
        DATABASE_PATH: join(dir, `instance-${i}`, "marketplace.sqlite"),
      });
      instances.push({ proc, base });
      await waitForAnswer(proc, `instance ${i} to be ready`, `${base}/readyz`);
    }
    opened = await database.open();
    session = await signInAt(instances[0].base, admin);
  }, SETUP_MS);

  afterAll(async () => {
    await Promise.all(instances.map((i) => stop(i.proc)));
    await stop(chain);
    await opened?.close();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The same signed-in session (its cookies), against another instance. */
  const sessionOn = (base: string) => {
    const client = new TestClient(base);
    for (const [name, value] of session.cookies) client.cookies.set(name, value);
    return client;
  };

  it("each answers /healthz and /readyz, and serves /metrics with a histogram and the settlement queue", async () => {
    for (const { base } of instances) {
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      expect(await (await fetch(`${base}/readyz`)).json()).toEqual({ status: "ready", checks: { database: "ok", chain: "ok" } });
      const metrics = await (await fetch(`${base}/metrics`)).text();
      expect(metrics).toContain("http_request_duration_seconds_bucket");
      expect(metrics).toMatch(/# TYPE marketplace_settlements gauge/);
    }
  });

  it("a session made on the first instance works on the other two, state-changing calls included", async () => {
    for (const { base } of instances.slice(1)) {
      const client = sessionOn(base);
      expect((await client.get("/auth/validate")).status).toBe(200);
      const listed = (await client.get("/tokens/admin")).body.data as { items?: unknown[] } | unknown[];
      const [token] = (Array.isArray(listed) ? listed : (listed.items ?? [])) as { id: string; isActive: boolean }[];
      // XSRF is checked against the shared secret: a write goes through on any instance.
      expect((await client.patch(`/tokens/admin/${token.id}`, { isActive: token.isActive })).status).toBe(200);
    }
  });

  it("30 concurrent resolutions of one dispute across the three: one 200, one settlement row, one payout", async () => {
    const db = query(opened.db);
    const [dispute] = await db.all<{ id: string; escrowPDA: string; buyerWalletAddress: string }>(
      `SELECT id, "escrowPDA", "buyerWalletAddress" FROM orders WHERE status = 'DISPUTED' AND "escrowPDA" IS NOT NULL AND "currencyMint" IS NULL ORDER BY id LIMIT 1`,
    );
    const connection = new Connection(chainUrl, "confirmed");
    const escrowBefore = await connection.getBalance(new PublicKey(dispute.escrowPDA));
    const buyerBefore = await connection.getBalance(new PublicKey(dispute.buyerWalletAddress));
    expect(escrowBefore).toBeGreaterThan(0);

    const clients = instances.map(({ base }) => sessionOn(base));
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        clients[i % 3].post(`/admin/orders/${dispute.id}/resolve-dispute`, {
          resolution: "REFUND_BUYER",
          adminNotes: `Refund, request ${i}`,
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200)).toEqual(Array(29).fill(409));

    const rows = await db.all<{ status: string }>(`SELECT status FROM settlements WHERE "orderId" = ?`, dispute.id);
    expect(rows).toEqual([{ status: "confirmed" }]);
    const audits = await db.all(`SELECT id FROM "auditLog" WHERE "targetId" = ? AND action = 'order.resolve_dispute'`, dispute.id);
    expect(audits).toHaveLength(1);
    // Paid once: the escrow is empty and the buyer got what it held, not twice that.
    expect(await connection.getBalance(new PublicKey(dispute.escrowPDA))).toBe(0);
    const received = (await connection.getBalance(new PublicKey(dispute.buyerWalletAddress))) - buyerBefore;
    expect(received).toBeGreaterThan(0);
    expect(received).toBeLessThanOrEqual(escrowBefore);
  });

  it("20 concurrent initializations across the three: initialized once", async () => {
    const clients = instances.map(({ base }) => sessionOn(base));
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => clients[i % 3].post("/admin/marketplace/initialize", {})));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200)).toEqual(Array(19).fill(409));
    const db = query(opened.db);
    expect(await db.all(`SELECT status FROM settlements WHERE kind = 'marketplace_initialization'`)).toEqual([{ status: "confirmed" }]);
    for (const client of clients) expect((await client.get("/admin/marketplace/status")).body.data).toMatchObject({ initialized: true });
  });
});
