// Signatures by wallets that sign transactions but not messages (hardware wallets): the wallet signs a
// transaction whose only instruction is an SPL Memo carrying the server's exact text, and which is
// never sent. What it proves is checked here, with nothing trusted but the key:
// - one signature, by the fee payer, which is the signing key;
// - exactly one instruction, the Memo program's, its data the text byte for byte, no other account;
// - the recentBlockhash is memoBlockhash(text) (contract/memo-signing.ts): a value no validator ever
//   issued, so this transaction can never land on chain, and a transaction that did land (a real
//   blockhash) is refused whatever it carries;
// - the Ed25519 signature over the serialized transaction message verifies.
import { VersionedTransaction } from "@solana/web3.js";
import bs58 from "bs58";
import { MEMO_PROGRAM_ID, memoBlockhash } from "../../contract/index.ts";
import { verifyEd25519 } from "./signature.ts";

/** Why `signedTransaction` (base64) is not `publicKey`'s signature over `text`, or null when it is. */
export function memoTransactionProblem(publicKey: string, signedTransaction: string, text: string): string | null {
  let tx: VersionedTransaction;
  try {
    tx = VersionedTransaction.deserialize(Buffer.from(signedTransaction, "base64"));
  } catch {
    return "not a transaction";
  }
  const { message } = tx;
  const keys = message.staticAccountKeys.map((key) => key.toBase58());
  if (message.addressTableLookups.length > 0) return "the transaction looks up other accounts";
  if (message.header.numRequiredSignatures !== 1 || tx.signatures.length !== 1) return "the transaction has other signers";
  if (keys[0] !== publicKey) return "the fee payer is not the signing key";
  if (message.compiledInstructions.length !== 1) return "the transaction has other instructions than the memo";
  const [memo] = message.compiledInstructions;
  if (keys[memo.programIdIndex] !== MEMO_PROGRAM_ID) return "the instruction is not a memo";
  if (memo.accountKeyIndexes.some((index) => index !== 0)) return "the memo names other accounts";
  if (keys.some((key, index) => index > 0 && key !== MEMO_PROGRAM_ID)) return "the transaction names other accounts";
  if (!Buffer.from(memo.data).equals(Buffer.from(text, "utf8"))) return "the memo is not the issued text";
  if (message.recentBlockhash !== memoBlockhash(text)) return "the blockhash is not the one derived from the text";
  if (!verifyEd25519(bs58.decode(publicKey), tx.signatures[0], message.serialize())) return "bad signature";
  return null;
}

/** The transaction's signature (base58), as a signature field carries it; null when it has none. */
export function memoTransactionSignature(signedTransaction: string): string | null {
  try {
    const [signature] = VersionedTransaction.deserialize(Buffer.from(signedTransaction, "base64")).signatures;
    return signature ? bs58.encode(signature) : null;
  } catch {
    return null;
  }
}
