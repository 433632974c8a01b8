// The Solana wallet stack: its network (SOLANA_CLUSTER), no auto-connect, the wallet selection modal
// and the wallet errors.
// Wallet Standard wallets (Phantom, Backpack, the demo wallet...) are detected on their own; Solflare is
// added explicitly because its adapter also covers Solflare's non-Standard paths (web and MetaMask snap).
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { WalletNotReadyError, type WalletError } from "@solana/wallet-adapter-base";
import { WalletContext, type WalletContextState } from "@solana/wallet-adapter-react";
import { WalletModalContext, type WalletModalContextState } from "@solana/wallet-adapter-react-ui";
import walletAdapterCss from "@solana/wallet-adapter-react-ui/styles.css?raw";
import { DEMO_WALLET_WAIT_MS, STORAGE_KEYS, WALLET_AUTO_CONNECT } from "@/config";
import { endpoints } from "@/providers/endpoints";
import { http } from "@/providers/http";
import type { DemoWalletKeypair } from "@/providers/demo-wallet";
import type { WalletEngineState } from "@/providers/wallet-engine";

// The adapter's stylesheet opens with an @import of Google Fonts: a third-party request from an admin
// console, which the page CSP (font-src/style-src 'self') blocks with a console error on every load.
// It goes in without that line; the modal then uses its fallback fonts.
export const WALLET_STYLE_ID = "wallet-adapter-styles";

export function withoutRemoteImports(css: string): string {
  return css.replace(/@import\s+url\([^)]*\)\s*;?/g, "");
}

function injectWalletStyles() {
  if (typeof document === "undefined" || document.getElementById(WALLET_STYLE_ID)) return;
  const style = document.createElement("style");
  style.id = WALLET_STYLE_ID;
  style.textContent = withoutRemoteImports(walletAdapterCss);
  // First in <head>, so the app's own stylesheets win over it at equal specificity.
  document.head.prepend(style);
}
injectWalletStyles();

/** Readable words for adapter errors that carry no message of their own. */
const ERROR_NAMES: Record<string, string> = {
  WalletNotReadyError: "Wallet not ready",
  WalletNotConnectedError: "Wallet not connected",
  WalletConnectionError: "Wallet connection failed",
  WalletDisconnectionError: "Wallet disconnect failed",
  WalletDisconnectedError: "Wallet disconnected",
  WalletSignTransactionError: "Wallet could not sign the transaction",
  WalletSignMessageError: "Wallet could not sign the message",
  WalletSendTransactionError: "Wallet could not send the transaction",
  WalletAccountError: "Wallet account error",
  WalletPublicKeyError: "Wallet public key error",
  WalletTimeoutError: "Wallet timed out",
  WalletWindowClosedError: "Wallet window closed",
  WalletWindowBlockedError: "Wallet window blocked",
  WalletConfigError: "Wallet configuration error",
  WalletLoadError: "Wallet failed to load",
};

export function walletErrorMessage(error: Pick<WalletError, "name" | "message">): string {
  return error.message?.trim() || ERROR_NAMES[error.name] || "Wallet error";
}

export interface WalletErrorState {
  /** The last error the wallet adapter reported, until cleared. */
  error: WalletError | null;
  clearError: () => void;
}

const WalletErrorContext = createContext<WalletErrorState>({ error: null, clearError: () => undefined });

/** The last wallet adapter error, so the screen that started the wallet action can show it. */
export function useWalletError(): WalletErrorState {
  return useContext(WalletErrorContext);
}

/**
 * Asks the server for its demo keypair (outside <Refine>, so with the HTTP client); only a keypair
 * that checks out registers the demo wallet. Resolves with its name if it did.
 */
export async function loadDemoWallet(): Promise<string | null> {
  try {
    const { data } = await http.get<DemoWalletKeypair>(endpoints.demoWallet);
    const { registerDemoWallet } = await import("@/providers/demo-wallet");
    return registerDemoWallet(data).name;
  } catch {
    // 404 (not a demo server), offline or a bad keypair: the wallet list simply stays as detected.
    return null;
  }
}

// Once per page: StrictMode's double effects or a remount must not register a second demo wallet.
let demoWalletStarted = false;
let demoWalletSettled: (name: string | null) => void = () => undefined;
/** Settles once the demo wallet was asked for: with its name if it registered. */
const demoWalletAsked = new Promise<string | null>((resolve) => (demoWalletSettled = resolve));
function registerDemoWalletOnce() {
  if (demoWalletStarted) return;
  demoWalletStarted = true;
  void loadDemoWallet().then(demoWalletSettled);
}

// The adapter's machinery (web3.js, the mobile wallet protocol, the Standard wallet bridge) is a third of
// the console's JavaScript, and no screen needs it to draw. It loads once a screen that uses the wallet
// asks for it (the login page, a dispute decision's signer), beside that screen's first render: a
// signed-in list opened fresh never evaluates it, which on a phone's CPU is 100-300 ms of the first
// load's blocking time. Until it has loaded the wallet reads as not connected; a "Select Wallet" click
// waits for it, and a signer awaits it (useWalletAdapter's answer).
const WalletEngine = lazy(() => import("@/providers/wallet-engine"));

/** Loads the adapter if it is not there yet, and resolves with its state once the remembered wallet is selected. */
type WalletReady = () => Promise<WalletEngineState>;
const WalletReadyContext = createContext<WalletReady>(() => Promise.reject(new WalletNotReadyError()));

/** For a screen that uses the wallet: starts loading the adapter as the screen mounts. */
export function useWalletAdapter(): WalletReady {
  const ready = useContext(WalletReadyContext);
  useEffect(() => void ready().catch(() => undefined), [ready]);
  return ready;
}

/** Whether the demo wallet, if one registered, is in the adapter's list. */
function demoInList(wallets: WalletContextState["wallets"], demo: string | null): boolean {
  return !demo || wallets.some((listed) => listed.adapter.name === demo);
}

/**
 * Whether the adapter has done what it does on its own with the wallet remembered from the last
 * sign-in: listed the demo wallet if one registered, then selected the remembered wallet, or found it
 * is not installed (then nothing will be selected).
 */
function rememberedSettled({ wallet, wallets }: WalletContextState, storageKey: string, demo: string | null): boolean {
  if (!demoInList(wallets, demo)) return false;
  let remembered: unknown = null;
  try {
    remembered = JSON.parse(localStorage.getItem(storageKey) ?? "null");
  } catch {
    return true;
  }
  if (typeof remembered !== "string") return true;
  return wallet?.adapter.name === remembered || !wallets.some((listed) => listed.adapter.name === remembered);
}

const notReady = () => Promise.reject(new WalletNotReadyError());
const LOADING_WALLET: WalletContextState = {
  autoConnect: WALLET_AUTO_CONNECT,
  wallets: [],
  wallet: null,
  publicKey: null,
  connecting: false,
  connected: false,
  disconnecting: false,
  select: () => undefined,
  connect: notReady,
  disconnect: () => Promise.resolve(),
  sendTransaction: notReady,
  signTransaction: undefined,
  signAllTransactions: undefined,
  signMessage: undefined,
  signIn: undefined,
};

export function WalletSetup({
  children,
  demoWalletWaitMs = DEMO_WALLET_WAIT_MS,
}: {
  children: ReactNode;
  /** How long "Select Wallet" waits for the demo wallet before opening the list without it. */
  demoWalletWaitMs?: number;
}) {
  const [error, setError] = useState<WalletError | null>(null);
  const [engine, setEngine] = useState<WalletEngineState | null>(null);
  const [wanted, setWanted] = useState(false);
  // A "Select Wallet" click before the engine is there: the modal opens as soon as it is.
  const openWhenReady = useRef(false);
  const loadingModal = useMemo<WalletModalContextState>(
    () => ({
      visible: false,
      setVisible: (open) => {
        openWhenReady.current = open;
        if (open) setWanted(true);
      },
    }),
    [],
  );

  // What the adapter last handed up, and who waits for its next state (useWalletAdapter's answer).
  const latest = useRef<WalletEngineState | null>(null);
  const waiting = useRef<Array<() => void>>([]);
  const nextState = useCallback(() => new Promise<void>((wake) => waiting.current.push(wake)), []);

  // The wallet list opens once the demo wallet is listed or known absent (within DEMO_WALLET_WAIT_MS):
  // the list is centred on the screen, so a wallet added while it is open moves every entry, and a
  // tap meant for one lands beside it.
  const demoWalletListed = useCallback(async () => {
    let capped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cap = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        capped = true;
        resolve();
      }, demoWalletWaitMs);
    });
    const listed = (async () => {
      const demo = await demoWalletAsked;
      while (!capped && !demoInList(latest.current?.wallet.wallets ?? [], demo)) await nextState();
    })();
    await Promise.race([listed, cap]);
    clearTimeout(timer);
  }, [nextState, demoWalletWaitMs]);

  const onReady = useCallback(
    (next: WalletEngineState) => {
      latest.current = next;
      setEngine(next);
      for (const wake of waiting.current.splice(0)) wake();
      if (openWhenReady.current) {
        openWhenReady.current = false;
        void demoWalletListed().then(() => next.modal.setVisible(true));
      }
    },
    [demoWalletListed],
  );

  const engineModal = engine?.modal;
  const modal = useMemo<WalletModalContextState>(() => {
    if (!engineModal) return loadingModal;
    return {
      visible: engineModal.visible,
      setVisible: (open) => (open ? void demoWalletListed().then(() => engineModal.setVisible(true)) : engineModal.setVisible(false)),
    };
  }, [engineModal, loadingModal, demoWalletListed]);

  const ready = useCallback<WalletReady>(async () => {
    setWanted(true);
    while (!latest.current) await nextState();
    const demo = await demoWalletAsked;
    while (!rememberedSettled(latest.current.wallet, STORAGE_KEYS.walletName, demo)) await nextState();
    return latest.current;
  }, [nextState]);

  const clearError = useCallback(() => setError(null), []);
  const errorState = useMemo(() => ({ error, clearError }), [error, clearError]);

  return (
    <>
      <WalletContext.Provider value={engine?.wallet ?? LOADING_WALLET}>
        <WalletModalContext.Provider value={modal}>
          <WalletErrorContext.Provider value={errorState}>
            <WalletReadyContext.Provider value={ready}>{children}</WalletReadyContext.Provider>
          </WalletErrorContext.Provider>
        </WalletModalContext.Provider>
      </WalletContext.Provider>
      {wanted && (
        <Suspense fallback={null}>
          <WalletEngine
            localStorageKey={STORAGE_KEYS.walletName}
            onChange={onReady}
            onError={setError}
            onMounted={registerDemoWalletOnce}
          />
        </Suspense>
      )}
    </>
  );
}
