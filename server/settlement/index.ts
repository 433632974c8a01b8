// Entry point of the settlement module: picks the backend, loads the authority key, and hands back
// an EscrowChain plus the name of the cluster its signatures belong to.
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { Keypair, type PublicKey } from "@solana/web3.js";
import bs58 from "bs58";
import { AUTHORITY_FILE, knownAuthorities } from "./authority.ts";
import { EscrowChain } from "./chain.ts";
import type { FeePolicy } from "./fees.ts";
import { LiteSvmLedger, RpcLedger, type ClusterName, type Ledger, type RpcLedgerOptions } from "./ledger.ts";

export * from "./errors.ts";
export { CorruptChainError } from "./journal.ts";
export * from "./chain.ts";
export { toSplit, splitAmount, escrowAddress, configAddress, orderSeed, REFUND_PERCENTAGE_MESSAGE } from "./escrow.ts";
export type { MarketplaceConfig, Split, Shares } from "./escrow.ts";
export { DEFAULT_FEE_POLICY, type ComputeBudget, type FeePolicy } from "./fees.ts";
export { LiteSvmLedger, RpcLedger, clusterFromUrl } from "./ledger.ts";
export type { ClusterName, Ledger, LedgerAccount, RecentBlockhash, SignatureState, Simulation } from "./ledger.ts";

/** Sub-folder of the data folder holding the in-process chain (checkpoint + journal). */
export const CHAIN_DIR = "chain";
export { AUTHORITY_FILE };
/** What an in-process authority is topped up to, so fees and ATA rents never run out. */
const INPROCESS_AUTHORITY_LAMPORTS = 100_000n * 1_000_000_000n;

export interface SettlementOptions {
  /** The data folder: the in-process chain (in ./chain) and the default authority key file live here. */
  dataDir: string;
  /** "litesvm" (default) = in-process chain; otherwise the http(s) URL of a cluster's JSON-RPC. */
  cluster?: "litesvm" | string;
  /**
   * A Solana CLI keypair file (JSON array of 64 bytes), or a demo wallet file (demo-wallet.json, whose
   * key was the in-process authority). Default: <dataDir>/authority-keypair.json, created if absent.
   */
  authorityKeypairPath?: string;
  /** The authority key itself (e.g. the local demo admin wallet); takes precedence over the file. */
  authorityKeypair?: Keypair;
  rpc?: RpcLedgerOptions;
  /** How an RPC cluster's payouts bid priority fees (PRIORITY_FEE_*); the in-process chain has no fee market. */
  fees?: FeePolicy;
}

export interface Settlement {
  chain: EscrowChain;
  ledger: Ledger;
  /** The cluster every signature from this module belongs to ("localnet-inprocess" exists on no public network). */
  cluster: ClusterName;
  /** The in-process chain (LiteSVM in the data folder), not a real cluster. */
  inProcess: boolean;
  authority: PublicKey;
  /** Writes the in-process chain's final checkpoint. Call it on shutdown. */
  close(): Promise<void>;
}

export async function createSettlement(options: SettlementOptions): Promise<Settlement> {
  const dataDir = resolve(options.dataDir);
  const authorityKey = options.authorityKeypair ?? loadAuthorityKeypair(dataDir, options.authorityKeypairPath);
  const target = options.cluster?.trim() || "litesvm";
  let ledger: Ledger;
  if (target === "litesvm") {
    const local = LiteSvmLedger.open({ stateDir: join(dataDir, CHAIN_DIR) });
    const balance = (await local.getAccount(authorityKey.publicKey))?.lamports ?? 0n;
    if (balance < INPROCESS_AUTHORITY_LAMPORTS / 10n) await local.airdrop(authorityKey.publicKey, INPROCESS_AUTHORITY_LAMPORTS - balance);
    ledger = local;
  } else {
    let url: URL;
    try {
      url = new URL(target);
      if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("scheme");
    } catch {
      throw new Error(`Settlement cluster "${target}" is neither "litesvm" nor an http(s) RPC URL`);
    }
    ledger = new RpcLedger(url.toString(), options.rpc);
  }
  return settlementOver(ledger, authorityKey, dataDir, options.fees, () => ledger.close());
}

/** The backend over `ledger`, signing with `authorityKey`; `close` ends it. */
function settlementOver(ledger: Ledger, authorityKey: Keypair, dataDir: string, fees: FeePolicy | undefined, close: () => Promise<void>) {
  // Keys of earlier runs, so an escrow recorded under one of them can be named in the refusal.
  const former = knownAuthorities(dataDir)
    .map((k) => k.publicKey)
    .filter((k) => !k.equals(authorityKey.publicKey));
  const chain = new EscrowChain(ledger, authorityKey, { formerAuthorities: former, fees });
  const inProcess = ledger instanceof LiteSvmLedger;
  return { chain, ledger, cluster: ledger.cluster, inProcess, authority: authorityKey.publicKey, close } satisfies Settlement;
}

/**
 * Whether the backend's chain mints lamports on request: the in-process chain, and a development
 * chain (`npm run chain`, a local validator) that grants the authority an airdrop when asked (see
 * RpcLedger.detectDevelopmentChain). The start then funds the seed data's escrows. A public cluster is
 * never asked; one that refuses is quietly not such a chain.
 */
export async function grantsAirdrops(settlement: Pick<Settlement, "ledger" | "authority">): Promise<boolean> {
  const { ledger } = settlement;
  if (ledger instanceof RpcLedger) return ledger.detectDevelopmentChain(settlement.authority);
  return !!ledger.airdrop;
}

/**
 * The settlement backend of a data folder for reading only (`npm run reconcile`): the in-process
 * chain is loaded from its folder without writing anything there (no checkpoint, no airdrop), so it
 * may run beside the server that owns the folder; it sees the chain as of the server's last journaled
 * change. The authority key must already exist: none is created.
 */
export async function openSettlementReadOnly(options: SettlementOptions): Promise<Settlement> {
  const dataDir = resolve(options.dataDir);
  const keyFile = options.authorityKeypairPath ?? join(dataDir, AUTHORITY_FILE);
  if (!options.authorityKeypair && !existsSync(resolve(keyFile))) {
    throw new Error(
      `No settlement authority key at ${resolve(keyFile)}: this data folder never settled anything (start the server once, or set AUTHORITY_KEYPAIR)`,
    );
  }
  const authorityKey = options.authorityKeypair ?? loadAuthorityKeypair(dataDir, keyFile);
  const target = options.cluster?.trim() || "litesvm";
  const ledger: Ledger = target === "litesvm" ? LiteSvmLedger.openReadOnly(join(dataDir, CHAIN_DIR)) : new RpcLedger(target, options.rpc);
  return settlementOver(ledger, authorityKey, dataDir, options.fees, async () => {});
}

/**
 * The authority key. With an explicit path the file must exist: a typo must not silently create a
 * new authority (it would not control any existing escrow). The default file is created on first
 * run, readable by the owner only.
 */
export function loadAuthorityKeypair(dataDir: string, explicitPath?: string): Keypair {
  const path = explicitPath ? resolve(explicitPath) : join(dataDir, AUTHORITY_FILE);
  if (!existsSync(path)) {
    if (explicitPath) throw new Error(`AUTHORITY_KEYPAIR: ${path} does not exist`);
    const key = Keypair.generate();
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(`${path}.tmp`, JSON.stringify(Array.from(key.secretKey)), { mode: 0o600 });
    renameSync(`${path}.tmp`, path);
    return key;
  }
  if (!explicitPath) chmodSync(path, 0o600);
  let bytes: unknown;
  try {
    bytes = JSON.parse(readFileSync(path, "utf8"));
  } catch {
    throw new Error(`Authority keypair ${path} is not a JSON array of 64 bytes`);
  }
  // The demo wallet's file (base58 secret key): the authority of a local data folder's escrows.
  const demoSecret = (bytes as { secretKey?: unknown } | null)?.secretKey;
  if (typeof demoSecret === "string") bytes = Array.from(decodeBase58(demoSecret) ?? []);
  if (!Array.isArray(bytes) || bytes.length !== 64 || !bytes.every((b) => Number.isInteger(b) && b >= 0 && b <= 255)) {
    throw new Error(`Authority keypair ${path} is not a JSON array of 64 bytes`);
  }
  // fromSecretKey checks that the public half matches the private half.
  return Keypair.fromSecretKey(Uint8Array.from(bytes as number[]));
}

/**
 * Options from the environment. SETTLEMENT_CLUSTER: unset or "litesvm" = in-process; "rpc" = the
 * cluster at SOLANA_RPC_URL; or an RPC URL itself. AUTHORITY_KEYPAIR: path of the authority key file.
 * (SOLANA_RPC_URL alone does not switch settlement to a real cluster: the console uses it too.)
 */
export function settlementOptionsFromEnv(env: Record<string, string | undefined>, dataDir: string): SettlementOptions {
  const choice = env.SETTLEMENT_CLUSTER?.trim() || "litesvm";
  const cluster = choice === "rpc" ? env.SOLANA_RPC_URL?.trim() || "https://api.devnet.solana.com" : choice;
  return { dataDir, cluster, authorityKeypairPath: env.AUTHORITY_KEYPAIR?.trim() || undefined };
}

function decodeBase58(value: string): Uint8Array | null {
  try {
    return bs58.decode(value);
  } catch {
    return null;
  }
}
