// The reference server's entry: check the configuration, open (creating and seeding when new)
// the database, serve the API and the built console on one origin, and say who can sign in.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.ts";
import { ConfigError, dataFolderError, loadConfig } from "./config.ts";
import { createContext, type AppContext } from "./context.ts";
import { databaseName } from "./db/connection.ts";
import { exitUnlessSupportedNode } from "./node-version.ts";
import { fundOpenEscrows, type FundingSummary } from "./seed/escrows.ts";
import type { ResumeOutcome } from "./services/dispute-settlement.ts";
import { startSettlementRecheck } from "./services/settlement-recheck.ts";
import { startWebhookDelivery } from "./services/webhook-delivery.ts";
import { assertRecordedAuthority } from "./settlement/authority.ts";
import {
  AUTHORITY_FILE,
  CHAIN_DIR,
  CorruptChainError,
  grantsAirdrops,
  settlementOptionsFromEnv,
  type SettlementOptions,
} from "./settlement/index.ts";
import { isInProcess } from "./settlement/port.ts";

export interface RunningServer {
  app: FastifyInstance;
  ctx: AppContext;
  /** Settlements left submitted by a previous run, finished in the background after listen (then re-checked every SETTLEMENT_RECHECK_SECONDS). */
  resumed: Promise<ResumeOutcome[]>;
  close(): Promise<void>;
}

/** SETTLEMENT_CLUSTER / AUTHORITY_KEYPAIR, checked like every other variable: a bad one stops the start. */
function settlementOptions(env: Record<string, string | undefined>, dataDir: string): SettlementOptions {
  const options = settlementOptionsFromEnv(env, dataDir);
  if (!isInProcess(options)) {
    let url: URL | null = null;
    try {
      url = new URL(options.cluster ?? "");
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
      throw new ConfigError("SETTLEMENT_CLUSTER", `"${env.SETTLEMENT_CLUSTER}" is not "litesvm", "rpc" or an http(s) RPC URL`);
    }
  }
  if (options.authorityKeypairPath && !existsSync(resolve(options.authorityKeypairPath))) {
    throw new ConfigError("AUTHORITY_KEYPAIR", `${resolve(options.authorityKeypairPath)} does not exist`);
  }
  return options;
}

type Seeder = (
  opened: AppContext["database"],
  options: { adminWallets?: string[]; now?: number; resourceModules?: AppContext["resourceModules"] },
) => Promise<{ seeded: boolean; users?: number; orders?: number; skipped?: string }>;

export interface StartOptions {
  /** The resource modules to serve (default: server/resources/index.ts's; a test adds one). */
  resourceModules?: AppContext["resourceModules"];
  /** The clock (default Date.now); a test fixes it so the seeded data and every stamp stay put. */
  now?: () => number;
}

/** The demo-data seeder (server/seed/index.ts, export seedDatabase), when that module exists. */
async function findSeeder(): Promise<Seeder | null> {
  const url = new URL("./seed/index.ts", import.meta.url);
  if (!existsSync(fileURLToPath(url))) return null;
  const mod = (await import(url.href)) as { seedDatabase?: Seeder };
  return typeof mod.seedDatabase === "function" ? mod.seedDatabase : null;
}

export async function startServer(
  env: Record<string, string | undefined> = process.env,
  options: StartOptions = {},
): Promise<RunningServer> {
  const config = loadConfig(env);
  const settlement = { ...settlementOptions(env, config.dataDir), fees: config.priorityFees };
  // Opening the data folder (database, demo wallet, chain) is where a read-only or full disk shows.
  const ctx = await createContext(config, { settlement, resourceModules: options.resourceModules, now: options.now }).catch(
    (error: unknown) => {
      throw dataFolderError(error, config.dataDir);
    },
  );
  // The seeder fills only an empty database, so calling it at every start also covers a first run
  // that stopped half-way. Never in production unless asked (SEED_DEMO_DATA).
  const seed = config.seedDemoData ? await findSeeder() : null;
  if (seed) {
    if (ctx.freshDatabase) console.log("New database: seeding demo data…");
    // The whitelisted wallets (demo wallet included) are created as ADMIN users by the seeder.
    const summary = await seed(ctx.database, {
      adminWallets: [...ctx.adminWallets],
      now: ctx.now(),
      resourceModules: ctx.resourceModules,
    }).catch(async (error: unknown) => {
      await ctx.close();
      throw dataFolderError(error, config.dataDir);
    });
    if (summary.seeded) console.log(`Seeded ${summary.users} users and ${summary.orders} orders.`);
  }
  const backend = ctx.settlementBackend;
  // Before funding: under another authority, new escrows would go where the old ones are not.
  try {
    if (backend) await assertRecordedAuthority(ctx, backend);
  } catch (error) {
    await ctx.close();
    throw error;
  }
  // On a chain that grants airdrops (in-process, `npm run chain`, a local validator): the open
  // orders' escrows really hold their amounts, so seeded disputes settle.
  const funding = backend && (await grantsAirdrops(backend)) ? await fundOpenEscrows(ctx, backend) : null;
  const app = await buildApp(ctx);
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await ctx.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE") throw new ConfigError("PORT", `${config.port} is already in use on ${config.host}`);
    if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND") throw new ConfigError("HOST", `cannot listen on ${config.host}`);
    throw error;
  }
  printBanner(ctx, funding, env);
  const report = (outcomes: ResumeOutcome[]) => {
    for (const o of outcomes) {
      console.log(
        `Pending settlement of order ${o.orderId} (${o.signature ?? "never signed"}): ${o.outcome}${o.message ? ` (${o.message})` : ""}`,
      );
    }
    return outcomes;
  };
  const failed = (error: unknown): ResumeOutcome[] => {
    console.error("Resuming pending settlements failed:", error);
    return [];
  };
  // Every PENDING settlement a previous run left, then, every interval, those whose outcome was unknown (504).
  const recheck = startSettlementRecheck(ctx, { intervalMs: config.settlementRecheckMs, onOutcomes: report, onError: failed });
  const resumed = recheck.run({ minAgeMs: 0 }).then(report, failed);
  // Every instance sends webhooks: each delivery is claimed by one (services/webhook-delivery.ts).
  const webhooks = startWebhookDelivery(ctx, config.webhooks, { onError: (error) => console.error("Sending webhooks failed:", error) });
  return {
    app,
    ctx,
    resumed,
    async close() {
      await app.close();
      await recheck.stop();
      await webhooks.stop();
      await resumed;
      await ctx.close();
    },
  };
}

function settlementLines(ctx: AppContext, funding: FundingSummary | null, env: Record<string, string | undefined>): string[] {
  const backend = ctx.settlementBackend;
  if (!backend) return ["  No settlement service: dispute resolution and marketplace initialization answer 503."];
  const { config, demoWallet } = ctx;
  const lines = [
    backend.inProcess
      ? `  Settlement: in-process chain (cluster ${backend.cluster}, signatures exist on no public network), kept in ${config.dataDir}/${CHAIN_DIR}`
      : `  Settlement: cluster ${backend.cluster} (SETTLEMENT_CLUSTER)`,
  ];
  const authority = backend.authority.toBase58();
  if (demoWallet?.publicKey === authority) {
    lines.push(`    authority ${authority}: the demo admin wallet (set AUTHORITY_KEYPAIR to use another key)`);
  } else {
    const source = env.AUTHORITY_KEYPAIR?.trim() ? "AUTHORITY_KEYPAIR" : `${config.dataDir}/${AUTHORITY_FILE}`;
    const listed = ctx.adminWallets.has(authority)
      ? "on the admin whitelist"
      : "NOT an admin wallet: add it to ADMIN_WALLETS before initializing the marketplace";
    lines.push(`    authority ${authority} (${source}), ${listed}`);
  }
  if (funding && funding.funded + funding.unfunded > 0) {
    const rest = funding.unfunded ? `; ${funding.unfunded} more open orders have no escrow (their disputes answer 409)` : "";
    lines.push(`    funded ${funding.funded} open orders' escrows and ${funding.wallets} wallets in ${funding.ms} ms${rest}`);
  }
  return lines;
}

function printBanner(ctx: AppContext, funding: FundingSummary | null, env: Record<string, string | undefined>): void {
  const { config, demoWallet } = ctx;
  const lines = [
    "",
    `  Marketplace Admin console: ${config.publicOrigin}`,
    `  (listening on ${config.host}:${config.port}; API under ${config.publicOrigin}/api/v1; database ${databaseName(config)})`,
    "",
  ];
  if (config.adminWallets.length) {
    lines.push("  Admin wallets (ADMIN_WALLETS) that can sign in:", ...config.adminWallets.map((k) => `    ${k}`));
  } else {
    lines.push("  No ADMIN_WALLETS set: add your wallet's address, e.g. ADMIN_WALLETS=<base58 key>,<another>.");
  }
  if (demoWallet) {
    lines.push(
      `  Demo admin wallet (local only): ${demoWallet.publicKey}`,
      `    choose "${demoWallet.label}" on the login page; keypair in ${config.dataDir}/demo-wallet.json`,
    );
  }
  lines.push(...settlementLines(ctx, funding, env));
  if (!existsSync(`${config.staticDir}/index.html`)) {
    lines.push("", `  No console build in ${config.staticDir}: run \`npm run build\` (npm start does it for you).`);
  }
  console.log(lines.join("\n") + "\n");
}

/**
 * What a stop (SIGTERM: a deploy, a scale-in) runs: requests and settlements in flight finish, the
 * database closes, and the process exits 0; past SHUTDOWN_TIMEOUT_SECONDS it gives up and exits 1.
 */
export function stopper(server: Pick<RunningServer, "app" | "ctx" | "close">, exit: (code: number) => void = process.exit) {
  return async (signal: NodeJS.Signals): Promise<void> => {
    const timeoutMs = server.ctx.config.shutdownTimeoutMs;
    server.app.log.info({ signal, timeoutMs }, "stopping");
    const timer = setTimeout(() => {
      server.app.log.error({ timeoutMs }, "stop timed out with work still in flight");
      exit(1);
    }, timeoutMs);
    timer.unref();
    await server.close();
    clearTimeout(timer);
    exit(0);
  };
}

export async function main(): Promise<void> {
  exitUnlessSupportedNode();
  const starting = startServer();
  // Listened for before the start, not after it: the banner says the server is up, and a stop sent
  // on reading it (a deploy, a test) must not find the default action, which kills the process
  // unclosed. A stop during the start waits for it, then closes as usual.
  const stop = (signal: NodeJS.Signals) =>
    void starting.then(
      (server) => stopper(server)(signal),
      () => undefined,
    );
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  try {
    await starting;
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    // Not a setting but the data it points at: the message names the file and how to recover.
    if (error instanceof CorruptChainError) {
      console.error(`Start-up error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
