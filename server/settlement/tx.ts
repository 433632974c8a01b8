// Compiles and signs v0 transactions. Signing goes through Node's native ed25519 instead of
// web3.js's pure-JS one: it is the largest single cost of a settlement, and the bytes are identical
// (ed25519 signatures are deterministic).
import { createPrivateKey, sign, type KeyObject } from "node:crypto";
import { Keypair, PublicKey, TransactionInstruction, TransactionMessage, VersionedTransaction } from "@solana/web3.js";
import bs58 from "bs58";

// PKCS#8 wrapping of a raw 32-byte ed25519 seed (RFC 8410).
const PKCS8_ED25519_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");
const keyObjects = new WeakMap<Keypair, KeyObject>();

function keyObjectOf(keypair: Keypair): KeyObject {
  let key = keyObjects.get(keypair);
  if (!key) {
    const seed = keypair.secretKey.subarray(0, 32);
    key = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: "der", type: "pkcs8" });
    keyObjects.set(keypair, key);
  }
  return key;
}

export function signBytes(message: Uint8Array, keypair: Keypair): Uint8Array {
  return new Uint8Array(sign(null, message, keyObjectOf(keypair)));
}

/** A signed v0 transaction; the first signer is the fee payer. */
export function buildTransaction(
  instructions: readonly TransactionInstruction[],
  signers: readonly Keypair[],
  recentBlockhash: string,
): VersionedTransaction {
  const [payer] = signers;
  if (!payer) throw new Error("A transaction needs at least one signer (the fee payer)");
  const message = new TransactionMessage({
    payerKey: payer.publicKey,
    recentBlockhash,
    instructions: [...instructions],
  }).compileToV0Message();
  const tx = new VersionedTransaction(message);
  const bytes = message.serialize();
  for (const signer of signers) tx.addSignature(signer.publicKey, signBytes(bytes, signer));
  return tx;
}

/** The transaction id: its fee payer's signature, known before anything is sent. */
export function signatureOf(tx: VersionedTransaction): string {
  const first = tx.signatures[0];
  if (!first) throw new Error("Unsigned transaction");
  return bs58.encode(first);
}

export function toPublicKey(value: PublicKey | string): PublicKey {
  return typeof value === "string" ? new PublicKey(value) : value;
}
