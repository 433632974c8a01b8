// Pure escrow arithmetic and instruction builders: no I/O, no chain access. Everything here is
// deterministic from the authority key and the order id, so any backend can rebuild it.
//
// Why seed-derived addresses: no custom program can be deployed, so the escrow must be an account
// that only the authority's signature can move funds out of. createWithSeed(authority, seed, owner)
// gives exactly that with the built-in programs: TransferWithSeed (SOL) needs the base key's signature,
// and an SPL escrow token account has the authority as its token owner.
import { createHash } from "node:crypto";
import { PublicKey, SystemProgram, TransactionInstruction } from "@solana/web3.js";
import {
  ACCOUNT_SIZE,
  createAssociatedTokenAccountIdempotentInstruction,
  createCloseAccountInstruction,
  createInitializeAccount3Instruction,
  createMintToInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from "@solana/spl-token";
import { DISPUTE_RESOLUTIONS, type DisputeResolution } from "../../contract/index.ts";
import { SettlementError, type ShareSide } from "./errors.ts";

export const MEMO_PROGRAM_ID = new PublicKey("MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr");
/** The seed of the one marketplace config account under the authority. */
export const CONFIG_SEED = "marketplace-config-v1";
/** Bytes allocated at the config address: allocating twice fails on chain, which makes initialize one-time. */
export const CONFIG_SPACE = 8;
export const TOKEN_ACCOUNT_SPACE = ACCOUNT_SIZE;
/** createWithSeed accepts at most 32 bytes of seed. */
export const SEED_LENGTH = 32;

/** The first 32 hex characters of SHA-256(order id): a UUID (36 chars) would not fit a seed. */
export function orderSeed(orderId: string): string {
  return createHash("sha256").update(orderId, "utf8").digest("hex").slice(0, SEED_LENGTH);
}

/**
 * PublicKey.createWithSeed computed synchronously (web3.js 1.x only offers an async version):
 * sha256(base ‖ seed ‖ owner program).
 */
export function deriveWithSeed(base: PublicKey, seed: string, programId: PublicKey): PublicKey {
  if (Buffer.byteLength(seed, "utf8") > SEED_LENGTH) throw new Error(`Seed "${seed}" is longer than ${SEED_LENGTH} bytes`);
  const hash = createHash("sha256").update(base.toBuffer()).update(seed, "utf8").update(programId.toBuffer()).digest();
  return new PublicKey(hash);
}

/** SOL escrows are owned by the System program, SPL escrows by the mint's token program. */
export function escrowAddress(authority: PublicKey, orderId: string, tokenProgram: PublicKey | null = null): PublicKey {
  return deriveWithSeed(authority, orderSeed(orderId), tokenProgram ?? SystemProgram.programId);
}

/** Whether `escrow` is the order's escrow under `authority` (SPL: under either token program). */
export function escrowBelongsTo(authority: PublicKey, orderId: string, escrow: string, spl: boolean): boolean {
  const programs = spl ? [TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID] : [SystemProgram.programId];
  return programs.some((program) => escrowAddress(authority, orderId, program).toBase58() === escrow);
}

export function configAddress(authority: PublicKey): PublicKey {
  return deriveWithSeed(authority, CONFIG_SEED, SystemProgram.programId);
}

// ---------------------------------------------------------------------------------------------
// Split

/** The buyer's part in basis points (1/100 of a percent): 10000 = everything back to the buyer. */
export interface Split {
  resolution: DisputeResolution;
  buyerBps: number;
}

export const REFUND_PERCENTAGE_MESSAGE = "Refund percentage must be between 0 and 100";

/**
 * REFUND_BUYER = 100 % to the buyer, RELEASE_TO_SELLER = 100 % to the seller, PARTIAL_REFUND = the
 * given percentage to the buyer. A fractional percentage is kept to 0.01 % (rounded to the nearest).
 */
export function toSplit(resolution: string, refundPercentage?: number | null): Split {
  switch (resolution) {
    case "REFUND_BUYER":
      return { resolution, buyerBps: 10_000 };
    case "RELEASE_TO_SELLER":
      return { resolution, buyerBps: 0 };
    case "PARTIAL_REFUND": {
      if (typeof refundPercentage !== "number" || !Number.isFinite(refundPercentage) || refundPercentage < 0 || refundPercentage > 100) {
        throw new SettlementError("INVALID_SPLIT", { message: REFUND_PERCENTAGE_MESSAGE });
      }
      return { resolution, buyerBps: Math.round(refundPercentage * 100) };
    }
    default:
      throw new SettlementError("INVALID_SPLIT", { message: `Resolution must be one of ${DISPUTE_RESOLUTIONS.join(", ")}` });
  }
}

export interface Shares {
  buyerAmount: bigint;
  sellerAmount: bigint;
}

/**
 * Integer split of the escrow's amount (base units). The buyer gets floor(amount × pct / 100); the
 * remainder of that division goes to the SELLER. So the buyer is never refunded more than the
 * percentage shown in the console, and buyerAmount + sellerAmount === amount always.
 */
export function splitAmount(amount: bigint, split: Split): Shares {
  if (amount < 0n) throw new RangeError("Amount cannot be negative");
  if (!Number.isInteger(split.buyerBps) || split.buyerBps < 0 || split.buyerBps > 10_000) {
    throw new SettlementError("INVALID_SPLIT", { message: REFUND_PERCENTAGE_MESSAGE });
  }
  const buyerAmount = (amount * BigInt(split.buyerBps)) / 10_000n;
  return { buyerAmount, sellerAmount: amount - buyerAmount };
}

export interface Payout {
  side: ShareSide;
  to: PublicKey;
  amount: bigint;
}

/** The non-zero payouts: a zero share sends nothing and creates no account. */
export function payouts(shares: Shares, buyer: PublicKey, seller: PublicKey): Payout[] {
  const list: Payout[] = [
    { side: "buyer", to: buyer, amount: shares.buyerAmount },
    { side: "seller", to: seller, amount: shares.sellerAmount },
  ];
  return list.filter((p) => p.amount > 0n);
}

/**
 * SOL payouts that would create a new account must reach the rent-exempt minimum, or the whole
 * transaction fails with InsufficientFundsForRent. `exists` says whether the recipient is on chain.
 * Throws SHARE_BELOW_RENT_MINIMUM naming the first share that is too small.
 */
export function assertPayoutsFundable(list: readonly Payout[], exists: (p: Payout) => boolean, rentMinimum: bigint): void {
  for (const p of list) {
    if (p.amount < rentMinimum && !exists(p)) {
      throw new SettlementError("SHARE_BELOW_RENT_MINIMUM", {
        share: p.side,
        amount: p.amount,
        minimum: rentMinimum,
        recipient: p.to.toBase58(),
      });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Instruction builders

export function solDepositInstructions(from: PublicKey, escrow: PublicKey, lamports: bigint): TransactionInstruction[] {
  return [SystemProgram.transfer({ fromPubkey: from, toPubkey: escrow, lamports })];
}

/**
 * The authority's own deposit (seed data): it creates the escrow account with the amount, so a second
 * deposit, sent by another process that saw it empty a moment before, fails on chain instead of
 * doubling it.
 */
export function solFundingInstructions(authority: PublicKey, orderId: string, lamports: bigint): TransactionInstruction[] {
  return [createEscrowAccount(authority, orderId, SystemProgram.programId, lamports, 0)];
}

/** Creates the order's escrow account at its seed-derived address, paid for by the authority. */
function createEscrowAccount(
  authority: PublicKey,
  orderId: string,
  programId: PublicKey,
  lamports: bigint,
  space: number,
): TransactionInstruction {
  const seed = orderSeed(orderId);
  return SystemProgram.createAccountWithSeed({
    fromPubkey: authority,
    newAccountPubkey: deriveWithSeed(authority, seed, programId),
    basePubkey: authority,
    seed,
    lamports: Number(lamports),
    space,
    programId,
  });
}

/** One TransferWithSeed per payout, signed by the authority alone (it is the escrow's base key). */
export function solSettlementInstructions(authority: PublicKey, orderId: string, list: readonly Payout[]): TransactionInstruction[] {
  const seed = orderSeed(orderId);
  const escrow = deriveWithSeed(authority, seed, SystemProgram.programId);
  return list.map((p) =>
    SystemProgram.transfer({
      fromPubkey: escrow,
      basePubkey: authority,
      toPubkey: p.to,
      lamports: p.amount,
      seed,
      programId: SystemProgram.programId,
    }),
  );
}

export interface TokenContext {
  mint: PublicKey;
  decimals: number;
  tokenProgram: PublicKey;
  /** Bytes of a token account of this mint: more than TOKEN_ACCOUNT_SPACE when its extensions need account extensions (a pausable mint's). */
  accountSpace: number;
}

/** Opens the order's escrow token account (owner: the authority), paid by the authority. */
export function splOpenEscrowInstructions(
  authority: PublicKey,
  orderId: string,
  token: TokenContext,
  rentLamports: bigint,
): TransactionInstruction[] {
  const escrow = deriveWithSeed(authority, orderSeed(orderId), token.tokenProgram);
  return [
    createEscrowAccount(authority, orderId, token.tokenProgram, rentLamports, token.accountSpace),
    createInitializeAccount3Instruction(escrow, token.mint, authority, token.tokenProgram),
  ];
}

export function ataOf(owner: PublicKey, token: TokenContext): PublicKey {
  // Off-curve owners (PDAs) are allowed: a buyer may well be a program-owned wallet.
  return getAssociatedTokenAddressSync(token.mint, owner, true, token.tokenProgram);
}

/** Buyer pays into the escrow from their associated token account. */
export function splDepositInstructions(buyer: PublicKey, escrow: PublicKey, token: TokenContext, amount: bigint): TransactionInstruction[] {
  return [createTransferCheckedInstruction(ataOf(buyer, token), token.mint, escrow, buyer, amount, token.decimals, [], token.tokenProgram)];
}

/** Test mints only: the authority is their mint authority. */
export function splMintToInstructions(
  authority: PublicKey,
  destination: PublicKey,
  token: TokenContext,
  amount: bigint,
): TransactionInstruction[] {
  return [createMintToInstruction(token.mint, destination, authority, amount, [], token.tokenProgram)];
}

export function createAtaInstruction(payer: PublicKey, owner: PublicKey, token: TokenContext): TransactionInstruction {
  return createAssociatedTokenAccountIdempotentInstruction(payer, ataOf(owner, token), owner, token.mint, token.tokenProgram);
}

/**
 * For each payout: create the recipient's ATA if missing (idempotent, rent paid by the authority) and
 * transferChecked into it; then close the emptied escrow, returning its rent to the authority.
 * Closing is what makes a replay fail on chain: the escrow no longer exists.
 */
export function splSettlementInstructions(
  authority: PublicKey,
  orderId: string,
  token: TokenContext,
  list: readonly Payout[],
): TransactionInstruction[] {
  const escrow = escrowAddress(authority, orderId, token.tokenProgram);
  const ixs: TransactionInstruction[] = [];
  for (const p of list) {
    // Derived once: an ATA derivation (a PDA search with on-curve checks in JS) costs more than executing the transfer.
    const ata = ataOf(p.to, token);
    ixs.push(createAssociatedTokenAccountIdempotentInstruction(authority, ata, p.to, token.mint, token.tokenProgram));
    ixs.push(createTransferCheckedInstruction(escrow, token.mint, ata, authority, p.amount, token.decimals, [], token.tokenProgram));
  }
  ixs.push(createCloseAccountInstruction(escrow, authority, authority, [], token.tokenProgram));
  return ixs;
}

export interface MarketplaceConfig {
  /** Seconds an open dispute may wait for a resolution. */
  disputeResolutionLimit: number;
  /** Number of reports before action. */
  reportThreshold: number;
}

export function configMemo(authority: PublicKey, config: MarketplaceConfig): string {
  return JSON.stringify({
    type: "marketplace-config",
    version: 1,
    authority: authority.toBase58(),
    disputeResolutionLimit: config.disputeResolutionLimit,
    reportThreshold: config.reportThreshold,
  });
}

/**
 * Top up the config address to its rent-exempt minimum (anyone may already have sent lamports there,
 * so it is a transfer of the difference, not CreateAccountWithSeed, which would then fail for good),
 * allocate CONFIG_SPACE bytes at it (needs the authority's signature; fails if already allocated),
 * and record the config in a Memo.
 */
export function initializeInstructions(authority: PublicKey, config: MarketplaceConfig, topUpLamports: bigint): TransactionInstruction[] {
  const address = configAddress(authority);
  const ixs: TransactionInstruction[] = [];
  if (topUpLamports > 0n) ixs.push(SystemProgram.transfer({ fromPubkey: authority, toPubkey: address, lamports: topUpLamports }));
  ixs.push(
    SystemProgram.allocate({
      accountPubkey: address,
      basePubkey: authority,
      seed: CONFIG_SEED,
      space: CONFIG_SPACE,
      programId: SystemProgram.programId,
    }),
  );
  ixs.push(new TransactionInstruction({ programId: MEMO_PROGRAM_ID, keys: [], data: Buffer.from(configMemo(authority, config), "utf8") }));
  return ixs;
}

export function isTokenProgram(owner: PublicKey): boolean {
  return owner.equals(TOKEN_PROGRAM_ID) || owner.equals(TOKEN_2022_PROGRAM_ID);
}
