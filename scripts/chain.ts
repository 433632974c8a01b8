// `npm run chain`: a local Solana chain for development and tests, which several server instances
// can share (the in-process chain lives inside one server). LiteSVM behind the JSON-RPC node of
// server/chain/rpc-server.ts, on 127.0.0.1:CHAIN_PORT (default 8899, subscriptions on the port after
// it, as solana-test-validator), kept in CHAIN_DIR (default data/local-chain) across restarts, and
// granting airdrops. Point a server at it with SETTLEMENT_CLUSTER=http://127.0.0.1:8899. Never for
// production: there, SETTLEMENT_CLUSTER names a real cluster.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { startChainRpc, type ChainRpc } from "../server/chain/rpc-server.ts";
import { CorruptChainError } from "../server/settlement/journal.ts";

export const DEFAULT_CHAIN_PORT = 8899;
/** Not <data folder>/chain: that is where a server keeps its in-process chain, and one journal takes one writer. */
export const DEFAULT_CHAIN_DIR = "data/local-chain";

export interface ChainSettings {
  port: number;
  dir: string;
  /** CHAIN_PRIORITY_FEES: what getRecentPrioritizationFees reports (micro-lamports per compute unit). */
  prioritizationFees: number[];
  /** CHAIN_DROP_BROADCASTS: the first this many broadcasts are accepted and dropped. */
  dropBroadcasts: number;
}

const WHOLE = /^\d+$/;

/**
 * CHAIN_PORT (0 = any free port), CHAIN_DIR, and the fee market's knobs CHAIN_PRIORITY_FEES and
 * CHAIN_DROP_BROADCASTS; a bad value is refused naming the variable.
 */
export function chainSettings(env: Record<string, string | undefined>): ChainSettings {
  const rawPort = env.CHAIN_PORT?.trim() || String(DEFAULT_CHAIN_PORT);
  const port = Number(rawPort);
  // The subscription port is the next one: it must exist too.
  if (!WHOLE.test(rawPort) || port > 65_534) throw new Error(`CHAIN_PORT: "${env.CHAIN_PORT}" is not a port number from 0 to 65534`);
  const fees = (env.CHAIN_PRIORITY_FEES ?? "")
    .split(",")
    .map((fee) => fee.trim())
    .filter(Boolean);
  if (!fees.every((fee) => WHOLE.test(fee) && Number.isSafeInteger(Number(fee)))) {
    throw new Error(`CHAIN_PRIORITY_FEES: "${env.CHAIN_PRIORITY_FEES}" is not a comma-separated list of whole micro-lamports`);
  }
  const drop = env.CHAIN_DROP_BROADCASTS?.trim() || "0";
  if (!WHOLE.test(drop) || !Number.isSafeInteger(Number(drop)))
    throw new Error(`CHAIN_DROP_BROADCASTS: "${env.CHAIN_DROP_BROADCASTS}" is not a whole number`);
  return {
    port,
    dir: resolve(env.CHAIN_DIR?.trim() || DEFAULT_CHAIN_DIR),
    prioritizationFees: fees.map(Number),
    dropBroadcasts: Number(drop),
  };
}

export async function main(env: Record<string, string | undefined> = process.env): Promise<void> {
  // Whoever read the output may be gone (a closed terminal, a parent that died): saving must not fail on it.
  for (const stream of [process.stdout, process.stderr]) stream.on("error", () => {});
  let settings: ChainSettings;
  try {
    settings = chainSettings(env);
  } catch (error) {
    console.error(`Configuration error: ${(error as Error).message}`);
    process.exit(1);
  }
  const { port, dir, prioritizationFees, dropBroadcasts } = settings;
  let chain: ChainRpc;
  try {
    chain = await startChainRpc({ port, stateDir: dir, pubsubOnNextPort: true, prioritizationFees, dropBroadcasts });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { port?: number };
    if (failure.code === "EADDRINUSE") {
      const which = failure.port === port + 1 ? ` (the subscription port, CHAIN_PORT + 1)` : "";
      console.error(
        `Configuration error: CHAIN_PORT: ${failure.port ?? port}${which} is already in use on 127.0.0.1: another chain or a solana-test-validator runs there; stop it or set CHAIN_PORT`,
      );
      process.exit(1);
    }
    if (error instanceof CorruptChainError) {
      console.error(`Start-up error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  console.log(
    [
      "",
      `  Local chain (LiteSVM, for development and tests): ${chain.url}`,
      `    subscriptions on ${chain.wsUrl}; genesis hash ${chain.genesisHash}; airdrops granted`,
      `    kept in ${dir} (CHAIN_DIR)`,
      `    recent priority fees: ${prioritizationFees.length ? prioritizationFees.join(", ") : "none"} (CHAIN_PRIORITY_FEES); first broadcasts dropped: ${dropBroadcasts} (CHAIN_DROP_BROADCASTS)`,
      `    point a server at it: SETTLEMENT_CLUSTER=${chain.url} npm start`,
      "",
    ].join("\n"),
  );
  const stop = async (signal: NodeJS.Signals) => {
    console.log(`${signal}: saving the chain in ${dir}`);
    try {
      await chain.close();
    } catch (error) {
      console.error(`Saving the chain failed: ${(error as Error).message}`);
      process.exit(1);
    }
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
