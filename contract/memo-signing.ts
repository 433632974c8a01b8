// Hardware wallets (beyond the core API): a wallet that signs transactions but not messages (a Ledger
// through most wallets) signs the server's text as the one SPL Memo instruction of a transaction that
// is never sent. Console and server build and check that transaction by these rules, declared once.
//
// The transaction's recentBlockhash is not a blockhash at all: it is memoBlockhash(text), a value
// derived from the text. No validator knows it, so the signed transaction can never land on chain
// (nor can one that did land be passed off as a signature: the server refuses any other blockhash).
import { sha256 } from "@noble/hashes/sha2";
import bs58 from "bs58";

/** The SPL Memo program (v2): the transaction's only instruction is a memo carrying the exact text. */
export const MEMO_PROGRAM_ID = "MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr";

/** What the text is prefixed with before hashing into the blockhash: the value means nothing else anywhere. */
export const MEMO_BLOCKHASH_PREFIX = "marketplace-admin: a transaction signed for this text, never to be sent\n";

/** The recentBlockhash a memo-signed transaction over `text` must carry: base58(sha256(prefix + text)). */
export function memoBlockhash(text: string): string {
  return bs58.encode(sha256(new TextEncoder().encode(MEMO_BLOCKHASH_PREFIX + text)));
}

/** The longest signed transaction a request may carry (base64 of Solana's 1232-byte packet, with room). */
export const SIGNED_TRANSACTION_MAX = 2048;
