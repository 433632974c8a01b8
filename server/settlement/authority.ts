// Which key owns what a data folder recorded on chain. Escrow and config addresses are derived from
// the authority key (escrow.ts), so a server started with another authority (a new AUTHORITY_KEYPAIR,
// or the demo wallet gone in production) would find every recorded escrow empty while the funds wait
// under the old key. The start refuses that (assertRecordedAuthority), before anything is funded
// under the new key; EscrowChain refuses each such resolution ("authority mismatch").
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PublicKey } from "@solana/web3.js";
import { ConfigError } from "../config.ts";
import { LIST_ORDER } from "../db/list-families.ts";
import type { Db } from "../db/schema.ts";
import { DEMO_WALLET_FILE } from "../demo-wallet.ts";
import { escrowBelongsTo } from "./escrow.ts";

/** The default authority key file in the data folder (Solana CLI format), created on first run. */
export const AUTHORITY_FILE = "authority-keypair.json";

/** An authority key found in the data folder, with the file that holds it. */
export interface KnownAuthority {
  publicKey: PublicKey;
  file: string;
  demoWallet: boolean;
}

/** At most this many open orders per status are checked at start: cheap even with a million orders. */
const SAMPLE = 3;

/**
 * The keys a data folder holds: the demo wallet and the default authority file, each of which may
 * have been the authority of an earlier run. Reads only; creates nothing.
 */
export function knownAuthorities(dataDir: string): KnownAuthority[] {
  const found: KnownAuthority[] = [];
  const demoFile = join(dataDir, DEMO_WALLET_FILE);
  const demo = readJson(demoFile) as { publicKey?: unknown } | null;
  if (typeof demo?.publicKey === "string") {
    const key = toKey(demo.publicKey);
    if (key) found.push({ publicKey: key, file: demoFile, demoWallet: true });
  }
  const authorityFile = join(dataDir, AUTHORITY_FILE);
  const bytes = readJson(authorityFile);
  if (Array.isArray(bytes) && bytes.length === 64) {
    const key = toKey(Uint8Array.from(bytes.slice(32) as number[]));
    if (key) found.push({ publicKey: key, file: authorityFile, demoWallet: false });
  }
  return found;
}

interface Mismatch {
  /** What was recorded under another key, for the message: "… was recorded under". */
  evidence: string;
  /** The key it was recorded under, when the record says (the marketplace config does). */
  owner: string | null;
  orderId: string | null;
  escrow: string | null;
  spl: boolean;
}

/** The marketplace config and a few open orders' escrows recorded on this cluster, checked against `authority`. */
async function findMismatch(db: Db, authority: PublicKey, cluster: string): Promise<Mismatch | null> {
  const config = await db
    .selectFrom("marketplaceConfig")
    .select(["authority", "cluster"])
    .where("id", "=", 1)
    .where("initialized", "=", 1)
    .executeTakeFirst();
  if (config?.authority && config.cluster === cluster && config.authority !== authority.toBase58()) {
    return {
      evidence: `the marketplace config initialized on ${cluster} was recorded under`,
      owner: config.authority,
      orderId: null,
      escrow: null,
      spl: false,
    };
  }
  // Newest first through the status index; settled orders keep their escrow address but need no key any more.
  for (const status of ["DISPUTED", "ACTIVE"] as const) {
    const sample = await db
      .selectFrom("orders")
      .select(["id", "escrowPDA", "currencyMint"])
      .where("status", "=", status)
      .where("escrowPDA", "is not", null)
      .where("cluster", "=", cluster)
      .orderBy(LIST_ORDER, "desc")
      .limit(SAMPLE)
      .execute();
    for (const order of sample) {
      const escrowPDA = order.escrowPDA ?? "";
      const spl = order.currencyMint !== null;
      if (escrowBelongsTo(authority, order.id, escrowPDA, spl)) continue;
      const owner = config?.cluster === cluster ? (config.authority ?? null) : null;
      return {
        evidence: `the escrow ${escrowPDA} of order ${order.id} (and likely every escrow recorded on ${cluster}) was funded under`,
        owner,
        orderId: order.id,
        escrow: escrowPDA,
        spl,
      };
    }
  }
  return null;
}

/**
 * At start, after the settlement backend is up and before any escrow is funded: refuses (ConfigError
 * naming AUTHORITY_KEYPAIR) a configured authority that is not the one this data folder's marketplace
 * config and open escrows were recorded under, naming both keys and the file that holds the old one.
 */
export async function assertRecordedAuthority(
  ctx: { db: Db; config: { dataDir: string } },
  settlement: { authority: PublicKey; cluster: string },
): Promise<void> {
  const { authority } = settlement;
  const mismatch = await findMismatch(ctx.db, authority, settlement.cluster);
  if (!mismatch) return;
  const candidates = knownAuthorities(ctx.config.dataDir).filter((k) => !k.publicKey.equals(authority));
  const holder = candidates.find((k) =>
    mismatch.owner
      ? k.publicKey.toBase58() === mismatch.owner
      : escrowBelongsTo(k.publicKey, mismatch.orderId ?? "", mismatch.escrow ?? "", mismatch.spl),
  );
  const owner = mismatch.owner ?? holder?.publicKey.toBase58() ?? null;
  const ownerText = owner
    ? `${owner}${holder?.demoWallet ? " (the local demo admin wallet)" : ""}`
    : "another key (none of the key files in the data folder)";
  const fix = holder
    ? `Restart with AUTHORITY_KEYPAIR=${holder.file}, the file that holds ${owner}`
    : `Restart with AUTHORITY_KEYPAIR pointing at the keypair file of ${owner ?? "the authority that recorded them"}`;
  throw new ConfigError(
    "AUTHORITY_KEYPAIR",
    `the settlement authority is ${authority.toBase58()}, but ${mismatch.evidence} ${ownerText}: ` +
      `with this authority every dispute resolution would find its escrow out of reach. ${fix}. Nothing was funded or sent.`,
  );
}

function readJson(path: string): unknown {
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return null;
  }
}

function toKey(value: string | Uint8Array): PublicKey | null {
  try {
    return new PublicKey(value);
  } catch {
    return null;
  }
}
