// Hardware wallets: which way the server's text is signed (a message, or the memo of a transaction
// never sent), the admin's remembered choice, and the transaction the console builds for it.
import { Transaction } from "@solana/web3.js";
import bs58 from "bs58";
import { describe, expect, it, vi } from "vitest";
import { MEMO_PROGRAM_ID, memoBlockhash } from "@contract";
import { signAsMemoTransaction, TEXT_TOO_LONG, type SignTransaction } from "@/providers/memo-transaction";
import { chooseTransactionSigning, chosenTransactionSigning, signingPath } from "@/providers/transaction-signing";
import { makeWalletKey } from "../support/ed25519";

const sign = async () => new Uint8Array(64);

describe("signingPath", () => {
  it("signs a message when the wallet can, and the admin did not choose the transaction", () => {
    expect(signingPath({ signMessage: sign, signTransaction: sign }, false)).toBe("message");
    expect(signingPath({ signMessage: sign }, true)).toBe("message");
  });

  it("signs a transaction when the wallet has no signMessage, or when the admin chose it", () => {
    expect(signingPath({ signMessage: undefined, signTransaction: sign }, false)).toBe("transaction");
    expect(signingPath({ signMessage: sign, signTransaction: sign }, true)).toBe("transaction");
  });

  it("has no way for a wallet that signs neither", () => {
    expect(signingPath({}, false)).toBeNull();
    expect(signingPath({}, true)).toBeNull();
  });

  it("remembers the admin's choice in this browser until it is taken back", () => {
    expect(chosenTransactionSigning()).toBe(false);
    chooseTransactionSigning(true);
    expect(chosenTransactionSigning()).toBe(true);
    chooseTransactionSigning(false);
    expect(chosenTransactionSigning()).toBe(false);
  });
});

describe("signAsMemoTransaction", () => {
  it("has the wallet sign the text as the only memo of a transaction it pays, with the blockhash derived from the text", async () => {
    const key = await makeWalletKey();
    const text = "localhost wants you to sign in with your Solana account:\nNonce: 1";
    const signTransaction: SignTransaction = async (transaction) => {
      transaction.addSignature(transaction.feePayer!, (await key.signMessage(transaction.serializeMessage())) as never);
      return transaction;
    };
    const signed = await signAsMemoTransaction(key.address, text, signTransaction);

    const transaction = Transaction.from(Uint8Array.from(atob(signed.signedTransaction), (char) => char.charCodeAt(0)));
    expect(transaction.recentBlockhash).toBe(memoBlockhash(text));
    expect(transaction.feePayer?.toBase58()).toBe(key.address);
    expect(transaction.instructions.map((i) => [i.programId.toBase58(), i.keys, new TextDecoder().decode(i.data)])).toEqual([
      [MEMO_PROGRAM_ID, [], text],
    ]);
    expect(signed.signature).toBe(bs58.encode(transaction.signature!));
    expect(await key.verifies(transaction.serializeMessage(), transaction.signature!)).toBe(true);
  });

  it("refuses, before asking the wallet, a text too long for one transaction", async () => {
    const key = await makeWalletKey();
    const signTransaction = vi.fn();
    await expect(signAsMemoTransaction(key.address, "x".repeat(1200), signTransaction)).rejects.toThrow(TEXT_TOO_LONG);
    expect(signTransaction).not.toHaveBeenCalled();
  });
});
