// A Wallet Standard wallet injected into the page before the console loads, the way a browser
// extension would: it announces itself with the `wallet-standard:register-wallet` event and signs
// with WebCrypto Ed25519, so the server checks a real signature made by a real key. Asked to, it also
// offers `solana:signIn` (connect and sign in one step), writing the text from the app's input with
// the reference builder of @solana/wallet-standard-util, as wallets do. Asked to, it signs only
// transactions, as a Ledger does through most wallets (no `solana:signMessage`): it signs the message
// of the transaction it is handed, where its key is the one signer.
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import { createSignInMessageText } from "@solana/wallet-standard-util";
import bs58 from "bs58";

export interface TestWallet {
  name: string;
  address: string;
  privateKey: KeyObject;
  /** The script to hand to page.addInitScript. */
  initScript: string;
}

export interface TestWalletOptions {
  /** Offer `solana:signIn` besides `solana:signMessage` (default: no, as many wallets). */
  signIn?: boolean;
  /** Derive the key from this text instead of drawing it: the same wallet, address included, every run. */
  seed?: string;
  /** Sign transactions only: no `solana:signMessage` (a hardware wallet; default: no). */
  transactionsOnly?: boolean;
}

export function createTestWallet(name: string, { signIn = false, seed, transactionsOnly = false }: TestWalletOptions = {}): TestWallet {
  const { publicKey, privateKey } = seed === undefined ? generateKeyPairSync("ed25519") : keyPairFromSeed(seed);
  const jwk = privateKey.export({ format: "jwk" }) as { d: string; x: string };
  const address = bs58.encode(Buffer.from(publicKey.export({ format: "jwk" }).x as string, "base64url"));
  return { name, address, privateKey, initScript: buildInitScript(name, address, jwk, signIn, transactionsOnly) };
}

/** The Ed25519 key pair whose 32-byte secret seed is the SHA-256 of `text`. */
export function keyPairFromSeed(text: string): { publicKey: KeyObject; privateKey: KeyObject } {
  // PKCS#8 wraps an Ed25519 seed behind this fixed 16-byte header (RFC 8410).
  const header = Buffer.from("302e020100300506032b657004220420", "hex");
  const privateKey = createPrivateKey({
    key: Buffer.concat([header, createHash("sha256").update(text).digest()]),
    format: "der",
    type: "pkcs8",
  });
  return { publicKey: createPublicKey(privateKey), privateKey };
}

function buildInitScript(
  name: string,
  address: string,
  jwk: { d: string; x: string },
  offersSignIn: boolean,
  transactionsOnly: boolean,
): string {
  const config = JSON.stringify({ name, address, jwk, offersSignIn, transactionsOnly });
  return `(() => {
    const { name, address, jwk, offersSignIn, transactionsOnly } = ${config};
    const createSignInMessageText = ${createSignInMessageText.toString()};
    const fromB64url = (s) => Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((s.length + 3) % 4)), (c) => c.charCodeAt(0));
    const publicKey = fromB64url(jwk.x);
    const chains = ["solana:devnet", "solana:mainnet", "solana:testnet", "solana:localnet"];
    const accountFeatures = [...(transactionsOnly ? [] : ["solana:signMessage"]), "solana:signTransaction", ...(offersSignIn ? ["solana:signIn"] : [])];
    const account = Object.freeze({ address, publicKey, chains, features: accountFeatures });
    const keyPromise = crypto.subtle.importKey("jwk", { kty: "OKP", crv: "Ed25519", d: jwk.d, x: jwk.x }, { name: "Ed25519" }, false, ["sign"]);
    const sign = async (bytes) => new Uint8Array(await crypto.subtle.sign({ name: "Ed25519" }, await keyPromise, bytes));
    const listeners = { change: new Set() };
    let accounts = [];
    const emit = () => listeners.change.forEach((fn) => fn({ accounts }));
    window.__testWallet = { signed: 0, signedIn: 0, signedTransactions: 0, rejectNext: false };
    // A one-signer transaction (signature count 1, its 64 bytes, then the message) whose fee payer is this key.
    const signTransaction = async (...inputs) => {
      rejectIfAsked();
      const out = [];
      for (const { transaction } of inputs) {
        const message = transaction.subarray(65);
        const payer = message.subarray(message[0] & 0x80 ? 5 : 4, (message[0] & 0x80 ? 5 : 4) + 32);
        if (transaction[0] !== 1 || payer.some((byte, i) => byte !== publicKey[i])) throw new Error("The test wallet signs only its own one-signer transactions.");
        const signedTransaction = transaction.slice();
        signedTransaction.set(await sign(message), 1);
        out.push({ signedTransaction });
      }
      window.__testWallet.signedTransactions += 1;
      return out;
    };
    const connect = async () => { accounts = [account]; emit(); return { accounts }; };
    const rejectIfAsked = () => { if (window.__testWallet.rejectNext) { window.__testWallet.rejectNext = false; throw new Error("User rejected the request."); } };
    const signInFeature = { "solana:signIn": { version: "1.0.0", signIn: async (...inputs) => {
      rejectIfAsked();
      await connect();
      const out = [];
      for (const input of inputs) {
        const signedMessage = new TextEncoder().encode(createSignInMessageText({ ...input, domain: input.domain ?? location.host, address }));
        out.push({ account, signedMessage, signature: await sign(signedMessage), signatureType: "ed25519" });
      }
      window.__testWallet.signedIn += 1;
      return out;
    } } };
    const wallet = {
      version: "1.0.0",
      name,
      icon: "data:image/svg+xml;base64," + btoa('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#512da8"/></svg>'),
      chains,
      get accounts() { return accounts; },
      features: {
        "standard:connect": { version: "1.0.0", connect },
        "standard:disconnect": { version: "1.0.0", disconnect: async () => { accounts = []; emit(); } },
        "standard:events": { version: "1.0.0", on: (event, fn) => { listeners[event]?.add(fn); return () => listeners[event]?.delete(fn); } },
        ...(transactionsOnly ? {} : { "solana:signMessage": { version: "1.0.0", signMessage: async (...inputs) => {
          rejectIfAsked();
          const out = [];
          for (const input of inputs) { out.push({ signedMessage: input.message, signature: await sign(input.message) }); }
          window.__testWallet.signed += 1;
          return out;
        } } }),
        "solana:signTransaction": { version: "1.0.0", supportedTransactionVersions: ["legacy", 0], signTransaction: transactionsOnly ? signTransaction : async () => { throw new Error("The test wallet does not sign transactions."); } },
        ...(offersSignIn ? signInFeature : {}),
      },
    };
    const callback = ({ register }) => register(wallet);
    class RegisterWalletEvent extends Event {
      constructor() { super("wallet-standard:register-wallet", { bubbles: false, cancelable: false, composed: false }); }
      get detail() { return callback; }
      get type() { return "wallet-standard:register-wallet"; }
    }
    window.addEventListener("wallet-standard:app-ready", ({ detail }) => callback(detail));
    const announce = () => window.dispatchEvent(new RegisterWalletEvent());
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", announce); else announce();
  })();`;
}
