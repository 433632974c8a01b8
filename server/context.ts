// The composition root: the one place that builds what the services are given (ServiceContext,
// services/ports.ts: the database and its counted lists, the clock, the id source, the settlement port) and what the app
// adds around them (configuration, admin whitelist, demo wallet). Built once at start-up.
//
// The handlers reach the services through this context given as their route plugin's options,
// `{ ctx }` at registration (server/app.ts, server/routes/index.ts), never as an instance decorator:
// a route module's type then says what it is given (ServiceContext; AppContext for the few calls
// that read the configuration), it serves whichever context it is registered with (a test's own
// included), and the database is not a property every plugin of the instance can reach.
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { databaseTarget, isLoopbackHost, isLoopbackOrigin, type Config } from "./config.ts";
import { adminDirectory } from "./auth/admins.ts";
import { openDatabase, openReadOnlyDatabase, type OpenedDatabase } from "./db/connection.ts";
import { DatabaseCountedLists } from "./db/counted-lists.ts";
import { DEMO_WALLET_FILE, loadOrCreateDemoWallet, type DemoWallet } from "./demo-wallet.ts";
import { createMetrics, type Metrics } from "./observability/metrics.ts";
import { migrationsOf, type ResourceModule } from "./resources/define.ts";
import { RESOURCE_MODULES } from "./resources/index.ts";
import type { AdminIdentity, DecisionPolicy, ServiceContext } from "./services/ports.ts";
import { fileScreening } from "./screening/file-lists.ts";
import { startScreeningWatch, type ScreeningWatch } from "./screening/watch.ts";
import { createSettlement, openSettlementReadOnly, type Settlement, type SettlementOptions } from "./settlement/index.ts";
import { chainSettlementPort, withAuthority } from "./settlement/port.ts";

export type { AdminIdentity };

export interface AppContext extends ServiceContext {
  config: Config;
  /** The database as opened: its engine, pool and bulk-load handle (seeding); the services use `db`. */
  database: OpenedDatabase;
  /** ADMIN_WALLETS plus the demo wallet when there is one. */
  adminWallets: ReadonlySet<string>;
  /** The local demo admin keypair, only on loopback outside production; else null. */
  demoWallet: DemoWallet | null;
  /** True when this start created the database (the seeder runs then). */
  freshDatabase: boolean;
  /**
   * The backend behind `settlement` (its chain, ledger, authority and cluster), for the start-up's
   * authority check and escrow funding; null without a settlement service.
   */
  settlementBackend: Settlement | null;
  /** This instance's Prometheus metrics (GET /metrics). */
  metrics: Metrics;
  /** The resource modules this app serves (server/resources/): their routes, and their tables migrated. */
  resourceModules: readonly ResourceModule[];
  /** Re-reads SCREENING_LISTS' files while the server runs; null when nothing is screened. */
  screeningWatch: ScreeningWatch | null;
  close(): Promise<void>;
}

export interface ContextOptions {
  now?: () => number;
  /** Where settlements go (settlementOptionsFromEnv); absent or null = no settlement service. */
  settlement?: SettlementOptions | null;
  /** The resource modules to serve (default: server/resources/index.ts's; a test may add one). */
  resourceModules?: readonly ResourceModule[];
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

/** Signed decisions name this console's host, and expire with the sign-in challenges. */
const decisionPolicy = (config: Config): DecisionPolicy => ({
  required: config.requireSignedDecisions,
  domain: new URL(config.publicOrigin).host,
  ttlMs: config.nonceTtlMs,
});

export async function createContext(config: Config, options: ContextOptions = {}): Promise<AppContext> {
  const resourceModules = options.resourceModules ?? RESOURCE_MODULES;
  const now = options.now ?? Date.now;
  // Before the database: a list file that cannot be read stops the start with nothing opened.
  const screening = config.screening.lists.length ? fileScreening(config.screening.lists, now) : null;
  const database = await openDatabase(databaseTarget(config), migrationsOf(resourceModules));
  const { db, close } = database;
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
  const ctx: AppContext = {
    config,
    db,
    lists: new DatabaseCountedLists(db),
    database,
    now,
    newId: randomUUID,
    adminWallets,
    demoWallet,
    freshDatabase: database.fresh,
    settlementBackend,
    settlement: settlementBackend && chainSettlementPort(settlementBackend, adminWallets),
    decisions: decisionPolicy(config),
    approvals: config.payoutApprovals,
    admins: adminDirectory({ db, adminWallets }, demoWallet?.publicKey ?? null),
    metrics: createMetrics(database),
    resourceModules,
    screening,
    rescreenDays: config.screening.rescreenDays,
    screeningWatch: null,
    async close() {
      await ctx.screeningWatch?.stop();
      // The chain first: its final checkpoint must not wait on (or be lost with) the database.
      try {
        await settlementBackend?.close();
      } finally {
        await close();
      }
    },
  };
  if (screening) {
    const onError = (error: unknown) => console.error("Reading the screening lists failed:", error);
    ctx.screeningWatch = startScreeningWatch(ctx, screening, { intervalMs: config.screening.pollMs, onError });
    try {
      // The lists loaded at start are recorded (and re-screened against when new) before the server answers.
      await ctx.screeningWatch.run();
    } catch (error) {
      await ctx.close();
      throw error;
    }
  }
  return ctx;
}

/** What a read-only tool is given: the services' context over data it must not change. */
export interface ReadOnlyContext extends ServiceContext {
  close(): Promise<void>;
}

/**
 * The services' context over an existing data folder, for reading only (`npm run reconcile`): the
 * database opened read-only (no migration, no file created), the settlement backend opened without
 * writing (openSettlementReadOnly), the authority picked as createContext picks it. Safe beside the
 * running server that owns the folder; every write through it fails (SQLite) or is kept in memory (chain).
 * (With no server running, SQLite may create its empty -wal/-shm companions; the database is not changed.)
 */
export async function createReadOnlyContext(config: Config, settlement: SettlementOptions): Promise<ReadOnlyContext> {
  const { db } = openReadOnlyDatabase(databaseTarget(config));
  const demoWallet =
    demoWalletAllowed(config) && existsSync(join(config.dataDir, DEMO_WALLET_FILE)) ? loadOrCreateDemoWallet(config.dataDir) : null;
  let backend: Settlement;
  try {
    backend = await openSettlementReadOnly(withAuthority(settlement, demoWallet));
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return {
    db,
    lists: new DatabaseCountedLists(db),
    now: Date.now,
    newId: randomUUID,
    settlement: chainSettlementPort(backend, new Set(config.adminWallets)),
    async close() {
      await backend.close();
      await db.destroy();
    },
  };
}
