// The business limits and defaults that the API's rules and the console's forms share.
// The console's own settings (timings, shortening, deployment) live in src/config.ts.

export const PAGE_SIZE = 20;
export const USER_SEARCH_DEFAULTS = { page: 1, limit: 10 } as const;
export const RECENT_USERS_DAYS = 30;
/** Beyond the core API: the days the dashboard's charts cover (GET /admin/orders/stats/daily?days=), at most a leap year. */
export const DAILY_STATS_DAYS = { default: 30, max: 366 } as const;
export const TOKEN_SYMBOL_MAX = 10;
export const TOKEN_NAME_MAX = 50;
export const MINT_ADDRESS_MIN = 32;
/** Native SOL's whitelist entry (Init SOL) uses the wrapped-SOL mint, as wallets and DEXes do. */
export const WRAPPED_SOL_MINT = "So11111111111111111111111111111111111111112";
export const DECIMALS_MIN = 0;
export const DECIMALS_MAX = 18;
export const ADMIN_NOTES_MAX = 2000;
/** Our limit for the reasons of deactivations and product changes (the product asks only for non-empty). */
export const REASON_MAX = 1000;
export const REFUND_PERCENT_MIN = 0;
export const REFUND_PERCENT_MAX = 100;
export const REFUND_PERCENT_DEFAULT = 50;
/** Below this many settlements' fees and rents, the authority's balance is shown as low (GET /admin/authority). */
export const AUTHORITY_LOW_SETTLEMENTS = 20;
/** settlementsCovered stops here (a JSON number; past it the exact figure tells nobody anything). */
export const SETTLEMENTS_COVERED_MAX = 1_000_000;

export const SHOP_CATEGORIES = ["Electronics", "Clothes", "Books", "Home", "Sports", "Beauty", "Automotive", "Other"] as const;
export type ShopCategory = (typeof SHOP_CATEGORIES)[number];
