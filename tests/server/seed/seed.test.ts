// The demo-data generator: same seed and clock → identical database; every order status, all shop
// categories, SOL and USDC amounts with their decimals, real 32-byte keys, some optional fields left
// empty, consistent timestamps, list counts that match the tables, and an empty-database-only rule.
// On the PostgreSQL run (project "node:postgres") every database here is a PostgreSQL one.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import bs58 from "bs58";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase, runOnPostgres, type OpenedDatabase } from "../../../server/db/connection.ts";
import { MIGRATIONS } from "../../../server/resources/index.ts";
import * as m001 from "../../../server/db/migrations/001_initial.ts";
import type { Database } from "../../../server/db/schema.ts";
import { SqliteFile } from "../../../server/db/sqlite.ts";
import { seedDatabase } from "../../../server/seed/index.ts";
import { createOrderRecord } from "../../../server/seed/records.ts";
import { SHOP_CATEGORIES } from "../../../contract/index.ts";
import { createTestDatabase, postgresUrl, query } from "../support/test-database.ts";

const NOW = Date.parse("2025-03-01T12:00:00.000Z");
const ADMIN = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";
const TABLES = ["users", "tokens", "shops", "products", "productImages", "orders", "counters", "listCounts"];

const opened: OpenedDatabase[] = [];
const dropped: (() => Promise<void>)[] = [];

/** A new, migrated, empty database: SQLite in memory, or on the PostgreSQL run a fresh PostgreSQL database. */
async function freshDatabase(): Promise<OpenedDatabase> {
  let db: OpenedDatabase;
  if (postgresUrl()) {
    const database = await createTestDatabase(tmpdir());
    dropped.push(database.drop);
    db = await database.open();
  } else {
    db = await openDatabase(":memory:", MIGRATIONS);
  }
  opened.push(db);
  return db;
}

async function seeded(options: Parameters<typeof seedDatabase>[1]) {
  const db = await freshDatabase();
  const summary = await seedDatabase(db, options);
  return { db, summary };
}

/** Every row of the seeded tables, each table's rows in one order whatever order the engine reads them in. */
async function dump(db: OpenedDatabase): Promise<string> {
  const tables = await Promise.all(
    TABLES.map(async (t) => (await rows(db, `SELECT * FROM "${t}"`)).map((row) => JSON.stringify(row)).sort()),
  );
  return JSON.stringify(tables);
}

// Raw SQL on either engine (test-database.ts).
const raw = (db: Kysely<Database>) => query(db);
const rows = <T = Record<string, unknown>>(db: OpenedDatabase, sql: string, ...params: unknown[]) => raw(db.db).all<T>(sql, ...params);
const one = async <T>(db: OpenedDatabase, sql: string, ...params: unknown[]) => (await raw(db.db).get<T>(sql, ...params)) as T;

/** The database's triggers by name, and on PostgreSQL whether each is switched on (the bulk load switches them off). */
async function triggers(db: OpenedDatabase): Promise<string[]> {
  if (db.engine === "sqlite")
    return (await rows<{ name: string }>(db, "SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name")).map((t) => t.name);
  const found = await rows<{ name: string; enabled: string }>(
    db,
    "SELECT tgname AS name, tgenabled AS enabled FROM pg_trigger WHERE NOT tgisinternal ORDER BY tgname",
  );
  return found.map((t) => `${t.name} ${t.enabled === "O" ? "on" : `off (${t.enabled})`}`);
}

let main: OpenedDatabase;

beforeAll(async () => {
  ({ db: main } = await seeded({ orders: 3000, seed: 11, now: NOW, adminWallets: [ADMIN] }));
});

afterAll(async () => {
  for (const db of opened) await db.close();
  for (const drop of dropped) await drop();
});

describe("determinism", () => {
  it("the same seed, size and clock give an identical database; another seed does not", async () => {
    const a = await seeded({ orders: 400, seed: 5, now: NOW });
    const b = await seeded({ orders: 400, seed: 5, now: NOW });
    const c = await seeded({ orders: 400, seed: 6, now: NOW });
    expect(await dump(a.db)).toBe(await dump(b.db));
    expect(await dump(a.db)).not.toBe(await dump(c.db));
    expect(a.summary).toMatchObject({ seeded: true, orders: 400, users: 80 });
  });
});

describe("content", () => {
  it("sizes follow the flag: N orders, one user per five orders (at least 50)", async () => {
    expect((await one<{ n: number }>(main, "SELECT COUNT(*) AS n FROM orders")).n).toBe(3000);
    expect((await one<{ n: number }>(main, "SELECT COUNT(*) AS n FROM users")).n).toBe(600);
  });

  it("has orders in every status, and every DISPUTED one has a description and a raised-at time", async () => {
    const statuses = await rows<{ status: string; n: number }>(main, "SELECT status, COUNT(*) AS n FROM orders GROUP BY status");
    expect(statuses.map((s) => s.status).sort()).toEqual(["ACTIVE", "CANCELLED", "COMPLETED", "DISPUTED", "REFUNDED"]);
    const disputes = await rows<{ disputeDescription: string | null; disputeRaisedAt: string | null }>(
      main,
      `SELECT "disputeDescription", "disputeRaisedAt" FROM orders WHERE status = 'DISPUTED'`,
    );
    expect(disputes.length).toBeGreaterThan(20);
    for (const d of disputes) {
      expect(d.disputeDescription).toMatch(/\w{3,}/);
      expect(d.disputeDescription).not.toMatch(/[{}]/);
      expect(d.disputeRaisedAt).not.toBeNull();
    }
    expect(
      (await one<{ n: number }>(main, `SELECT COUNT(*) AS n FROM orders WHERE status <> 'DISPUTED' AND "disputeDescription" IS NOT NULL`))
        .n,
    ).toBe(0);
    // Every filter of the order screen has something to show.
    for (const where of [`status = 'ACTIVE' AND "shippedAt" IS NULL`, `"shippedAt" IS NOT NULL AND status <> 'COMPLETED'`]) {
      expect((await one<{ n: number }>(main, `SELECT COUNT(*) AS n FROM orders WHERE ${where}`)).n).toBeGreaterThan(0);
    }
  });

  it("prices in SOL (9 decimals, no mint) and USDC (6 decimals, its mint), totals = price x quantity", async () => {
    const currencies = await rows<{ currencySymbol: string; currencyDecimals: number; currencyMint: string | null }>(
      main,
      `SELECT DISTINCT "currencySymbol", "currencyDecimals", "currencyMint" FROM products ORDER BY "currencySymbol"`,
    );
    expect(currencies).toEqual([
      { currencySymbol: "SOL", currencyDecimals: 9, currencyMint: null },
      { currencySymbol: "USDC", currencyDecimals: 6, currencyMint: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v" },
    ]);
    const mismatched = await one<{ n: number }>(
      main,
      `SELECT COUNT(*) AS n FROM orders o JOIN products p ON p.id = o."productId"
       WHERE o."totalPrice" <> p.price * o.quantity OR o."currencyDecimals" <> p."currencyDecimals" OR o."currencyMint" IS DISTINCT FROM p."currencyMint"`,
    );
    expect(mismatched.n).toBe(0);
    const minSol = (await one<{ m: number }>(main, `SELECT MIN(price) AS m FROM products WHERE "currencySymbol" = 'SOL'`)).m;
    expect(Number.isInteger(minSol) && minSol >= 10_000_000).toBe(true);
  });

  it("uses every shop category and gives shops real sellers", async () => {
    const categories = (await rows<{ category: string }>(main, "SELECT DISTINCT category FROM shops ORDER BY category")).map(
      (r) => r.category,
    );
    expect(categories.sort()).toEqual([...SHOP_CATEGORIES].sort());
    expect(
      (await one<{ n: number }>(main, `SELECT COUNT(*) AS n FROM shops s LEFT JOIN users u ON u.id = s."sellerId" WHERE u.id IS NULL`)).n,
    ).toBe(0);
  });

  it("wallets are base58 32-byte keys, the buyer is never the seller, escrow is left for settlement", async () => {
    const orders = await rows<{
      buyerWalletAddress: string;
      sellerWalletAddress: string;
      escrowPDA: string | null;
      transactionSignature: string | null;
    }>(main, `SELECT "buyerWalletAddress", "sellerWalletAddress", "escrowPDA", "transactionSignature" FROM orders`);
    expect(orders).toHaveLength(3000);
    for (const o of orders) {
      expect(bs58.decode(o.buyerWalletAddress)).toHaveLength(32);
      expect(bs58.decode(o.sellerWalletAddress)).toHaveLength(32);
      expect(o.buyerWalletAddress).not.toBe(o.sellerWalletAddress);
      expect(o.escrowPDA).toBeNull();
      expect(o.transactionSignature).toBeNull();
    }
  });

  it("leaves some optional fields empty on purpose", async () => {
    for (const where of [
      `SELECT COUNT(*) AS n FROM users WHERE "displayName" IS NULL`,
      `SELECT COUNT(*) AS n FROM users WHERE "contactInfo" IS NULL`,
      `SELECT COUNT(*) AS n FROM products p WHERE NOT EXISTS (SELECT 1 FROM "productImages" i WHERE i."productId" = p.id)`,
      `SELECT COUNT(*) AS n FROM orders WHERE "productSnapshot" IS NULL`,
      `SELECT COUNT(*) AS n FROM orders WHERE "buyerShippingAddress" IS NULL`,
      "SELECT COUNT(*) AS n FROM shops WHERE logo IS NULL",
      `SELECT COUNT(*) AS n FROM products WHERE "deletedAt" IS NOT NULL AND "deleteReason" IS NOT NULL`,
      `SELECT COUNT(*) AS n FROM users WHERE disabled = 1 AND "deactivationReason" IS NOT NULL`,
    ]) {
      expect((await one<{ n: number }>(main, where)).n, where).toBeGreaterThan(0);
    }
  });

  it("timestamps are in order, in the past, and creation order is insertion order", async () => {
    const bad = await one<{ n: number }>(
      main,
      `SELECT COUNT(*) AS n FROM orders WHERE "confirmedAt" < "createdAt" OR "shippedAt" < "confirmedAt" OR "completedAt" < "shippedAt"
         OR "createdAt" > ? OR "updatedAt" > ? OR "disputeRaisedAt" > ?`,
      new Date(NOW).toISOString(),
      new Date(NOW).toISOString(),
      new Date(NOW).toISOString(),
    );
    expect(bad.n).toBe(0);
    for (const table of ["orders", "users"]) {
      const created = (await rows<{ createdAt: string }>(main, `SELECT "createdAt" FROM ${table} ORDER BY rowid`)).map((r) => r.createdAt);
      expect(created.length).toBeGreaterThan(0);
      expect([...created].sort()).toEqual(created);
    }
    const recent = (
      await one<{ n: number }>(
        main,
        `SELECT COUNT(*) AS n FROM users WHERE "createdAt" >= ?`,
        new Date(NOW - 30 * 86_400_000).toISOString(),
      )
    ).n;
    expect(recent).toBeGreaterThan(0);
  });

  it("the admin wallets are verified ADMIN users; native SOL is left for 'Init SOL'", async () => {
    expect(await one(main, `SELECT role, verified, disabled FROM users WHERE "publicKey" = ?`, ADMIN)).toEqual({
      role: "ADMIN",
      verified: 1,
      disabled: 0,
    });
    const mints = (await rows<{ mintAddress: string }>(main, `SELECT "mintAddress" FROM tokens`)).map((t) => t.mintAddress);
    expect(mints).toContain("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v");
    expect(mints).not.toContain("So11111111111111111111111111111111111111112");
  });
});

describe("list counts after a bulk load", () => {
  it("match the tables, and the triggers are back in place", async () => {
    const counter = async (name: string) =>
      (await one<{ value: number } | undefined>(main, "SELECT value FROM counters WHERE name = ?", name))?.value ?? 0;
    const count = async (sql: string) => (await one<{ n: number }>(main, sql)).n;
    expect(await counter("orders")).toBe(3000);
    expect(await counter("orders?filter=in_dispute")).toBe(await count("SELECT COUNT(*) AS n FROM orders WHERE status = 'DISPUTED'"));
    expect(await counter("users?verified=1&disabled=0")).toBe(
      await count("SELECT COUNT(*) AS n FROM users WHERE verified = 1 AND disabled = 0"),
    );
    const fine = (
      await one<{ n: number }>(main, `SELECT SUM(n) AS n FROM "listCounts" WHERE list = ? AND level = 0`, "orders?filter=completed")
    ).n;
    expect(fine).toBe(await count("SELECT COUNT(*) AS n FROM orders WHERE status = 'COMPLETED'"));
    // The same triggers as a database never loaded, all of them switched on.
    const loaded = await triggers(main);
    expect(loaded).toHaveLength(6);
    expect(loaded).toEqual(await triggers(await freshDatabase()));
    await createOrderRecord(main.db, { status: "DISPUTED" });
    expect(await counter("orders")).toBe(3001);
  });
});

/** A database no migration has run on: SQLite in memory, or a new PostgreSQL database (not the migrated template). */
async function unmigratedDatabase(): Promise<{ db: Kysely<Database>; close(): Promise<void> }> {
  const url = postgresUrl();
  if (!url) {
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SqliteFile(":memory:") }) });
    return { db, close: () => db.destroy() };
  }
  const name = `t_${randomBytes(8).toString("hex")}`;
  await runOnPostgres(url, `CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: target.href, max: 2 });
  // The database is dropped WITH (FORCE) right after the pool ends: a connection still closing then
  // gets the server's "terminating connection" (57P01), which the pool would rethrow as uncaught.
  pool.on("error", () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    close: async () => {
      await db.destroy();
      await runOnPostgres(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

describe("migration 002 on a database that already has rows", () => {
  it("counts the existing rows, then keeps counting", async () => {
    const { db, close } = await unmigratedDatabase();
    try {
      await new Migrator({ db, provider: { getMigrations: async () => ({ "001_initial": m001 }) } }).migrateToLatest();
      for (const status of ["ACTIVE", "DISPUTED", "DISPUTED", "COMPLETED"] as const) await createOrderRecord(db, { status });
      await migrateToLatest(db, MIGRATIONS);
      const value = async (name: string) =>
        Number((await raw(db).get<{ value: number }>("SELECT value FROM counters WHERE name = ?", name))!.value);
      expect([await value("orders"), await value("orders?filter=in_dispute"), await value("orders?filter=new")]).toEqual([4, 2, 1]);
      await createOrderRecord(db, { status: "DISPUTED" });
      expect(await value("orders?filter=in_dispute")).toBe(3);
    } finally {
      await close();
    }
  });
});

describe("only an empty database is filled", () => {
  it("a second run writes nothing", async () => {
    const before = await dump(main);
    const again = await seedDatabase(main, { orders: 10, now: NOW });
    expect(again).toMatchObject({ seeded: false, skipped: "the database already has users" });
    expect(await dump(main)).toBe(before);
  });
});

describe("npm run seed", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "seed-cli-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // The SQLite file named by --db; on the PostgreSQL run, DATABASE_URL's database.
  it("takes the size as a flag and refuses to refill", async () => {
    const database = await createTestDatabase(dir, "demo.sqlite");
    dropped.push(database.drop);
    const url = database.env.DATABASE_URL;
    const where = url ? [] : ["--db", database.env.DATABASE_PATH];
    const run = (...args: string[]) =>
      promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/seed.ts", ...where, ...args], {
        env: { ...process.env, ADMIN_WALLETS: ADMIN, ...(url ? { DATABASE_URL: url } : {}) },
      });
    const first = await run("--orders", "250");
    // Where it went: the file, or the database (the URL's password, if any, is masked).
    expect(first.stdout).toContain(url ? `${new URL(url).host}${new URL(url).pathname} in ` : `Seeded ${database.env.DATABASE_PATH} in `);
    expect(first.stdout).toMatch(/250 orders: ACTIVE \d+, DISPUTED \d+, COMPLETED \d+, CANCELLED \d+, REFUNDED \d+/);
    expect(first.stdout).toMatch(/50 users/);
    const second = await run("--orders", "250");
    expect(second.stdout).toMatch(/Nothing seeded: the database already has users/);
    const bad = run("--orders", "lots");
    await expect(bad).rejects.toThrow(/--orders must be a whole number/);
    // Three tsx processes one after the other: seconds each on a loaded machine.
  }, 90_000);
});
