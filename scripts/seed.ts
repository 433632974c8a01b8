// npm run seed -- [--orders 100000] [--users N] [--seed N] [--db path] [--reset]
// Fills the server's database with demo data: DATABASE_URL's PostgreSQL, else the SQLite file of
// --db or DATABASE_PATH (default data/marketplace.sqlite). ADMIN_WALLETS become ADMIN users. An
// existing, non-empty database is left alone unless --reset, which empties it first (every table).
import { existsSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
// Not server/index.ts nor context.ts: the whole server (Fastify, the chain), a second of start-up
// for a script that only opens the database.
import { databaseTarget, parseConfig } from "../server/config.ts";
import { databaseName, openDatabase, runOnPostgres } from "../server/db/connection.ts";
import { MIGRATIONS } from "../server/resources/index.ts";
import { seedDatabase } from "../server/seed/index.ts";
import { valueOptions } from "./support/options.ts";

function count(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw.replace(/_/g, ""));
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`--${name} must be a whole number, got "${raw}"`);
  return value;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { ...valueOptions("orders", "users", "seed", "db"), reset: { type: "boolean", default: false } },
  });
  const config = parseConfig(process.env);
  const target = values.db ? { path: resolve(values.db) } : databaseTarget(config);
  // Where it went, without the password a URL may hold.
  const where = databaseName({ databaseUrl: target.url ?? null, databasePath: target.path });
  if (values.reset && !target.url) {
    for (const suffix of ["", "-wal", "-shm"]) if (existsSync(target.path + suffix)) rmSync(target.path + suffix);
  }
  // Empties it: the public schema, and its tables, functions and migration records with it.
  if (values.reset && target.url) await runOnPostgres(target.url, "DROP SCHEMA public CASCADE; CREATE SCHEMA public");
  const opened = await openDatabase(target, MIGRATIONS);
  try {
    const summary = await seedDatabase(opened, {
      orders: count("orders", values.orders),
      users: count("users", values.users),
      seed: count("seed", values.seed),
      adminWallets: config.adminWallets,
    });
    if (!summary.seeded) {
      console.log(`Nothing seeded: ${summary.skipped} (${where}). Use --reset to start over.`);
      return;
    }
    const statuses = Object.entries(summary.ordersByStatus)
      .map(([s, n]) => `${s} ${n}`)
      .join(", ");
    console.log(`Seeded ${where} in ${(summary.ms / 1000).toFixed(1)} s:`);
    console.log(
      `  ${summary.users} users, ${summary.shops} shops, ${summary.products} products (${summary.productImages} images), ${summary.tokens} tokens`,
    );
    console.log(`  ${summary.orders} orders: ${statuses}`);
    // The resource modules' tables (server/resources/).
    const shown = new Set(["users", "shops", "products", "productImages", "tokens", "orders"]);
    const more = Object.entries(summary.rows).filter(([table]) => !shown.has(table));
    if (more.length) console.log(`  ${more.map(([table, n]) => `${n} ${table}`).join(", ")}`);
  } finally {
    await opened.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
