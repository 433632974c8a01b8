// The composition root: the one place that builds what the services are given (ServiceContext,
// services/ports.ts: the database and its counted lists, the clock, the id source, the settlement port) and what the app
// adds around them (configuration, admin whitelist, demo wallet). Built once at start-up.
import type SQLite from "better-sqlite3";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { isLoopbackHost, isLoopbackOrigin, type Config } from "./config.ts";
import { openDatabase } from "./db/connection.ts";
import { SqliteCountedLists } from "./db/counted-lists.ts";
import { loadOrCreateDemoWallet, type DemoWallet } from "./demo-wallet.ts";
import type { AdminIdentity, ServiceContext } from "./services/ports.ts";
import { createSettlement, type Settlement, type SettlementOptions } from "./settlement/index.ts";
import { chainSettlementPort, withAuthority } from "./settlement/port.ts";

export type { AdminIdentity };

export interface AppContext extends ServiceContext {
  config: Config;
  /** The raw handle, for bulk loads (seeding); the services read and write through `db`. */
  sqlite: SQLite.Database;
  /** ADMIN_WALLETS plus the demo wallet when there is one. */
  adminWallets: ReadonlySet<string>;
  /** The local demo admin keypair, only on loopback outside production; else null. */
  demoWallet: DemoWallet | null;
  /** True when this start created the database file (the seeder runs then). */
  freshDatabase: boolean;
  /**
   * The backend behind `settlement` (its chain, ledger, authority and cluster), for the start-up's
   * authority check and escrow funding; null without a settlement service.
   */
  settlementBackend: Settlement | null;
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
  let settlementBackend: Settlement | null = null;
  try {
    if (options.settlement) settlementBackend = await createSettlement(withAuthority(options.settlement, demoWallet));
  } catch (error) {
    await close();
    throw error;
  }
  return {
    config,
    db,
    lists: new SqliteCountedLists(db, sqlite),
    sqlite,
    now: options.now ?? Date.now,
    newId: randomUUID,
    adminWallets,
    demoWallet,
    freshDatabase,
    settlementBackend,
    settlement: settlementBackend && chainSettlementPort(settlementBackend, adminWallets),
    async close() {
      // The chain first: its final checkpoint must not wait on (or be lost with) the database.
      try {
        await settlementBackend?.close();
      } finally {
        await close();
      }
    },
  };
}
