// What a transaction bids to land when blocks are contested (a cluster's fee market): a compute
// unit limit taken from a simulation, and a compute unit price taken from what recent transactions
// touching the same writable accounts paid. Pure arithmetic and instruction builders; the chain
// (chain.ts) asks the ledger for the simulation and the recent fees.
import { ComputeBudgetProgram, type PublicKey, type TransactionInstruction } from "@solana/web3.js";

export interface FeePolicy {
  /** PRIORITY_FEE_PERCENTILE: which percentile (1–100) of the recent fees to pay. */
  percentile: number;
  /** PRIORITY_FEE_MAX_MICROLAMPORTS: the most paid per compute unit, whatever the recent fees say. */
  maxMicroLamports: number;
}

export const DEFAULT_FEE_POLICY: FeePolicy = { percentile: 75, maxMicroLamports: 1_000_000 };

/** The runtime's ceiling for one transaction; a simulation draft asks for all of it. */
export const MAX_COMPUTE_UNITS = 1_400_000;
/** getRecentPrioritizationFees takes at most this many accounts. */
const MAX_FEE_ACCOUNTS = 128;
const MICRO_LAMPORTS_PER_LAMPORT = 1_000_000n;

/** The compute budget a transaction is signed with, and what the simulation said it uses. */
export interface ComputeBudget {
  unitLimit: number;
  /** Null when the simulation did not say (the limit is then the most a transaction may take). */
  unitsUsed: number | null;
  /** Micro-lamports per compute unit. */
  unitPrice: number;
  /** What the price costs over the base fee at this limit (the runtime charges the limit, not the use). */
  priorityFeeLamports: number;
}

/**
 * The `percentile`-th of `fees` (nearest rank), capped at `max`; no fees is 0. A node reports the
 * lowest fee that landed per slot, often 0: a high percentile is what gets a transaction in.
 */
export function priorityPrice(fees: readonly number[], policy: FeePolicy): number {
  if (fees.length === 0) return 0;
  const sorted = [...fees].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((policy.percentile / 100) * sorted.length));
  return Math.min(sorted[rank - 1] ?? 0, policy.maxMicroLamports);
}

/** Units used plus a tenth (at least 1 000): the same instructions may take a little more once sent. */
export function unitLimitFor(unitsUsed: number): number {
  return Math.min(MAX_COMPUTE_UNITS, unitsUsed + Math.max(Math.ceil(unitsUsed / 10), 1_000));
}

export function priorityFeeLamports(unitPrice: number, unitLimit: number): number {
  const microLamports = BigInt(unitPrice) * BigInt(unitLimit);
  return Number((microLamports + MICRO_LAMPORTS_PER_LAMPORT - 1n) / MICRO_LAMPORTS_PER_LAMPORT);
}

export function computeBudget(unitsUsed: number | null, unitPrice: number): ComputeBudget {
  const unitLimit = unitsUsed === null ? MAX_COMPUTE_UNITS : unitLimitFor(unitsUsed);
  return { unitLimit, unitsUsed, unitPrice, priorityFeeLamports: priorityFeeLamports(unitPrice, unitLimit) };
}

/** The two compute budget instructions, first in the transaction. */
export function budgetInstructions(unitLimit: number, unitPrice: number): TransactionInstruction[] {
  return [
    ComputeBudgetProgram.setComputeUnitLimit({ units: unitLimit }),
    ComputeBudgetProgram.setComputeUnitPrice({ microLamports: unitPrice }),
  ];
}

/** The accounts the instructions write (the fee payer first): the ones whose recent fees matter. */
export function writableAccounts(payer: PublicKey, instructions: readonly TransactionInstruction[]): PublicKey[] {
  const seen = new Map<string, PublicKey>([[payer.toBase58(), payer]]);
  for (const ix of instructions) for (const key of ix.keys) if (key.isWritable) seen.set(key.pubkey.toBase58(), key.pubkey);
  return [...seen.values()].slice(0, MAX_FEE_ACCOUNTS);
}
