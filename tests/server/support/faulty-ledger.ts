// A test port over the chain backend's ledger that misbehaves on demand, so the settlement queue can
// be shown to pay once whatever the chain does: time out once (the transaction held back, never
// delivered), drop a confirmation (it lands, the answer is lost), fail once (the chain refuses it),
// and a blockhash that stays valid until expireBlockhash() (an in-process one expires at once).
import { vi } from "vitest";
import type { VersionedTransaction } from "@solana/web3.js";
import { chainFailed, outcomeUnknown, type Ledger } from "../../../server/settlement/index.ts";
import { signatureOf } from "../../../server/settlement/tx.ts";

const TIMEOUT = "no confirmation within 60000 ms";

export interface FaultyLedger {
  /** The next submission is signed (its hook runs) but held back, and answers "outcome unknown". */
  timeOutOnce(): void;
  /** The next submission lands, but its confirmation is lost ("outcome unknown"). */
  dropConfirmationOnce(): void;
  /** The next submission is signed and refused by the chain, never executed. */
  failOnce(message?: string): void;
  /** From now on, a signed transaction may still land until expireBlockhash(). */
  holdBlockhash(): void;
  expireBlockhash(): void;
  /** Transactions that reached the chain (executed, landed or failed there), by signature. */
  readonly delivered: string[];
  /** Every transaction held back by timeOutOnce, to deliver late. */
  readonly held: VersionedTransaction[];
  /** Sends a held transaction now (a late arrival). */
  deliverLate(tx: VersionedTransaction): Promise<string>;
}

export function faultyLedger(ledger: Ledger): FaultyLedger {
  const submit = ledger.submit.bind(ledger);
  const canStillLand = ledger.canStillLand.bind(ledger);
  const delivered: string[] = [];
  const held: VersionedTransaction[] = [];
  let next: "timeout" | "drop" | "fail" | null = null;
  let failure = "";
  let blockhash: "chain" | "held" | "expired" = "chain";

  vi.spyOn(ledger, "submit").mockImplementation(async (build) => {
    const fault = next;
    next = null;
    if (fault === "timeout" || fault === "fail") {
      const tx = await build(await ledger.latestBlockhash());
      if (fault === "fail") throw chainFailed(failure, [], signatureOf(tx));
      held.push(tx);
      throw outcomeUnknown(signatureOf(tx), TIMEOUT);
    }
    const signature = await submit(async (lifetime) => {
      const tx = await build(lifetime);
      delivered.push(signatureOf(tx));
      return tx;
    });
    if (fault === "drop") throw outcomeUnknown(signature, TIMEOUT);
    return signature;
  });
  vi.spyOn(ledger, "canStillLand").mockImplementation(async (height) =>
    blockhash === "chain" ? canStillLand(height) : blockhash === "held",
  );

  return {
    timeOutOnce: () => void (next = "timeout"),
    dropConfirmationOnce: () => void (next = "drop"),
    failOnce: (message = "Transaction failed: injected") => {
      next = "fail";
      failure = message;
    },
    holdBlockhash: () => void (blockhash = "held"),
    expireBlockhash: () => void (blockhash = "expired"),
    delivered,
    held,
    deliverLate: (tx) =>
      submit(async () => {
        delivered.push(signatureOf(tx));
        return tx;
      }),
  };
}
