// The login page: sign-in starts by itself once a wallet is connected, and an admin already signed in
// goes straight on. This route must stay small (no antd): plain markup and CSS only.
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { useGo, useInvalidateAuthStore, useLogin, useParsed } from "@refinedev/core";
import { useWallet, WalletContext } from "@solana/wallet-adapter-react";
import { WalletMultiButton } from "@solana/wallet-adapter-react-ui";
import { APP_TITLE } from "@/config";
import { fetchSignInInput, LOGIN_ERRORS, loginErrorMessage, type WalletLoginParams } from "@/providers/auth-provider";
import { authStore } from "@/providers/auth-store";
import {
  chooseTransactionSigning,
  chosenTransactionSigning,
  NEVER_SENT,
  SIGN_WITH_TRANSACTION,
  signingPath,
} from "@/providers/transaction-signing";
import { useWalletAdapter, useWalletError, walletErrorMessage } from "@/providers/wallet";
import "./login.css";

const HOME = "/";

/**
 * Back here, signed out, moments after a successful sign-in with the same wallet: the session cookie did
 * not stick (cookies blocked, wrong origin). Signing again would loop, so the page stops and says so.
 */
export const SESSION_NOT_KEPT =
  "An unexpected error occurred: the session was not kept after sign-in. Allow cookies for this site and try again.";
const SESSION_LOST_WINDOW_MS = 15_000;
let lastSignIn: { address: string; at: number } | null = null;

// Refine's guard sends `?to=/users`; only a same-site path may come back out of it.
function redirectTarget(to: unknown): string {
  return typeof to === "string" && to.startsWith("/") && !to.startsWith("//") && !to.startsWith("/login") ? to : HOME;
}

function ShieldIcon() {
  return (
    <svg viewBox="0 0 24 24" width="30" height="30" aria-hidden="true" focusable="false">
      <path
        d="M12 2.5 4.5 5.4v5.9c0 4.7 3.1 8.9 7.5 10.2 4.4-1.3 7.5-5.5 7.5-10.2V5.4L12 2.5Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
      <circle cx="12" cy="10.2" r="2.1" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M12 12.3v3.6" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

export function LoginPage() {
  useWalletAdapter();
  const wallet = useWallet();
  const { publicKey, connected, connecting, signMessage, signTransaction, signIn, connect, disconnect } = wallet;
  // A hardware wallet signs the text as the memo of a transaction never sent: chosen here, or the only way it can.
  const [withTransaction, setWithTransaction] = useState(chosenTransactionSigning);
  const byTransaction = withTransaction || (connected && signingPath({ signMessage, signTransaction }, false) === "transaction");
  const { error: walletError, clearError: clearWalletError } = useWalletError();
  const { isAuthenticated } = useSyncExternalStore(authStore.subscribe, authStore.get);
  const go = useGo();
  const invalidateAuthStore = useInvalidateAuthStore();
  const { params } = useParsed();
  const target = redirectTarget(params?.to);

  const [loginError, setLoginError] = useState<string | null>(null);
  // The address a sign-in already started for: StrictMode's double effects and re-renders must not
  // ask the wallet to sign twice. Reset when the wallet disconnects, so a reconnect tries again.
  const startedFor = useRef<string | null>(null);
  const redirected = useRef(false);

  const fail = useCallback(
    (message: string) => {
      setLoginError(message);
      // Any failure disconnects, so the next attempt starts from a clean wallet state.
      disconnect().catch(() => undefined);
    },
    [disconnect],
  );

  const { mutate, isPending } = useLogin<WalletLoginParams>({
    mutationOptions: {
      // These replace Refine's defaults, which would also pop an error notification: the page's own
      // alert is the one place the login error shows. The redirect follows the auth store below.
      onSuccess: (result, variables) => {
        if (result.success) {
          lastSignIn = { address: authStore.get().user?.publicKey ?? variables.publicKey ?? "", at: Date.now() };
          void invalidateAuthStore();
          return;
        }
        fail(result.error?.message || LOGIN_ERRORS.fallback);
      },
      onError: (error) => fail(loginErrorMessage(error)),
    },
  });

  useEffect(() => {
    if (!isAuthenticated || redirected.current) return;
    redirected.current = true;
    go({ to: target, type: "replace" });
  }, [isAuthenticated, go, target]);

  // A wallet error from an earlier page (e.g. the admin pages) is not this sign-in's problem.
  useEffect(() => clearWalletError(), [clearWalletError]);

  useEffect(() => {
    if (!connecting) return;
    setLoginError(null);
    clearWalletError();
  }, [connecting, clearWalletError]);

  useEffect(() => {
    if (!connected || !publicKey) {
      startedFor.current = null;
      return;
    }
    if (isAuthenticated) return;
    const address = publicKey.toBase58();
    // A one-step sign-in connects the wallet while it runs: this address is already being signed in.
    if (isPending) {
      startedFor.current = address;
      return;
    }
    if (startedFor.current === address) return;
    startedFor.current = address;
    if (lastSignIn?.address === address && Date.now() - lastSignIn.at < SESSION_LOST_WINDOW_MS) {
      lastSignIn = null;
      fail(SESSION_NOT_KEPT);
      return;
    }
    setLoginError(null);
    clearWalletError();
    // A wallet that cannot sign still goes through login, which answers 'Wallet not properly connected'.
    mutate({ publicKey: address, signMessage, signTransaction, withTransaction });
  }, [connected, publicKey, signMessage, signTransaction, withTransaction, isAuthenticated, isPending, mutate, clearWalletError, fail]);

  // With a wallet that offers Sign In With Solana, the button's Connect connects and signs in one step,
  // on the server's address-less challenge; a server without that call (404) gets connect, then sign.
  const connectAndSignIn = useCallback(async () => {
    // Sign In With Solana signs a message: the admin who chose a transaction connects, then signs that.
    if (!signIn || withTransaction) return connect();
    setLoginError(null);
    clearWalletError();
    try {
      const signInInput = await fetchSignInInput();
      if (!signInInput) return connect();
      mutate({ signIn, signInInput });
    } catch (error) {
      fail(loginErrorMessage(error));
    }
  }, [signIn, withTransaction, connect, mutate, fail, clearWalletError]);
  const buttonWallet = useMemo(() => ({ ...wallet, connect: connectAndSignIn }), [wallet, connectAndSignIn]);

  const shownError = loginError ?? (walletError ? walletErrorMessage(walletError) : null);
  const dismissError = () => {
    setLoginError(null);
    clearWalletError();
  };

  if (isAuthenticated) return null;

  return (
    <main className="login-page">
      <section className="login-card" aria-labelledby="login-title" aria-busy={isPending}>
        <div className="login-card__icon">
          <ShieldIcon />
        </div>
        <h1 id="login-title" className="login-card__title">
          {APP_TITLE}
        </h1>
        <p className="login-card__subtitle">Connect your authorized Solana wallet to access the admin dashboard</p>

        <div className="login-card__alerts" aria-live="assertive">
          {shownError && (
            <div className="login-alert" role="alert">
              <svg className="login-alert__icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
                <circle cx="10" cy="10" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
                <path d="M10 5.6v5.2" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
                <circle cx="10" cy="14" r="1.1" fill="currentColor" />
              </svg>
              <p className="login-alert__text">{shownError}</p>
              <button type="button" className="login-alert__close" aria-label="Dismiss error" onClick={dismissError}>
                ×
              </button>
            </div>
          )}
        </div>

        {isPending && (
          <div className="login-status" role="status">
            <span className="app-spinner login-spinner" aria-hidden="true" />
            Authenticating...
          </div>
        )}

        <div className="login-card__action">
          <WalletContext.Provider value={buttonWallet}>
            <WalletMultiButton disabled={isPending} style={{ width: "100%", justifyContent: "center" }} />
          </WalletContext.Provider>
        </div>

        <div className="login-option">
          <label className="login-option__choice">
            <input
              type="checkbox"
              checked={withTransaction}
              disabled={isPending}
              aria-describedby={byTransaction ? "login-option-note" : undefined}
              onChange={(event) => {
                setWithTransaction(event.target.checked);
                chooseTransactionSigning(event.target.checked);
              }}
            />
            <span>{SIGN_WITH_TRANSACTION}</span>
          </label>
          {byTransaction && (
            <p id="login-option-note" className="login-option__note">
              {NEVER_SENT}
            </p>
          )}
        </div>

        <footer className="login-card__footer">
          <p>Only authorized wallets can access this dashboard.</p>
          <p>Contact your administrator for access.</p>
        </footer>
      </section>
    </main>
  );
}

export default LoginPage;
