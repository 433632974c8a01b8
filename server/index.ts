// The reference server's entry: check the configuration, open (creating and seeding when new)
// the database, serve the API and the built console on one origin, and say who can sign in.
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { createContext, type AppContext } from "./context.ts";

export interface RunningServer {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

type Seeder = (
  opened: Pick<AppContext, "sqlite">,
  options: { adminWallets?: string[]; now?: number },
) => Promise<{ seeded: boolean; users?: number; orders?: number; skipped?: string }>;

/** E's seeder (server/seed/index.ts, export seedDatabase), when that module exists. */
async function findSeeder(): Promise<Seeder | null> {
  const url = new URL("./seed/index.ts", import.meta.url);
  if (!existsSync(fileURLToPath(url))) return null;
  const mod = (await import(url.href)) as { seedDatabase?: Seeder };
  return typeof mod.seedDatabase === "function" ? mod.seedDatabase : null;
}

export async function startServer(env: Record<string, string | undefined> = process.env): Promise<RunningServer> {
  const config = loadConfig(env);
  const ctx = await createContext(config);
  // The seeder fills only an empty database, so calling it at every start also covers a first run
  // that stopped half-way.
  const seed = await findSeeder();
  if (seed) {
    if (ctx.freshDatabase) console.log("New database: seeding demo data…");
    // The whitelisted wallets (demo wallet included) are created as ADMIN users by the seeder.
    const summary = await seed(ctx, { adminWallets: [...ctx.adminWallets], now: ctx.now() });
    if (summary.seeded) console.log(`Seeded ${summary.users} users and ${summary.orders} orders.`);
  }
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
  printBanner(ctx);
  return {
    app,
    ctx,
    async close() {
      await app.close();
      await ctx.close();
    },
  };
}

function printBanner(ctx: AppContext): void {
  const { config, demoWallet } = ctx;
  const lines = [
    "",
    `  Marketplace Admin console: ${config.publicOrigin}`,
    `  (listening on ${config.host}:${config.port}; API under ${config.publicOrigin}/api/v1; database ${config.databasePath})`,
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
  if (!existsSync(`${config.staticDir}/index.html`)) {
    lines.push("", `  No console build in ${config.staticDir}: run \`npm run build\` (npm start does it for you).`);
  }
  console.log(lines.join("\n") + "\n");
}

export async function main(): Promise<void> {
  let server: RunningServer;
  try {
    server = await startServer();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
