// A throwaway admin keypair for trying the console locally without a browser wallet. It is kept in
// the data folder (mode 0600) and handed to the console only on loopback outside production.
import { generateKeyPairSync } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { decodeBase58, encodeBase58 } from "./auth/base58.ts";

export interface DemoWallet {
  publicKey: string;
  /** Solana's 64-byte secret key layout (seed ‖ public key), base58. */
  secretKey: string;
  label: string;
}

export const DEMO_WALLET_LABEL = "Local demo admin wallet";
export const DEMO_WALLET_FILE = "demo-wallet.json";

export function generateDemoWallet(): DemoWallet {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const pub = Buffer.from(publicKey.export({ format: "jwk" }).x ?? "", "base64url");
  const seed = Buffer.from(privateKey.export({ format: "jwk" }).d ?? "", "base64url");
  return {
    publicKey: encodeBase58(pub),
    secretKey: encodeBase58(Buffer.concat([seed, pub])),
    label: DEMO_WALLET_LABEL,
  };
}

function isUsable(w: Partial<DemoWallet> | null): w is DemoWallet {
  const secret = decodeBase58(w?.secretKey);
  const pub = decodeBase58(w?.publicKey);
  return !!secret && !!pub && secret.length === 64 && pub.length === 32 && Buffer.from(secret.subarray(32)).equals(Buffer.from(pub));
}

export function loadOrCreateDemoWallet(dataDir: string): DemoWallet {
  const file = join(dataDir, DEMO_WALLET_FILE);
  if (existsSync(file)) {
    let stored: Partial<DemoWallet> | null = null;
    try {
      stored = JSON.parse(readFileSync(file, "utf8")) as Partial<DemoWallet>;
    } catch {
      stored = null;
    }
    if (isUsable(stored)) return { publicKey: stored.publicKey, secretKey: stored.secretKey, label: DEMO_WALLET_LABEL };
  }
  mkdirSync(dataDir, { recursive: true });
  const wallet = generateDemoWallet();
  writeFileSync(file, JSON.stringify(wallet, null, 2) + "\n", { mode: 0o600 });
  chmodSync(file, 0o600);
  return wallet;
}
