// Beyond the core API: the admin's wallet signs a dispute decision before it is sent, whenever the
// API offers it (POST /admin/orders/{id}/resolve-dispute/decision writes the decision in words, with
// the amounts and a nonce). An API without the call (404) is remembered, and resolutions go unsigned,
// as the core API has them. The wallet must be the one signed in with: the server verifies against
// the session's. A wallet that signs transactions but not messages (a hardware wallet), or an admin who
// chose it at sign-in, signs the text as the memo of a transaction never sent (transaction-signing.ts).
import { useState } from "react";
import bs58 from "bs58";
import { useCustomMutation } from "@refinedev/core";
import type { DecisionChallenge, ResolveDisputeRequest, SignedDecision } from "@contract";
import { authStore } from "@/providers/auth-store";
import { endpoints } from "@/providers/endpoints";
import type { ApiHttpError } from "@/providers/http";
import { useKnownMissing, useRememberMissing } from "@/providers/query-policy";
import { chosenTransactionSigning, signingPath } from "@/providers/transaction-signing";
import { useWalletAdapter, walletErrorMessage } from "@/providers/wallet";
import { shortWallet } from "@/utils/format";

const CALL = "resolveDisputeDecision";
const NOT_SENT = "The decision was not signed, so nothing was sent";

/** Why a decision could not be signed, in words for the form; nothing was sent. */
export class DecisionNotSigned extends Error {}

/** signingTransaction: the wallet is asked to sign the text as a never-sent transaction (a hardware wallet). */
export type SigningStage = "idle" | "writing" | "signing" | "signingTransaction";

/** What the admin is told while a decision is on its way to being signed, wherever it is signed. */
export const SIGNING_TEXT: Record<Exclude<SigningStage, "idle">, string> = {
  writing: "Preparing the decision...",
  signing: "Waiting for your wallet...",
  signingTransaction: "Signing a never-sent transaction...",
};

type WalletSignature = Omit<SignedDecision, "nonce">;

export interface DecisionSigner {
  stage: SigningStage;
  /**
   * The signature for `body` about `forOrder` (the hook's order unless given: the Settlements screen
   * signs approvals of any order), or undefined when the API takes unsigned resolutions only.
   */
  sign: (body: ResolveDisputeRequest, forOrder?: string) => Promise<SignedDecision | undefined>;
}

export function useDecisionSigner(orderId = ""): DecisionSigner {
  const missing = useKnownMissing(CALL);
  // Loads the adapter as the signing screen opens; a signature waits for it and the remembered wallet.
  const walletReady = useWalletAdapter();
  const { mutation, mutateAsync } = useCustomMutation<DecisionChallenge, ApiHttpError, ResolveDisputeRequest>();
  useRememberMissing(CALL, mutation.error);
  const [stage, setStage] = useState<SigningStage>("idle");

  const write = async (body: ResolveDisputeRequest, forOrder: string) => {
    try {
      const response = await mutateAsync({
        url: endpoints.resolveDisputeDecision(forOrder),
        method: "post",
        values: body,
        successNotification: false,
        errorNotification: false,
      });
      return response.data;
    } catch (error) {
      const failure = error as ApiHttpError;
      // Read as the API lacking the call, like every call beyond the core API (query-policy.ts); an
      // order that is really gone is then said so by the resolve itself.
      if (failure.statusCode === 404) return undefined;
      throw new DecisionNotSigned(`${NOT_SENT}: ${failure.serverMessage ?? failure.message}`);
    }
  };

  const signWithWallet = async (message: string): Promise<WalletSignature> => {
    const { wallet, modal } = await walletReady();
    const adapter = wallet.wallet?.adapter;
    if (!adapter) {
      modal.setVisible(true);
      throw new DecisionNotSigned(`${NOT_SENT}: choose your wallet in the window that opened, then resolve again`);
    }
    try {
      if (!adapter.connected) await adapter.connect();
      const signedIn = authStore.get().user?.publicKey;
      if (signedIn && adapter.publicKey?.toBase58() !== signedIn) {
        throw new DecisionNotSigned(`${NOT_SENT}: sign with the wallet you signed in with (${shortWallet(signedIn)})`);
      }
      const signMessage = "signMessage" in adapter ? adapter.signMessage.bind(adapter) : undefined;
      const signTransaction = "signTransaction" in adapter ? adapter.signTransaction.bind(adapter) : undefined;
      const path = signingPath({ signMessage, signTransaction }, chosenTransactionSigning());
      const key = adapter.publicKey?.toBase58();
      if (path === "transaction" && signTransaction && key) {
        setStage("signingTransaction");
        const { signAsMemoTransaction } = await import("@/providers/memo-transaction");
        return await signAsMemoTransaction(key, message, signTransaction);
      }
      if (!signMessage) throw new DecisionNotSigned(`${NOT_SENT}: this wallet cannot sign messages`);
      return { signature: bs58.encode(await signMessage(new TextEncoder().encode(message))) };
    } catch (error) {
      if (error instanceof DecisionNotSigned) throw error;
      throw new DecisionNotSigned(`${NOT_SENT}: ${walletErrorMessage(error as Error)}`);
    }
  };

  const sign = async (body: ResolveDisputeRequest, forOrder = orderId) => {
    if (missing) return undefined;
    try {
      setStage("writing");
      const challenge = await write(body, forOrder);
      if (!challenge) return undefined;
      setStage("signing");
      return { nonce: challenge.nonce, ...(await signWithWallet(challenge.message)) };
    } finally {
      setStage("idle");
    }
  };

  return { stage, sign };
}
