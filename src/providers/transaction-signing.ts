// Hardware wallets (beyond the core API): a wallet that signs transactions but not messages (a Ledger
// through most wallets) signs the server's text as the one memo of a transaction that is never sent
// (contract/memo-signing.ts). Which way a signature goes, and the admin's own choice of it, made on the
// sign-in screen and kept for their decisions. The transaction itself is built where web3.js already
// loads (memo-transaction.ts).
import { STORAGE_KEYS } from "@/config";

export const SIGN_WITH_TRANSACTION = "Sign with a transaction (hardware wallet)";
export const NEVER_SENT = "Your wallet signs a transaction that is never sent.";

export type SigningPath = "message" | "transaction";

interface Signers {
  signMessage?: unknown;
  signTransaction?: unknown;
}

/**
 * How a wallet signs the server's text: as a message when it can and the admin did not choose
 * otherwise; as a never-sent transaction when it cannot sign messages or the admin chose it;
 * null when it can do neither.
 */
export function signingPath(wallet: Signers, chosen: boolean): SigningPath | null {
  const canMessage = typeof wallet.signMessage === "function";
  const canTransaction = typeof wallet.signTransaction === "function";
  if (canTransaction && (chosen || !canMessage)) return "transaction";
  return canMessage ? "message" : null;
}

/** Whether the admin chose to sign with a transaction (kept in this browser). */
export function chosenTransactionSigning(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.signWithTransaction) === "1";
  } catch {
    return false;
  }
}

export function chooseTransactionSigning(chosen: boolean): void {
  try {
    if (chosen) localStorage.setItem(STORAGE_KEYS.signWithTransaction, "1");
    else localStorage.removeItem(STORAGE_KEYS.signWithTransaction);
  } catch {
    // Storage refused (private mode): the choice holds for this page only.
  }
}
