// The demo-data generator: same seed and clock → identical database; every order status, all shop
// categories, SOL and USDC amounts with their decimals, real 32-byte keys, some optional fields left
// empty, consistent timestamps, list counts that match the tables, and an empty-database-only rule.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import bs58 from "bs58";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase, type OpenedDatabase } from "../../server/db/connection.ts";
import * as m001 from "../../server/db/migrations/001_initial.ts";
import type { Database } from "../../server/db/schema.ts";
import { seedDatabase } from "../../server/seed/index.ts";
import { createOrderRecord } from "../../server/seed/records.ts";
import { SHOP_CATEGORIES } from "../../contract/index.ts";

const NOW = Date.parse("2025-03-01T12:00:00.000Z");
const ADMIN = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";
const TABLES = ["users", "tokens", "shops", "products", "productImages", "orders", "counters", "listCounts"];

const opened: OpenedDatabase[] = [];
async function seeded(options: Parameters<typeof seedDatabase>[1]) {
  const db = await openDatabase(":memory:");
  opened.push(db);
  const summary = await seedDatabase(db, options);
  return { db, summary };
}

function dump(db: OpenedDatabase): string {
  return JSON.stringify(TABLES.map((t) => db.sqlite.prepare(`SELECT * FROM ${t} ORDER BY 1, 2`).all()));
}

const rows = <T>(db: OpenedDatabase, sql: string, ...params: unknown[]) => db.sqlite.prepare(sql).all(...params) as T[];
const one = <T>(db: OpenedDatabase, sql: string, ...params: unknown[]) => db.sqlite.prepare(sql).get(...params) as T;

let main: OpenedDatabase;

beforeAll(async () => {
  ({ db: main } = await seeded({ orders: 3000, seed: 11, now: NOW, adminWallets: [ADMIN] }));
});

afterAll(async () => {
  for (const db of opened) await db.close();
});

describe("determinism", () => {
  it("the same seed, size and clock give an identical database; another seed does not", async () => {
    const a = await seeded({ orders: 400, seed: 5, now: NOW });
    const b = await seeded({ orders: 400, seed: 5, now: NOW });
    const c = await seeded({ orders: 400, seed: 6, now: NOW });
    expect(dump(a.db)).toBe(dump(b.db));
    expect(dump(a.db)).not.toBe(dump(c.db));
    expect(a.summary).toMatchObject({ seeded: true, orders: 400, users: 80 });
  });
});

describe("content", () => {
  it("sizes follow the flag: N orders, one user per five orders (at least 50)", () => {
    expect(one<{ n: number }>(main, "SELECT COUNT(*) AS n FROM orders").n).toBe(3000);
    expect(one<{ n: number }>(main, "SELECT COUNT(*) AS n FROM users").n).toBe(600);
  });

  it("has orders in every status, and every DISPUTED one has a description and a raised-at time", () => {
    const statuses = rows<{ status: string; n: number }>(main, "SELECT status, COUNT(*) AS n FROM orders GROUP BY status");
    expect(statuses.map((s) => s.status).sort()).toEqual(["ACTIVE", "CANCELLED", "COMPLETED", "DISPUTED", "REFUNDED"]);
    const disputes = rows<{ disputeDescription: string | null; disputeRaisedAt: string | null }>(main, "SELECT disputeDescription, disputeRaisedAt FROM orders WHERE status = 'DISPUTED'");
    expect(disputes.length).toBeGreaterThan(20);
    for (const d of disputes) {
      expect(d.disputeDescription).toMatch(/\w{3,}/);
      expect(d.disputeDescription).not.toMatch(/[{}]/);
      expect(d.disputeRaisedAt).not.toBeNull();
    }
    expect(one<{ n: number }>(main, "SELECT COUNT(*) AS n FROM orders WHERE status <> 'DISPUTED' AND disputeDescription IS NOT NULL").n).toBe(0);
    // Every filter of the order screen has something to show.
    for (const where of ["status = 'ACTIVE' AND shippedAt IS NULL", "shippedAt IS NOT NULL AND status <> 'COMPLETED'"]) {
      expect(one<{ n: number }>(main, `SELECT COUNT(*) AS n FROM orders WHERE ${where}`).n).toBeGreaterThan(0);
    }
  });

  it("prices in SOL (9 decimals, no mint) and USDC (6 decimals, its mint), totals = price x quantity", () => {
    const currencies = rows<{ currencySymbol: string; currencyDecimals: number; currencyMint: string | null }>(
      main,
      "SELECT DISTINCT currencySymbol, currencyDecimals, currencyMint FROM products ORDER BY currencySymbol",
    );
    expect(currencies).toEqual([
      { currencySymbol: "SOL", currencyDecimals: 9, currencyMint: null },
      { currencySymbol: "USDC", currencyDecimals: 6, currencyMint: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v" },
    ]);
    const mismatched = one<{ n: number }>(
      main,
      `SELECT COUNT(*) AS n FROM orders o JOIN products p ON p.id = o.productId
       WHERE o.totalPrice <> p.price * o.quantity OR o.currencyDecimals <> p.currencyDecimals OR o.currencyMint IS NOT p.currencyMint`,
    );
    expect(mismatched.n).toBe(0);
    const minSol = one<{ m: number }>(main, "SELECT MIN(price) AS m FROM products WHERE currencySymbol = 'SOL'").m;
    expect(Number.isInteger(minSol) && minSol >= 10_000_000).toBe(true);
  });

  it("uses every SPEC §3 shop category and gives shops real sellers", () => {
    const categories = rows<{ category: string }>(main, "SELECT DISTINCT category FROM shops ORDER BY category").map((r) => r.category);
    expect(categories.sort()).toEqual([...SHOP_CATEGORIES].sort());
    expect(one<{ n: number }>(main, "SELECT COUNT(*) AS n FROM shops s LEFT JOIN users u ON u.id = s.sellerId WHERE u.id IS NULL").n).toBe(0);
  });

  it("wallets are base58 32-byte keys, the buyer is never the seller, escrow is left for settlement", () => {
    const orders = rows<{ buyerWalletAddress: string; sellerWalletAddress: string; escrowPDA: string | null; transactionSignature: string | null }>(
      main,
      "SELECT buyerWalletAddress, sellerWalletAddress, escrowPDA, transactionSignature FROM orders",
    );
    for (const o of orders) {
      expect(bs58.decode(o.buyerWalletAddress)).toHaveLength(32);
      expect(bs58.decode(o.sellerWalletAddress)).toHaveLength(32);
      expect(o.buyerWalletAddress).not.toBe(o.sellerWalletAddress);
      expect(o.escrowPDA).toBeNull();
      expect(o.transactionSignature).toBeNull();
    }
  });

  it("leaves some optional fields empty on purpose", () => {
    for (const where of [
      "SELECT COUNT(*) AS n FROM users WHERE displayName IS NULL",
      "SELECT COUNT(*) AS n FROM users WHERE contactInfo IS NULL",
      "SELECT COUNT(*) AS n FROM products p WHERE NOT EXISTS (SELECT 1 FROM productImages i WHERE i.productId = p.id)",
      "SELECT COUNT(*) AS n FROM orders WHERE productSnapshot IS NULL",
      "SELECT COUNT(*) AS n FROM orders WHERE buyerShippingAddress IS NULL",
      "SELECT COUNT(*) AS n FROM shops WHERE logo IS NULL",
      "SELECT COUNT(*) AS n FROM products WHERE deletedAt IS NOT NULL AND deleteReason IS NOT NULL",
      "SELECT COUNT(*) AS n FROM users WHERE disabled = 1 AND deactivationReason IS NOT NULL",
    ]) {
      expect(one<{ n: number }>(main, where).n, where).toBeGreaterThan(0);
    }
  });

  it("timestamps are in order, in the past, and creation order is insertion order", () => {
    const bad = one<{ n: number }>(
      main,
      `SELECT COUNT(*) AS n FROM orders WHERE confirmedAt < createdAt OR shippedAt < confirmedAt OR completedAt < shippedAt
         OR createdAt > ? OR updatedAt > ? OR disputeRaisedAt > ?`,
      new Date(NOW).toISOString(), new Date(NOW).toISOString(), new Date(NOW).toISOString(),
    );
    expect(bad.n).toBe(0);
    for (const table of ["orders", "users"]) {
      const created = rows<{ createdAt: string }>(main, `SELECT createdAt FROM ${table} ORDER BY rowid`).map((r) => r.createdAt);
      expect([...created].sort()).toEqual(created);
    }
    const recent = one<{ n: number }>(main, "SELECT COUNT(*) AS n FROM users WHERE createdAt >= ?", new Date(NOW - 30 * 86_400_000).toISOString()).n;
    expect(recent).toBeGreaterThan(0);
  });

  it("the admin wallets are verified ADMIN users; native SOL is left for 'Init SOL'", () => {
    expect(one(main, "SELECT role, verified, disabled FROM users WHERE publicKey = ?", ADMIN)).toEqual({ role: "ADMIN", verified: 1, disabled: 0 });
    const mints = rows<{ mintAddress: string }>(main, "SELECT mintAddress FROM tokens").map((t) => t.mintAddress);
    expect(mints).toContain("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v");
    expect(mints).not.toContain("So11111111111111111111111111111111111111112");
  });
});

describe("list counts after a bulk load", () => {
  it("match the tables, and the triggers are back in place", async () => {
    const counter = (name: string) => one<{ value: number } | undefined>(main, "SELECT value FROM counters WHERE name = ?", name)?.value ?? 0;
    const count = (sql: string) => one<{ n: number }>(main, sql).n;
    expect(counter("orders")).toBe(3000);
    expect(counter("orders?filter=in_dispute")).toBe(count("SELECT COUNT(*) AS n FROM orders WHERE status = 'DISPUTED'"));
    expect(counter("users?verified=1&disabled=0")).toBe(count("SELECT COUNT(*) AS n FROM users WHERE verified = 1 AND disabled = 0"));
    const fine = one<{ n: number }>(main, "SELECT SUM(n) AS n FROM listCounts WHERE list = 'orders?filter=completed' AND level = 0").n;
    expect(fine).toBe(count("SELECT COUNT(*) AS n FROM orders WHERE status = 'COMPLETED'"));
    expect(count("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'trigger'")).toBe(6);
    await createOrderRecord(main.db, { status: "DISPUTED" });
    expect(counter("orders")).toBe(3001);
  });
});

describe("migration 002 on a database that already has rows", () => {
  it("counts the existing rows, then keeps counting", async () => {
    const sqlite = new SQLite(":memory:");
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    try {
      await new Migrator({ db, provider: { getMigrations: async () => ({ "001_initial": m001 }) } }).migrateToLatest();
      for (const status of ["ACTIVE", "DISPUTED", "DISPUTED", "COMPLETED"] as const) await createOrderRecord(db, { status });
      await migrateToLatest(db);
      const value = (name: string) => (sqlite.prepare("SELECT value FROM counters WHERE name = ?").get(name) as { value: number }).value;
      expect([value("orders"), value("orders?filter=in_dispute"), value("orders?filter=new")]).toEqual([4, 2, 1]);
      await createOrderRecord(db, { status: "DISPUTED" });
      expect(value("orders?filter=in_dispute")).toBe(3);
    } finally {
      await db.destroy();
    }
  });
});

describe("only an empty database is filled", () => {
  it("a second run writes nothing", async () => {
    const before = dump(main);
    const again = await seedDatabase(main, { orders: 10, now: NOW });
    expect(again).toMatchObject({ seeded: false, skipped: "the database already has users" });
    expect(dump(main)).toBe(before);
  });
});

describe("npm run seed", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "seed-cli-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("takes the size as a flag and refuses to refill", async () => {
    const run = (...args: string[]) =>
      promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/seed.ts", "--db", join(dir, "demo.sqlite"), ...args], {
        env: { ...process.env, ADMIN_WALLETS: ADMIN },
      });
    const first = await run("--orders", "250");
    expect(first.stdout).toMatch(/250 orders: ACTIVE \d+, DISPUTED \d+, COMPLETED \d+, CANCELLED \d+, REFUNDED \d+/);
    expect(first.stdout).toMatch(/50 users/);
    const second = await run("--orders", "250");
    expect(second.stdout).toMatch(/Nothing seeded: the database already has users/);
    const bad = run("--orders", "lots");
    await expect(bad).rejects.toThrow(/--orders must be a whole number/);
  });
});
