// Display formatting shared by every screen: shortened keys, amounts, dates.
import dayjs from "dayjs";
import { DEFAULT_CURRENCY_DECIMALS, SECONDS_PER_DAY, SHORTEN } from "@/config";
import type { Currency } from "@contract";

const ELLIPSIS = "...";

/** The first `n` characters, with an ellipsis when something was cut. */
export function head(value: string | null | undefined, n: number): string {
  if (!value) return "";
  return value.length > n ? value.slice(0, n) + ELLIPSIS : value;
}

/** First `start` and last `end` characters around a separator (mint addresses, wallet addresses). */
export function middle(
  value: string | null | undefined,
  start: number,
  end: number,
  separator = ELLIPSIS,
): string {
  if (!value) return "";
  if (value.length <= start + end) return value;
  return value.slice(0, start) + separator + value.slice(-end);
}

export const shortMint = (mint: string | null | undefined) =>
  middle(mint, SHORTEN.mintHead, SHORTEN.mintTail);

/** The wallet adapter's own style: 4 at each end, two dots between. */
export const shortWallet = (address: string | null | undefined) =>
  middle(address, SHORTEN.walletAddress, SHORTEN.walletAddress, "..");

/** The initial shown in an avatar: the display name's first letter, else the key's first 2 characters. */
export function avatarInitial(displayName: string | null | undefined, publicKey: string | null | undefined): string {
  const name = displayName?.trim();
  if (name) return name.charAt(0).toUpperCase();
  return (publicKey ?? "").slice(0, SHORTEN.avatarKey);
}

/**
 * An amount held in the currency's base units (lamports, USDC micro-units, cents),
 * shown with the currency's decimals (default 2) and its symbol.
 * Base units avoid floating point for money that settles on chain.
 */
export function formatAmount(amount: number | string | bigint | null | undefined, currency?: Currency | null): string {
  const decimals = currency?.decimals ?? DEFAULT_CURRENCY_DECIMALS;
  const symbol = currency?.symbol ?? "";
  if (amount === null || amount === undefined || amount === "") return "N/A";
  let units: bigint;
  try {
    units = typeof amount === "bigint" ? amount : BigInt(typeof amount === "number" ? Math.round(amount) : amount.trim());
  } catch {
    return "N/A";
  }
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const base = 10n ** BigInt(decimals);
  const whole = (abs / base).toLocaleString("en-US");
  let fraction = decimals > 0 ? (abs % base).toString().padStart(decimals, "0") : "";
  // Trim trailing zeros but keep at least two places (or all of them when fewer exist).
  const keep = Math.min(2, decimals);
  while (fraction.length > keep && fraction.endsWith("0")) fraction = fraction.slice(0, -1);
  const text = (negative ? "-" : "") + whole + (fraction ? "." + fraction : "");
  return symbol ? `${text} ${symbol}` : text;
}

const dateTimeFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "short", timeStyle: "short" });

/** 'en-US' short date and time, 'N/A' when missing or unreadable. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === "") return "N/A";
  const parsed = dayjs(value);
  return parsed.isValid() ? dateTimeFormat.format(parsed.toDate()) : "N/A";
}

/** Seconds shown as days, the way the marketplace configuration reads (seconds / SECONDS_PER_DAY). */
export function secondsToDays(seconds: number): number {
  return Math.round((seconds / SECONDS_PER_DAY) * 100) / 100;
}

const CLUSTER_LABELS: Readonly<Record<string, string>> = {
  "localnet-inprocess": "In-process chain",
  localnet: "Localnet",
  devnet: "Devnet",
  testnet: "Testnet",
  "mainnet-beta": "Mainnet Beta",
  custom: "Custom cluster",
};

/** A cluster's name as people say it; an unknown one as it is. */
export const clusterLabel = (cluster: string | null | undefined): string =>
  cluster ? (CLUSTER_LABELS[cluster] ?? cluster) : "Unknown cluster";

/** Lamports as SOL (9 decimals). */
export const formatSol = (lamports: string | bigint | number | null | undefined): string =>
  formatAmount(lamports, { symbol: "SOL", decimals: 9 });
