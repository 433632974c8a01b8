// What the settlement tests share, whichever ledger they run on: an order to settle and balance reads.
import { ComputeBudgetInstruction, ComputeBudgetProgram, PublicKey, TransactionInstruction, type VersionedMessage } from "@solana/web3.js";
import { AccountLayout, getAssociatedTokenAddressSync, TOKEN_PROGRAM_ID } from "@solana/spl-token";
import type { EscrowOrder, Ledger } from "../../../server/settlement/index.ts";

/** A DISPUTED SOL order of `totalPrice` lamports between two wallets. */
export function makeOrder(buyer: PublicKey, seller: PublicKey, totalPrice: bigint, over: Partial<EscrowOrder> = {}): EscrowOrder {
  return {
    id: crypto.randomUUID(),
    status: "DISPUTED",
    buyerWalletAddress: buyer.toBase58(),
    sellerWalletAddress: seller.toBase58(),
    currencyMint: null,
    totalPrice,
    currencyDecimals: 9,
    ...over,
  };
}

/** The account's lamports; null when it does not exist. */
export async function lamportsOf(ledger: Ledger, key: PublicKey | string): Promise<bigint | null> {
  return (await ledger.getAccount(typeof key === "string" ? new PublicKey(key) : key))?.lamports ?? null;
}

/** What the owner's associated token account of `mint` (of `program`) holds; null when it does not exist. */
export async function tokensOf(
  ledger: Ledger,
  mint: PublicKey,
  owner: PublicKey,
  program: PublicKey = TOKEN_PROGRAM_ID,
): Promise<bigint | null> {
  const account = await ledger.getAccount(getAssociatedTokenAddressSync(mint, owner, true, program));
  return account ? AccountLayout.decode(Buffer.from(account.data)).amount : null;
}

/** The compute budget instructions of a transaction read back from the chain, decoded: which ones, in order, and the limit and price they set. */
export function computeBudgetOf(message: VersionedMessage): { types: string[]; units: number | null; microLamports: bigint | null } {
  const instructions = message.compiledInstructions
    .filter((ix) => message.staticAccountKeys[ix.programIdIndex]?.equals(ComputeBudgetProgram.programId))
    .map((ix) => new TransactionInstruction({ programId: ComputeBudgetProgram.programId, keys: [], data: Buffer.from(ix.data) }));
  const types = instructions.map((ix) => ComputeBudgetInstruction.decodeInstructionType(ix));
  const limit = instructions[types.indexOf("SetComputeUnitLimit")];
  const price = instructions[types.indexOf("SetComputeUnitPrice")];
  return {
    types,
    units: limit ? ComputeBudgetInstruction.decodeSetComputeUnitLimit(limit).units : null,
    microLamports: price ? BigInt(ComputeBudgetInstruction.decodeSetComputeUnitPrice(price).microLamports) : null,
  };
}
