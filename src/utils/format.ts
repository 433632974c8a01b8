// Display formatting shared by every screen: shortened keys, amounts, dates.
import dayjs from "dayjs";
import { DEFAULT_CURRENCY_DECIMALS, SECONDS_PER_DAY, SHORTEN } from "@/config";
import { formatBaseUnits, type Currency } from "@contract";

const ELLIPSIS = "...";

/** The first `n` characters, with an ellipsis when something was cut. */
export function head(value: string | null | undefined, n: number): string {
  if (!value) return "";
  return value.length > n ? value.slice(0, n) + ELLIPSIS : value;
}

/** First `start` and last `end` characters around a separator (mint addresses, wallet addresses). */
export function middle(value: string | null | undefined, start: number, end: number, separator = ELLIPSIS): string {
  if (!value) return "";
  if (value.length <= start + end) return value;
  return value.slice(0, start) + separator + value.slice(-end);
}

export const shortMint = (mint: string | null | undefined) => middle(mint, SHORTEN.mintHead, SHORTEN.mintTail);

/** The wallet adapter's own style: 4 at each end, two dots between. */
export const shortWallet = (address: string | null | undefined) => middle(address, SHORTEN.walletAddress, SHORTEN.walletAddress, "..");

/** A user named in a link or a filter: the display name, else the shortened wallet. */
export const userLabel = (user: { displayName?: string | null; publicKey?: string | null }) =>
  user.displayName?.trim() || shortWallet(user.publicKey);

/** A length of time in its two largest units, e.g. "2d 4h", "3h", "3h 5m", "12m"; "under 1m" below a minute. */
export function formatDuration(ms: number): string {
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  if (minutes < 1) return "under 1m";
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const [big, small] = days > 0 ? [`${days}d`, hours && `${hours}h`] : hours > 0 ? [`${hours}h`, rest && `${rest}m`] : [`${rest}m`, 0];
  return small ? `${big} ${small}` : big;
}

export interface Deadline {
  /** When the time is up. */
  at: Date;
  overdue: boolean;
  /** "2d 4h left" or "Overdue by 3h". */
  text: string;
}

/**
 * A dispute's deadline: `limitSeconds` (the marketplace's dispute resolution limit) after it was
 * raised. Null when either is missing or unreadable.
 */
export function disputeDeadline(
  raisedAt: string | null | undefined,
  limitSeconds: number | null | undefined,
  now: number = Date.now(),
): Deadline | null {
  if (!raisedAt || typeof limitSeconds !== "number" || !Number.isFinite(limitSeconds) || limitSeconds <= 0) return null;
  const raised = dayjs(raisedAt);
  if (!raised.isValid()) return null;
  const at = raised.add(limitSeconds, "second");
  const left = at.diff(dayjs(now));
  const overdue = left < 0;
  return { at: at.toDate(), overdue, text: overdue ? `Overdue by ${formatDuration(left)}` : `${formatDuration(left)} left` };
}

/** The initial shown in an avatar: the display name's first letter, else the key's first 2 characters. */
export function avatarInitial(displayName: string | null | undefined, publicKey: string | null | undefined): string {
  const name = displayName?.trim();
  if (name) return name.charAt(0).toUpperCase();
  return (publicKey ?? "").slice(0, SHORTEN.avatarKey);
}

/** Fraction digits an amount of 1 or more shows; below 1, the significant digits it shows. */
export const AMOUNT_DISPLAY_DIGITS = 4;

export interface AmountFormat {
  /** Every digit the currency has (for a hover, a copy); default: the display precision. */
  exact?: boolean;
}

/** `units` rounded (half away from zero) from `decimals` to `keep` fraction digits. */
function roundUnits(units: bigint, decimals: number, keep: number): bigint {
  if (keep >= decimals) return units;
  const factor = 10n ** BigInt(decimals - keep);
  const abs = units < 0n ? -units : units;
  const rounded = (abs + factor / 2n) / factor;
  return units < 0n ? -rounded : rounded;
}

/** How many fraction digits the display keeps: 4 of a large amount, 4 significant ones of an amount below 1. */
function displayDigits(units: bigint, decimals: number): number {
  const abs = units < 0n ? -units : units;
  const base = 10n ** BigInt(decimals);
  if (abs === 0n || abs >= base) return Math.min(AMOUNT_DISPLAY_DIGITS, decimals);
  // Below 1: the zeros after the point, then the significant digits.
  const leadingZeros = decimals - abs.toString().length;
  return Math.min(leadingZeros + AMOUNT_DISPLAY_DIGITS, decimals);
}

/**
 * An amount held in the currency's base units (lamports, USDC micro-units, cents),
 * shown with the currency's decimals (default 2) and its symbol: at most 4 decimals of an amount of
 * 1 or more, 4 significant digits of a smaller one (`exact` keeps them all, for the hover).
 * Base units avoid floating point for money that settles on chain.
 */
export function formatAmount(
  amount: number | string | bigint | null | undefined,
  currency?: Currency | null,
  format: AmountFormat = {},
): string {
  const decimals = currency?.decimals ?? DEFAULT_CURRENCY_DECIMALS;
  const symbol = currency?.symbol ?? "";
  if (amount === null || amount === undefined || amount === "") return "N/A";
  let units: bigint;
  try {
    units = typeof amount === "bigint" ? amount : BigInt(typeof amount === "number" ? Math.round(amount) : amount.trim());
  } catch {
    return "N/A";
  }
  const keep = format.exact ? decimals : displayDigits(units, decimals);
  // At least two fraction digits (or all of them when fewer exist), thousands grouped.
  const text = formatBaseUnits(roundUnits(units, decimals, keep), keep, { minFractionDigits: 2, grouping: true });
  return symbol ? `${text} ${symbol}` : text;
}

/**
 * A decimal text such as a payout's uiAmount ("7.5") as base units and decimals (75n, 1), exactly,
 * with at least `minDecimals` decimals; null when it is not one.
 */
export function decimalUnits(value: string, minDecimals = 0): { units: bigint; decimals: number } | null {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return null;
  const [, sign, whole, given = ""] = match;
  const fraction = given.padEnd(minDecimals, "0");
  return { units: BigInt(sign + whole + fraction), decimals: fraction.length };
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

/** Native SOL as a currency: lamports, 9 decimals. */
export const SOL_CURRENCY: Currency = { symbol: "SOL", decimals: 9 };

/** Lamports as SOL (9 decimals). */
export const formatSol = (lamports: string | bigint | number | null | undefined): string => formatAmount(lamports, SOL_CURRENCY);

const dayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** A UTC day (YYYY-MM-DD, as the daily statistics name them) as "Nov 3"; the text itself when unreadable. */
export function formatDay(date: string): string {
  const parsed = /^\d{4}-\d{2}-\d{2}$/.test(date) ? new Date(`${date}T00:00:00Z`) : null;
  return parsed && !Number.isNaN(parsed.getTime()) ? dayFormat.format(parsed) : date;
}

/** What a decision was screened against: "Screened against OFAC SDN, EU (version 1a2b3c4d)". */
export const formatScreenedAgainst = ({ lists, version }: { lists: readonly string[]; version: string }) =>
  `Screened against ${lists.length ? lists.join(", ") : "no lists"} (version ${version.slice(0, 8)})`;
