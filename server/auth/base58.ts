import bs58 from "bs58";

/** Longest base58 text we decode: 64 bytes need at most 88 characters; longer input is refused unread. */
const MAX_BASE58_LENGTH = 100;

/** Decodes base58, or null for anything else (empty, too long, characters such as 0 O I l + / =). */
export function decodeBase58(text: unknown): Uint8Array | null {
  if (typeof text !== "string" || text.length === 0 || text.length > MAX_BASE58_LENGTH) return null;
  try {
    return bs58.decode(text);
  } catch {
    return null;
  }
}

export const encodeBase58 = (bytes: Uint8Array): string => bs58.encode(bytes);

/** A base58 string that decodes to exactly 32 bytes: the shape of a Solana address. */
export function isPublicKey(text: unknown): text is string {
  return decodeBase58(text)?.length === 32;
}
