// npm run seed -- [--orders 100000] [--users N] [--seed N] [--db path] [--reset]
// Fills the server's database (DATABASE_PATH, default data/marketplace.sqlite) with demo data.
// ADMIN_WALLETS become ADMIN users. An existing, non-empty database is left alone unless --reset.
import { existsSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { parseConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/connection.ts";
import { seedDatabase } from "../server/seed/index.ts";

function count(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw.replace(/_/g, ""));
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`--${name} must be a whole number, got "${raw}"`);
  return value;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      orders: { type: "string" },
      users: { type: "string" },
      seed: { type: "string" },
      db: { type: "string" },
      reset: { type: "boolean", default: false },
    },
  });
  const config = parseConfig(process.env);
  const path = values.db ? resolve(values.db) : config.databasePath;
  if (values.reset) {
    for (const suffix of ["", "-wal", "-shm"]) if (existsSync(path + suffix)) rmSync(path + suffix);
  }
  const opened = await openDatabase(path);
  try {
    const summary = await seedDatabase(opened, {
      orders: count("orders", values.orders),
      users: count("users", values.users),
      seed: count("seed", values.seed),
      adminWallets: config.adminWallets,
    });
    if (!summary.seeded) {
      console.log(`Nothing seeded: ${summary.skipped} (${path}). Use --reset to start over.`);
      return;
    }
    const statuses = Object.entries(summary.ordersByStatus).map(([s, n]) => `${s} ${n}`).join(", ");
    console.log(`Seeded ${path} in ${(summary.ms / 1000).toFixed(1)} s:`);
    console.log(`  ${summary.users} users, ${summary.shops} shops, ${summary.products} products (${summary.productImages} images), ${summary.tokens} tokens`);
    console.log(`  ${summary.orders} orders: ${statuses}`);
  } finally {
    await opened.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
