// A real ed25519 wallet key for the console tests, made with the browser's own WebCrypto: what it
// signs is a genuine signature the tests can check, as a wallet's would be.
import bs58 from "bs58";
import { vi } from "vitest";

export interface TestWalletKey {
  /** The public key, base58: the wallet's address. */
  address: string;
  /** The 64-byte secret key (seed then public key), base58, as a demo wallet hands it over. */
  secretKey: string;
  signMessage: ReturnType<typeof vi.fn<(message: Uint8Array) => Promise<Uint8Array>>>;
  /** Whether `signature` is this key's signature of `message`. */
  verifies(message: Uint8Array | string, signature: Uint8Array): Promise<boolean>;
}

const bytes = (text: string) => new TextEncoder().encode(text);
/** WebCrypto takes bytes backed by a plain ArrayBuffer: a copy guarantees it. */
const plain = (data: Uint8Array) => new Uint8Array(data);
const fromBase64Url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (char) => char.charCodeAt(0));

export async function makeWalletKey(): Promise<TestWalletKey> {
  const { publicKey, privateKey } = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const raw = new Uint8Array(await crypto.subtle.exportKey("raw", publicKey));
  const seed = fromBase64Url((await crypto.subtle.exportKey("jwk", privateKey)).d!);
  return {
    address: bs58.encode(raw),
    secretKey: bs58.encode(new Uint8Array([...seed, ...raw])),
    signMessage: vi.fn(async (message: Uint8Array) => new Uint8Array(await crypto.subtle.sign("Ed25519", privateKey, plain(message)))),
    verifies: (message, signature) =>
      crypto.subtle.verify("Ed25519", publicKey, plain(signature), typeof message === "string" ? bytes(message) : plain(message)),
  };
}
