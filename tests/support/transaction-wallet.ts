// A Wallet Standard wallet that signs transactions and nothing else, as a Ledger does through most
// wallets: no solana:signMessage, no solana:signIn. It signs with a real key (ed25519.ts), so what it
// returns is a genuine signature over the transaction's message.
import type { Wallet } from "@wallet-standard/base";
import bs58 from "bs58";
import type { TestWalletKey } from "./ed25519";

export interface TransactionOnlyWallet extends Wallet {
  /** Every transaction it signed, as signed (wire bytes). */
  signed: Uint8Array[];
}

/** The wallet's signature slot is the first: one signature (count 1), then the message from byte 65. */
async function signWire(transaction: Uint8Array, key: TestWalletKey): Promise<Uint8Array> {
  if (transaction[0] !== 1) throw new Error("The test wallet signs transactions with one signer only.");
  const signed = transaction.slice();
  signed.set(await key.signMessage(transaction.subarray(65)), 1);
  return signed;
}

/** `hold`: what each signature waits for first (an admin reading the wallet's screen). */
export function transactionOnlyWallet(
  name: string,
  key: TestWalletKey,
  hold: () => Promise<void> = async () => undefined,
): TransactionOnlyWallet {
  const account = {
    address: key.address,
    publicKey: bs58.decode(key.address),
    chains: ["solana:devnet", "solana:localnet", "solana:mainnet"] as const,
    features: ["solana:signTransaction"] as const,
  };
  let accounts: (typeof account)[] = [];
  const listeners = new Set<(change: { accounts: (typeof account)[] }) => void>();
  const signed: Uint8Array[] = [];
  return {
    version: "1.0.0",
    name,
    icon: "data:image/svg+xml;base64,PHN2Zy8+",
    chains: account.chains,
    get accounts() {
      return accounts;
    },
    signed,
    features: {
      "standard:connect": {
        version: "1.0.0",
        connect: async () => {
          accounts = [account];
          listeners.forEach((listener) => listener({ accounts }));
          return { accounts };
        },
      },
      "standard:events": {
        version: "1.0.0",
        on: (_event: string, listener: (change: { accounts: (typeof account)[] }) => void) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      },
      "solana:signTransaction": {
        version: "1.0.0",
        supportedTransactionVersions: ["legacy", 0],
        signTransaction: async (...inputs: { transaction: Uint8Array }[]) =>
          Promise.all(
            inputs.map(async ({ transaction }) => {
              await hold();
              const signedTransaction = await signWire(transaction, key);
              signed.push(signedTransaction);
              return { signedTransaction };
            }),
          ),
      },
    },
  };
}
