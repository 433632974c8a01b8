// Ed25519 signature checks with node:crypto: no dependency, and it rejects malleated (S >= L)
// signatures that tweetnacl accepts. Verified over the exact UTF-8 bytes of the stored message.
import { createPublicKey, verify } from "node:crypto";
import { decodeBase58 } from "./base58.ts";

// The eight small-order points of edwards25519 (RFC 8032 encodings). For these keys a forged
// signature (R = identity, S = 0) verifies for many messages, so they can never prove anything.
const SMALL_ORDER_KEYS = new Set([
  "0100000000000000000000000000000000000000000000000000000000000000",
  "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
  "0000000000000000000000000000000000000000000000000000000000000000",
  "0000000000000000000000000000000000000000000000000000000000000080",
  "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
  "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",
  "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
  "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
  // The same points with the sign bit flipped, which some decoders accept.
  "0100000000000000000000000000000000000000000000000000000000000080",
  "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
]);

export function isSmallOrderKey(key: Uint8Array): boolean {
  return SMALL_ORDER_KEYS.has(Buffer.from(key).toString("hex"));
}

/** True only for a 64-byte base58 signature by the 32-byte base58 key over `message` (UTF-8). */
export function verifySolanaSignature(publicKey: string, signature: string, message: string): boolean {
  const key = decodeBase58(publicKey);
  const sig = decodeBase58(signature);
  if (!key || !sig || typeof message !== "string") return false;
  return verifyEd25519(key, sig, Buffer.from(message, "utf8"));
}

/** True only for a 64-byte signature by the 32-byte key over these exact bytes (a transaction's message). */
export function verifyEd25519(key: Uint8Array, sig: Uint8Array, message: Uint8Array): boolean {
  if (key.length !== 32 || sig.length !== 64 || isSmallOrderKey(key)) return false;
  try {
    const jwk = { kty: "OKP", crv: "Ed25519", x: Buffer.from(key).toString("base64url") };
    return verify(null, message, createPublicKey({ key: jwk, format: "jwk" }), sig);
  } catch {
    return false;
  }
}
