// What every route needs: configuration, the database, a clock (injectable, so expiry can be
// tested without waiting), the effective admin whitelist and the settlement port. Built once at start-up.
import type SQLite from "better-sqlite3";
import { existsSync } from "node:fs";
import { openDatabase, type Db } from "./db/connection.ts";
import { isLoopbackHost, isLoopbackOrigin, type Config } from "./config.ts";
import { loadOrCreateDemoWallet, type DemoWallet } from "./demo-wallet.ts";
import type { SettlementPort } from "./services/context.ts";
import type { SettlementOptions } from "./settlement/index.ts";
import { createSettlementPort } from "./settlement/port.ts";

export interface AdminIdentity {
  userId: string;
  publicKey: string;
}

export interface AppContext {
  config: Config;
  db: Db;
  sqlite: SQLite.Database;
  /** Epoch milliseconds. Every expiry check reads this, never Date.now(). */
  now(): number;
  /** ADMIN_WALLETS plus the demo wallet when there is one. */
  adminWallets: ReadonlySet<string>;
  /** The local demo admin keypair, only on loopback outside production; else null. */
  demoWallet: DemoWallet | null;
  /** True when this start created the database file (the seeder runs then). */
  freshDatabase: boolean;
  /** The chain behind dispute resolution and initialization; none = those calls answer 503. */
  settlement?: SettlementPort | null;
  close(): Promise<void>;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the admin guard on every /api/v1 route outside /auth/ and /demo/. */
    admin: AdminIdentity;
  }
}

export interface ContextOptions {
  now?: () => number;
  /** Where settlements go (settlementOptionsFromEnv); absent or null = no settlement service. */
  settlement?: SettlementOptions | null;
}

/**
 * The demo wallet hands its secret key to whoever asks, so by default it exists only on a plainly
 * local server: listening on loopback AND browsed at an http:// loopback origin. A loopback HOST alone
 * is not enough: behind a reverse proxy every request arrives from loopback.
 */
export function demoWalletAllowed(config: Config): boolean {
  if (config.production || config.demoWallet === "off") return false;
  if (config.demoWallet === "unsafe-on") return true;
  return isLoopbackHost(config.host) && isLoopbackOrigin(config.publicOrigin);
}

export async function createContext(config: Config, options: ContextOptions = {}): Promise<AppContext> {
  const freshDatabase = !existsSync(config.databasePath);
  const { db, sqlite, close } = await openDatabase(config.databasePath);
  const demoWallet = demoWalletAllowed(config) ? loadOrCreateDemoWallet(config.dataDir) : null;
  const adminWallets = new Set(config.adminWallets);
  if (demoWallet) adminWallets.add(demoWallet.publicKey);
  let settlement: Awaited<ReturnType<typeof createSettlementPort>> | null = null;
  try {
    if (options.settlement) settlement = await createSettlementPort(options.settlement, { demoWallet, adminWallets });
  } catch (error) {
    await close();
    throw error;
  }
  return {
    config,
    db,
    sqlite,
    now: options.now ?? Date.now,
    adminWallets,
    demoWallet,
    freshDatabase,
    settlement,
    async close() {
      // The chain first: its final checkpoint must not wait on (or be lost with) the database.
      try {
        await settlement?.close();
      } finally {
        await close();
      }
    },
  };
}
