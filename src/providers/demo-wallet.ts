// A Wallet Standard wallet backed by the keypair the reference server hands out in demo mode
// (GET /demo/wallet). Loaded on demand only when that call succeeds, so production bundles that never
// see a 200 never run this code. It signs without prompting: it is a local testing aid, nothing more.
import { ed25519 } from "@noble/curves/ed25519";
import type { SolanaSignInFeature, SolanaSignMessageFeature, SolanaSignTransactionFeature } from "@solana/wallet-standard-features";
import { createSignInMessageText } from "@solana/wallet-standard-util";
import type { Wallet, WalletAccount, WalletIcon } from "@wallet-standard/base";
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsFeature,
  StandardEventsListeners,
  StandardEventsNames,
} from "@wallet-standard/features";
import { ReadonlyWalletAccount, registerWallet } from "@wallet-standard/wallet";
import bs58 from "bs58";

/** The body of GET /demo/wallet. */
export interface DemoWalletKeypair {
  publicKey: string;
  /** base58 of the 64-byte ed25519 secret key (32-byte seed followed by the public key). */
  secretKey: string;
  label?: string;
}

/** The name when the server gives no label; its label wins so the server's start-up hint names this wallet. */
export const DEMO_WALLET_NAME = "Local Demo Wallet";
const NAME_MAX = 40;

function walletName(label: unknown): string {
  const text = typeof label === "string" ? label.replace(/\s+/g, " ").trim().slice(0, NAME_MAX) : "";
  return text || DEMO_WALLET_NAME;
}
export const DEMO_TX_UNSUPPORTED = "This transaction is not supported by the demo wallet.";

// Never mainnet: a key that the server prints for anyone to use must not hold real funds.
const DEMO_CHAINS = ["solana:devnet", "solana:testnet", "solana:localnet"] as const;

const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">' +
  '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">' +
  '<stop offset="0" stop-color="#9945FF"/><stop offset="1" stop-color="#14F195"/></linearGradient></defs>' +
  '<rect width="64" height="64" rx="14" fill="url(#g)"/>' +
  '<path d="M20 18h14a14 14 0 0 1 0 28H20z" fill="none" stroke="#fff" stroke-width="6" stroke-linejoin="round"/>' +
  "</svg>";
const ICON = `data:image/svg+xml;base64,${btoa(ICON_SVG)}` as WalletIcon;

type DemoFeatures = StandardConnectFeature &
  StandardDisconnectFeature &
  StandardEventsFeature &
  SolanaSignMessageFeature &
  SolanaSignTransactionFeature &
  SolanaSignInFeature;

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** Decodes and checks the server's keypair; throws when it is not a consistent ed25519 keypair. */
export function parseDemoKeypair(value: unknown): { seed: Uint8Array; publicKey: Uint8Array } {
  const body = (value ?? {}) as Partial<DemoWalletKeypair>;
  if (typeof body.secretKey !== "string" || typeof body.publicKey !== "string") {
    throw new Error("Demo wallet keypair is missing");
  }
  const secret = bs58.decode(body.secretKey);
  const publicKey = bs58.decode(body.publicKey);
  if (secret.length !== 64 || publicKey.length !== 32) throw new Error("Demo wallet keypair has the wrong size");
  const seed = secret.slice(0, 32);
  const derived = ed25519.getPublicKey(seed);
  if (!bytesEqual(derived, publicKey) || !bytesEqual(derived, secret.slice(32))) {
    throw new Error("Demo wallet keypair does not match its public key");
  }
  return { seed, publicKey };
}

function readShortVec(bytes: Uint8Array, offset: number): [value: number, next: number] {
  let value = 0;
  for (let size = 0; size < 3; size += 1) {
    const byte = bytes[offset + size];
    if (byte === undefined) break;
    value |= (byte & 0x7f) << (size * 7);
    if ((byte & 0x80) === 0) return [value, offset + size + 1];
  }
  throw new Error(DEMO_TX_UNSUPPORTED);
}

/**
 * Signs a serialized transaction (legacy or v0) in place of its signer slot for `publicKey`:
 * wire format = shortvec(signature count) ‖ signatures ‖ message, and the first `numRequiredSignatures`
 * account keys of the message are the signers, in signature order.
 */
export function signSerializedTransaction(transaction: Uint8Array, publicKey: Uint8Array, seed: Uint8Array): Uint8Array {
  const [signatureCount, signaturesStart] = readShortVec(transaction, 0);
  const messageStart = signaturesStart + signatureCount * 64;
  const message = transaction.subarray(messageStart);
  if (message.length < 4) throw new Error(DEMO_TX_UNSUPPORTED);
  let cursor = 0;
  const prefix = message[0];
  if (prefix & 0x80) {
    if ((prefix & 0x7f) !== 0) throw new Error(DEMO_TX_UNSUPPORTED); // only v0 is defined
    cursor = 1;
  }
  const requiredSignatures = message[cursor];
  const [keyCount, keysStart] = readShortVec(message, cursor + 3);
  if (requiredSignatures !== signatureCount || requiredSignatures > keyCount) {
    throw new Error(DEMO_TX_UNSUPPORTED);
  }
  if (keysStart + keyCount * 32 > message.length) throw new Error(DEMO_TX_UNSUPPORTED);
  let slot = -1;
  for (let i = 0; i < requiredSignatures; i += 1) {
    if (bytesEqual(message.subarray(keysStart + i * 32, keysStart + (i + 1) * 32), publicKey)) slot = i;
  }
  if (slot < 0) throw new Error("The demo wallet is not a signer of this transaction.");
  const signed = transaction.slice();
  signed.set(ed25519.sign(message, seed), signaturesStart + slot * 64);
  return signed;
}

export class DemoWallet implements Wallet {
  readonly version = "1.0.0" as const;
  readonly name: string;
  readonly icon = ICON;
  readonly chains = DEMO_CHAINS;
  readonly #account: WalletAccount;
  readonly #seed: Uint8Array;
  #connected = false;
  readonly #listeners: { [E in StandardEventsNames]?: Set<StandardEventsListeners[E]> } = {};

  constructor(keypair: DemoWalletKeypair) {
    const { seed, publicKey } = parseDemoKeypair(keypair);
    this.name = walletName(keypair.label);
    this.#seed = seed;
    this.#account = new ReadonlyWalletAccount({
      address: bs58.encode(publicKey),
      publicKey,
      chains: DEMO_CHAINS,
      features: ["solana:signMessage", "solana:signTransaction", "solana:signIn"],
      label: this.name,
    });
  }

  get accounts(): readonly WalletAccount[] {
    return this.#connected ? [this.#account] : [];
  }

  get features(): DemoFeatures {
    return {
      "standard:connect": { version: "1.0.0", connect: this.#connect },
      "standard:disconnect": { version: "1.0.0", disconnect: this.#disconnect },
      "standard:events": { version: "1.0.0", on: this.#on },
      "solana:signMessage": { version: "1.0.0", signMessage: this.#signMessage },
      "solana:signTransaction": {
        version: "1.0.0",
        supportedTransactionVersions: ["legacy", 0],
        signTransaction: this.#signTransaction,
      },
      "solana:signIn": { version: "1.0.0", signIn: this.#signIn },
    };
  }

  #emit(properties: { accounts: readonly WalletAccount[] }) {
    this.#listeners.change?.forEach((listener) => listener(properties));
  }

  #on: StandardEventsFeature["standard:events"]["on"] = (event, listener) => {
    const set = (this.#listeners[event] ??= new Set());
    set.add(listener);
    return () => set.delete(listener);
  };

  #connect: StandardConnectFeature["standard:connect"]["connect"] = async () => {
    if (!this.#connected) {
      this.#connected = true;
      this.#emit({ accounts: this.accounts });
    }
    return { accounts: this.accounts };
  };

  #disconnect: StandardDisconnectFeature["standard:disconnect"]["disconnect"] = async () => {
    if (this.#connected) {
      this.#connected = false;
      this.#emit({ accounts: this.accounts });
    }
  };

  #assertAccount(account: WalletAccount) {
    if (!this.#connected) throw new Error("The demo wallet is not connected.");
    if (account.address !== this.#account.address) throw new Error("Unknown demo wallet account.");
  }

  #signMessage: SolanaSignMessageFeature["solana:signMessage"]["signMessage"] = async (...inputs) =>
    inputs.map(({ account, message }) => {
      this.#assertAccount(account);
      return { signedMessage: message, signature: ed25519.sign(message, this.#seed) };
    });

  // Connects and signs in one step, writing the text from the app's input as a wallet must: the domain
  // and address it leaves out are this page's and this account's, and nothing else is added.
  #signIn: SolanaSignInFeature["solana:signIn"]["signIn"] = async (...inputs) => {
    await this.#connect();
    return inputs.map((input) => {
      const text = createSignInMessageText({ ...input, domain: input.domain ?? window.location.host, address: this.#account.address });
      const signedMessage = new TextEncoder().encode(text);
      return { account: this.#account, signedMessage, signature: ed25519.sign(signedMessage, this.#seed), signatureType: "ed25519" };
    });
  };

  #signTransaction: SolanaSignTransactionFeature["solana:signTransaction"]["signTransaction"] = async (...inputs) =>
    inputs.map(({ account, transaction }) => {
      this.#assertAccount(account);
      return {
        signedTransaction: signSerializedTransaction(transaction, this.#account.publicKey as Uint8Array, this.#seed),
      };
    });
}

/** Registers the demo wallet with every Wallet Standard app on the page (the wallet adapter included). */
export function registerDemoWallet(keypair: DemoWalletKeypair): DemoWallet {
  const wallet = new DemoWallet(keypair);
  registerWallet(wallet);
  return wallet;
}
