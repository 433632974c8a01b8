// The wallet adapter itself, loaded beside the first render (see WalletSetup in ./wallet.tsx): the
// providers run here, in a subtree of their own, and hand their state up to the contexts the screens
// read, so `useWallet()` and `useWalletModal()` work the same everywhere.
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, type ReactNode } from "react";
import { WalletAdapterNetwork, WalletNotReadyError, type Adapter, type WalletError } from "@solana/wallet-adapter-base";
import {
  ConnectionContext,
  useWallet,
  WalletProvider,
  type ConnectionContextState,
  type WalletContextState,
} from "@solana/wallet-adapter-react";
import { useWalletModal, WalletModalProvider, type WalletModalContextState } from "@solana/wallet-adapter-react-ui";
import { SolflareWalletAdapter } from "@solana/wallet-adapter-solflare";
import { SOLANA_CLUSTER, SOLANA_RPC_URL, WALLET_AUTO_CONNECT } from "@/config";

export interface WalletEngineState {
  wallet: WalletContextState;
  modal: WalletModalContextState;
}

const NETWORKS: Record<string, WalletAdapterNetwork> = {
  devnet: WalletAdapterNetwork.Devnet,
  testnet: WalletAdapterNetwork.Testnet,
  "mainnet-beta": WalletAdapterNetwork.Mainnet,
};

// The console never calls the RPC itself (the server settles; admins only sign messages), so it does
// not build web3.js's Connection, whose client is the largest part of that library. The one reader is
// the wallet adapter on a phone, which infers the cluster for the mobile wallet from the endpoint.
const RPC_ENDPOINT_ONLY = { connection: { rpcEndpoint: SOLANA_RPC_URL } } as unknown as ConnectionContextState;

function HandUp({ onChange }: { onChange: (state: WalletEngineState) => void }): ReactNode {
  const wallet = useWallet();
  const modal = useWalletModal();
  // Before paint, so a screen never draws with a wallet state older than the adapter's.
  useLayoutEffect(() => onChange({ wallet, modal }), [wallet, modal, onChange]);
  return null;
}

export interface WalletEngineProps {
  localStorageKey: string;
  onChange: (state: WalletEngineState) => void;
  onError: (error: WalletError) => void;
  /**
   * Once the adapter listens for new wallets. It reads the wallets registered so far while rendering
   * and listens for new ones only in an effect: a wallet registered in between is never listed. This
   * effect runs after the adapter's (a parent's effects run after its children's).
   */
  onMounted: () => void;
}

/** Memoized: its parent re-renders on every state it hands up, which must not re-render the adapter. */
const WalletEngine = memo(function WalletEngine({ localStorageKey, onChange, onError, onMounted }: WalletEngineProps) {
  // Solflare is added explicitly because its adapter also covers Solflare's non-Standard paths.
  const wallets = useMemo<Adapter[]>(
    () => [new SolflareWalletAdapter({ network: NETWORKS[SOLANA_CLUSTER] ?? WalletAdapterNetwork.Devnet })],
    [],
  );

  const handleError = useCallback(
    (walletError: WalletError, adapter?: Adapter) => {
      onError(walletError);
      // Keeps the adapter's default for a wallet that is not installed: open its site to get it.
      if (walletError instanceof WalletNotReadyError && adapter?.url) {
        window.open(adapter.url, "_blank", "noopener,noreferrer");
      }
    },
    [onError],
  );

  useEffect(() => onMounted(), [onMounted]);

  return (
    <ConnectionContext.Provider value={RPC_ENDPOINT_ONLY}>
      <WalletProvider wallets={wallets} autoConnect={WALLET_AUTO_CONNECT} localStorageKey={localStorageKey} onError={handleError}>
        <WalletModalProvider>
          <HandUp onChange={onChange} />
        </WalletModalProvider>
      </WalletProvider>
    </ConnectionContext.Provider>
  );
});

export default WalletEngine;
