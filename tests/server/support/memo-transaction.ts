// What a hardware wallet sends in the tests: the server's text as the one SPL Memo instruction of a
// transaction it signs and never sends (contract/memo-signing.ts), or a twisted one the server must refuse.
import { Keypair, PublicKey, Transaction, TransactionInstruction } from "@solana/web3.js";
import bs58 from "bs58";
import { MEMO_PROGRAM_ID, memoBlockhash } from "../../../contract/index.ts";
import type { TestWallet } from "../../support/api-client.ts";

export interface MemoTransactionOptions {
  /** The memo's text, when it is not the text the blockhash is derived from. */
  memo?: string;
  /** A real recent blockhash, for one that could land. */
  blockhash?: string;
  /** Pays the fee and signs instead of the wallet. */
  feePayer?: TestWallet;
  /** An instruction after the memo. */
  extra?: TransactionInstruction;
}

export const keypairOf = (wallet: TestWallet) => Keypair.fromSecretKey(wallet.secretKey);

/** The transaction, signed, as a request carries it: base64, and its signature in base58. */
export function memoTransaction(wallet: TestWallet, text: string, options: MemoTransactionOptions = {}) {
  const payer = keypairOf(options.feePayer ?? wallet);
  const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: options.blockhash ?? memoBlockhash(text) });
  tx.add(
    new TransactionInstruction({ programId: new PublicKey(MEMO_PROGRAM_ID), keys: [], data: Buffer.from(options.memo ?? text, "utf8") }),
  );
  if (options.extra) tx.add(options.extra);
  tx.sign(payer);
  return { signedTransaction: tx.serialize().toString("base64"), signature: bs58.encode(tx.signature!), transaction: tx };
}
