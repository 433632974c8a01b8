// Every business constant of the console, plus the two deployment settings.
// Nothing else in the console should hard-code one of these values.

const env = (typeof import.meta !== "undefined" && import.meta.env) || ({} as ImportMetaEnv);

/** Base path of the marketplace API; same origin by default so cookies and XSRF just work. */
export const API_URL: string = (env.VITE_API_URL as string | undefined)?.replace(/\/+$/, "") || "/api/v1";

export type SolanaCluster = "devnet" | "testnet" | "mainnet-beta" | "localnet";

/** The wallet network, devnet by default. */
export const SOLANA_CLUSTER: SolanaCluster = (env.VITE_SOLANA_CLUSTER as SolanaCluster | undefined) ?? "devnet";

export const SOLANA_RPC_URL: string = (env.VITE_SOLANA_RPC_URL as string | undefined) || "https://api.devnet.solana.com";

/** The product's admin title: login card, welcome text, document title. */
export const APP_TITLE = "Marketplace Admin";
/** The short title of the sidebar and the small-screen top bar. */
export const SIDEBAR_TITLE = "Admin";

export const MARKETPLACE_POLL_MS = 5000;
/** Beyond the core API: how often the Settlements screen re-reads while a settlement is pending or submitted. */
export const SETTLEMENTS_POLL_MS = 5000;
/** Beyond the core API: the Settlements screen's totals paid cover the last this many days until the admin picks others. */
export const SETTLEMENT_TOTALS_DAYS = 30;
/**
 * Beyond the core API: live updates. Against an API without the event stream the open disputes'
 * count is polled this often; a stream that failed is opened again after a wait that doubles up to
 * the maximum.
 */
export const LIVE_UPDATES = { pollMs: 30_000, reconnectMinMs: 1_000, reconnectMaxMs: 30_000 } as const;
/** A list's bulk action sends each row's own call, this many at a time. */
export const BULK_CONCURRENCY = 4;
/**
 * A list reloading over rows it already shows (a filter, a page, a refresh) dims them behind
 * antd's spinner only once the reload has taken this long. A quicker answer replaces the rows
 * without a flash of the spinner, and without restyling the whole table to dim it and again to undim it.
 */
export const LIST_RELOAD_SPINNER_DELAY_MS = 300;
/**
 * A list opened on its rows, or getting its first ones, draws a screenful at once and the rest of
 * the page in the render after: its first rows show sooner (docs/performance.md, departure H). A
 * laptop shows about ten below its header and filters; a phone (narrower than antd's `sm`) four to
 * seven, and its slower CPU makes every row drawn at once a longer task.
 */
export const LIST_FIRST_DRAW_ROWS = { wide: 10, phone: 5 } as const;
export const ALERT_DURATION_MS = 5000;
export const DISPUTE_MODAL_CLOSE_MS = 2000;
export const SECONDS_PER_DAY = 86400;

/** Characters kept when a key or id is shortened. */
export const SHORTEN = {
  mintHead: 8,
  mintTail: 6,
  shopOwnerList: 8,
  shopOwnerModal: 16,
  orderId: 8,
  orderWallet: 6,
  sidebarKey: 8,
  avatarKey: 2,
  walletAddress: 4,
  signature: 8,
} as const;

export const DEFAULT_CURRENCY_DECIMALS = 2;

export const STORAGE_KEYS = {
  auth: "admin-auth-storage",
  walletName: "walletName",
  /** The admin chose to sign with a transaction (hardware wallets): remembered for their decisions too. */
  signWithTransaction: "signWithTransaction",
} as const;

export const QUERY_CACHE = {
  staleTimeMs: 300_000,
  retry: 1,
  refetchOnWindowFocus: false,
} as const;

export const COPY_CONFIRM_MS = 400;
// The wallet modal's close delay (150 ms) and the browser-extension probe (up to 5 s) are the wallet
// adapter's own timings (@solana/wallet-adapter-react-ui, -react): the console sets neither.
export const WALLET_AUTO_CONNECT = false;
/**
 * How long "Select Wallet" waits for the server's answer on its demo wallet before opening the wallet
 * list without it (src/providers/wallet.tsx says why it waits).
 */
export const DEMO_WALLET_WAIT_MS = 2_000;

export const ROUTER = {
  pendingDelayMs: 1000,
  pendingMinMs: 500,
  preloadDelayMs: 50,
  preloadStaleMs: 30_000,
  cacheLifetimeMs: 5 * 60_000,
} as const;

/**
 * A screen's dialogs are chunks of their own (src/components/routing/lazy-dialog.tsx), fetched once
 * the screen has rendered and the browser is idle: at the latest `idleTimeoutMs` after it rendered,
 * or after `fallbackDelayMs` where the browser has no requestIdleCallback.
 */
export const DIALOG_PRELOAD = {
  idleTimeoutMs: 1500,
  fallbackDelayMs: 300,
} as const;

/** No HTTP timeout by default: settlement calls can take as long as the chain does. */
export const HTTP_TIMEOUT_MS = 0;
