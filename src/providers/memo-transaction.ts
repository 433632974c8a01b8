// The never-sent transaction a hardware wallet signs the server's text with (transaction-signing.ts):
// its only instruction an SPL Memo of the exact text, its fee payer the wallet, and its recentBlockhash
// the value derived from the text (contract/memo-signing.ts), which no validator knows: it cannot land.
// Loaded only when such a signature is asked for (web3.js comes with the wallet adapter's chunk).
import { PublicKey, Transaction, TransactionInstruction } from "@solana/web3.js";
import bs58 from "bs58";
import { MEMO_PROGRAM_ID, memoBlockhash } from "@contract";

/** Solana's largest transaction, in bytes: a longer text cannot be signed this way. */
const PACKET_DATA_SIZE = 1232;
export const TEXT_TOO_LONG = "the text is too long to sign as a transaction: shorten the reason";

export type SignTransaction = <T extends Transaction>(transaction: T) => Promise<T>;

export interface MemoSignature {
  /** The transaction's signature (base58): what the request's signature field carries. */
  signature: string;
  /** The signed transaction, base64, for the server to check. */
  signedTransaction: string;
}

export function memoTransaction(publicKey: string, text: string): Transaction {
  const transaction = new Transaction({ feePayer: new PublicKey(publicKey), recentBlockhash: memoBlockhash(text) });
  // web3.js reads the data as bytes: a Uint8Array serves where its types say Buffer.
  const data = new TextEncoder().encode(text) as unknown as TransactionInstruction["data"];
  return transaction.add(new TransactionInstruction({ programId: new PublicKey(MEMO_PROGRAM_ID), keys: [], data }));
}

const base64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(""));

/** Has the wallet sign `text` as the memo of a transaction never sent; throws when it cannot be signed so. */
export async function signAsMemoTransaction(publicKey: string, text: string, signTransaction: SignTransaction): Promise<MemoSignature> {
  const transaction = memoTransaction(publicKey, text);
  // One signature (64 bytes and its count) before the message.
  if (transaction.serializeMessage().length + 65 > PACKET_DATA_SIZE) throw new Error(TEXT_TOO_LONG);
  const signed = await signTransaction(transaction);
  // serialize() verifies the signature is the fee payer's over what the wallet returned (the server checks the rest).
  const bytes = signed.serialize();
  if (!signed.signature) throw new Error("the wallet returned the transaction unsigned");
  return { signature: bs58.encode(signed.signature), signedTransaction: base64(bytes) };
}
