// Server configuration from the environment. Every value is checked once at start-up, and a bad
// one stops the server with a message that names the variable, so a typo never runs half-configured.
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { decodeBase58 } from "./auth/base58.ts";
import { isSmallOrderKey } from "./auth/signature.ts";
import type { DatabaseTarget } from "./db/connection.ts";

export const DEFAULT_RPC_URL = "https://api.devnet.solana.com";

export interface Config {
  host: string;
  port: number;
  /** Scheme + host + port the browser uses: the SIWS domain/URI, the Origin check, the Secure flag. */
  publicOrigin: string;
  /** The admin whitelist from ADMIN_WALLETS (the demo wallet is added by the context, not here). */
  adminWallets: string[];
  /**
   * DATABASE_URL: a PostgreSQL server (postgres://…) instead of the SQLite file; null = SQLite at
   * databasePath. With it, databasePath only names the data folder (session secret, demo wallet, chain).
   */
  databaseUrl: string | null;
  /**
   * TRUST_PROXY: the proxies in front (a hop count, or their addresses/CIDRs), whose X-Forwarded-For
   * names the client; false = the socket's address is the client's (no proxy).
   */
  trustProxy: false | number | string;
  /** SEED_DEMO_DATA: fill an empty database with demo data at start (default: outside production only). */
  seedDemoData: boolean;
  /** DATABASE_POOL_SIZE: PostgreSQL connections this instance may hold at once. */
  databasePoolSize: number;
  databasePath: string;
  /** Folder of the database: holds the generated session secret and the demo wallet. */
  dataDir: string;
  /** HMAC key for the XSRF tokens; null until resolveSessionSecret() fills it. */
  sessionSecret: Buffer;
  production: boolean;
  /** DEMO_WALLET: "auto" = only on a plainly local server (demoWalletAllowed), "off", or "unsafe-on". */
  demoWallet: DemoWalletMode;
  /** The Solana RPC the console talks to: it must be allowed by the pages' connect-src. */
  rpcUrl: string;
  /** Hosts that may embed nothing, but the Solflare SDK iframe (no extension installed) needs frame-src. */
  extraFrameSrc: string[];
  /** SESSION_IDLE_MINUTES, SESSION_MAX_HOURS; revokeOthers (SESSION_REVOKE_OTHERS): a sign-in ends the wallet's other sessions. */
  session: { idleMs: number; absoluteMs: number; revokeOthers: boolean };
  /** REQUIRE_SIGNED_DECISIONS: a dispute resolution must carry the admin wallet's signature over its decision. */
  requireSignedDecisions: boolean;
  nonceTtlMs: number;
  /** Outstanding sign-in challenges per browser (pre-sign-in cookie): its own oldest is evicted past it. */
  maxNoncesPerRequester: number;
  /** Live challenges in all: past it new ones are refused (503), never someone else's evicted. */
  maxLiveNonces: number;
  /** Per-IP limits of the two sign-in calls. */
  authRateLimit: { max: number; windowMs: number };
  /** STATIC_DIR: the console's build output served on the same origin (default dist/). */
  staticDir: string;
  logLevel: string;
  /** SETTLEMENT_RECHECK_SECONDS: how often settlements left PENDING by an unknown outcome are checked again. */
  settlementRecheckMs: number;
  /** METRICS_TOKEN: GET /metrics then needs it as a bearer token; null leaves /metrics open. */
  metricsToken: string | null;
  /** SHUTDOWN_TIMEOUT_SECONDS: how long a stop (SIGTERM) waits for requests and settlements in flight. */
  shutdownTimeoutMs: number;
  /** EVENTS_POLL_SECONDS: how often the live-updates feed reads the database while a console listens. */
  eventsPollMs: number;
  /** EVENTS_MAX_STREAMS: live-update streams this instance holds open at once, in all. */
  eventsMaxStreams: number;
  /** Live-update streams one session may hold open on an instance (a console with several tabs). */
  eventsStreamsPerSession: number;
  /**
   * PAYOUT_APPROVALS: how many admins must agree before a dispute payout is sent (1: the resolving
   * admin alone; 2: a second admin approves each proposal). PAYOUT_APPROVAL_HOURS: how long a proposal
   * waits for that approval (never past the dispute's deadline).
   */
  payoutApprovals: { required: 1 | 2; ttlMs: number };
  /**
   * How payouts on an RPC cluster bid for a place in contested blocks (settlement/fees.ts):
   * PRIORITY_FEE_PERCENTILE of the recent priority fees on the transaction's writable accounts, at
   * most PRIORITY_FEE_MAX_MICROLAMPORTS per compute unit. The in-process chain has no fee market.
   */
  priorityFees: { percentile: number; maxMicroLamports: number };
  /**
   * Wallet screening (services/screening.ts): SCREENING_LISTS, the list files (CSV or JSON, resolved
   * paths; none = nothing is screened); SCREENING_POLL_SECONDS, how often each instance reads them
   * again; SCREENING_RESCREEN_DAYS, how far back a changed list re-screens the payees.
   */
  screening: { lists: string[]; pollMs: number; rescreenDays: number };
  /**
   * Webhook deliveries (services/webhook-delivery.ts): WEBHOOK_POLL_SECONDS, how often each instance
   * looks for due deliveries; WEBHOOK_RETRY_BASE_SECONDS, the first retry's delay (doubled at each
   * attempt, with jitter); WEBHOOK_RETRY_FOR_SECONDS, how long a delivery is retried before it ends
   * failed; WEBHOOK_TIMEOUT_SECONDS, how long one attempt waits for an answer.
   */
  webhooks: WebhookSettings;
}

export interface WebhookSettings {
  pollMs: number;
  retryBaseMs: number;
  retryForMs: number;
  timeoutMs: number;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`${variable}: ${detail}`);
    this.name = "ConfigError";
  }
}

/** What a file-system or SQLite error code means for the data folder, in the words of a ConfigError. */
const DATA_FOLDER_FAULTS: [RegExp, (folder: string, code: string, path: string) => string][] = [
  [/^(EROFS|SQLITE_READONLY\w*)$/, (f, code) => `the folder ${f} is read-only (${code}): give a writable folder`],
  [
    /^(EACCES|EPERM)$/,
    (f, code) => `the folder ${f} cannot be written by this user (${code}): give a writable folder or fix its permissions`,
  ],
  [
    /^(ENOSPC|EDQUOT|SQLITE_FULL)$/,
    (f, code) => `the disk holding ${f} is full (${code}): free some space or give a folder on another disk`,
  ],
  [
    /^(ENOTDIR|EEXIST)$/,
    (_folder, code, path) =>
      `cannot create the folder ${path}: a file of that name, or above it, is in the way (${code}): give a path made of folders`,
  ],
  [/^ENOENT$/, (f, code) => `the folder ${f} cannot be created (${code}): give a path on an existing, writable disk`],
  [/^(EIO|SQLITE_IOERR\w*)$/, (f, code) => `reading or writing in ${f} failed (${code}): check the disk`],
  [
    /^(SQLITE_CANTOPEN|SQLITE_NOTADB|SQLITE_CORRUPT)$/,
    (f, code) => `the database cannot be opened in ${f} (${code}): give a writable folder and a SQLite file`,
  ],
];

/**
 * A disk fault met while the server opens its data folder (session secret, database, demo wallet,
 * chain) as a ConfigError naming DATABASE_PATH, which chooses that folder: start-up then stops with
 * one plain sentence instead of a stack. Errors about files elsewhere, and all others, are returned unchanged.
 */
export function dataFolderError(error: unknown, dataDir: string): unknown {
  if (!(error instanceof Error) || error instanceof ConfigError) return error;
  const { code, path } = error as NodeJS.ErrnoException;
  const fault = DATA_FOLDER_FAULTS.find(([codes]) => typeof code === "string" && codes.test(code));
  if (!fault || !code) {
    // A wrapper (a failed migration) keeps the disk error as its cause.
    const mapped = error.cause === undefined ? error : dataFolderError(error.cause, dataDir);
    return mapped instanceof ConfigError ? mapped : error;
  }
  const fromHere = path === undefined ? "" : relative(dataDir, path);
  if (fromHere.startsWith("..") || isAbsolute(fromHere)) return error;
  const where = fromHere && !/^(ENOTDIR|EEXIST)$/.test(code) ? ` on ${path}` : "";
  return new ConfigError("DATABASE_PATH", fault[1](dataDir, `${code}${where}`, path ?? dataDir));
}

type Env = Record<string, string | undefined>;

export const DEMO_WALLET_MODES = ["auto", "off", "unsafe-on"] as const;
export type DemoWalletMode = (typeof DEMO_WALLET_MODES)[number];

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

function readHost(env: Env): string {
  const host = (env.HOST ?? "127.0.0.1").trim();
  // A hostname, an IPv4 address or a bare IPv6 address; nothing with a scheme, path or port.
  if (!host || !/^(?:[A-Za-z0-9.-]+|[0-9A-Fa-f:]+)$/.test(host)) {
    throw new ConfigError("HOST", `"${env.HOST}" is not a host name or IP address`);
  }
  return host;
}

function readPort(env: Env): number {
  const raw = (env.PORT ?? "8080").trim();
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isInteger(port) || port < 1 || port > 65535) {
    throw new ConfigError("PORT", `"${env.PORT}" is not a port number (1-65535)`);
  }
  return port;
}

function readOrigin(env: Env, port: number): string {
  const raw = env.PUBLIC_ORIGIN?.trim() || `http://localhost:${port}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError("PUBLIC_ORIGIN", `"${raw}" is not a URL such as http://localhost:${port}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ConfigError("PUBLIC_ORIGIN", `"${raw}" must start with http:// or https://`);
  }
  if ((url.pathname !== "/" && url.pathname !== "") || url.search || url.hash || url.username || url.password) {
    throw new ConfigError("PUBLIC_ORIGIN", `"${raw}" must be an origin only (scheme, host and port, no path)`);
  }
  return url.origin;
}

function readWallets(env: Env): string[] {
  const entries = (env.ADMIN_WALLETS ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const key of entries) {
    const bytes = decodeBase58(key);
    if (!bytes || bytes.length !== 32) {
      throw new ConfigError("ADMIN_WALLETS", `"${key}" is not a base58 Solana public key (32 bytes)`);
    }
    // Anyone can forge a signature for a small-order key: such a key must never be an admin.
    if (isSmallOrderKey(bytes)) {
      throw new ConfigError("ADMIN_WALLETS", `"${key}" is a small-order key that anyone can sign for`);
    }
  }
  return [...new Set(entries)];
}

function readRpcUrl(env: Env): string {
  const name = env.SOLANA_RPC_URL !== undefined ? "SOLANA_RPC_URL" : "VITE_SOLANA_RPC_URL";
  const raw = (env[name] ?? "").trim() || DEFAULT_RPC_URL;
  try {
    const url = new URL(raw);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("scheme");
    return url.origin;
  } catch {
    throw new ConfigError(name, `"${raw}" is not an http(s) URL`);
  }
}

/** "unsafe-on" hands an admin's secret key to anyone who reaches the server: never in production. */
function readDemoWallet(env: Env, production: boolean): DemoWalletMode {
  const raw = (env.DEMO_WALLET ?? "").trim() || "auto";
  if (!(DEMO_WALLET_MODES as readonly string[]).includes(raw)) {
    throw new ConfigError("DEMO_WALLET", `"${raw}" is not one of ${DEMO_WALLET_MODES.join(", ")}`);
  }
  if (raw === "unsafe-on" && production) {
    throw new ConfigError("DEMO_WALLET", "unsafe-on would publish an admin key: it is refused with NODE_ENV=production");
  }
  return raw as DemoWalletMode;
}

function readRecheckSeconds(env: Env): number {
  const raw = (env.SETTLEMENT_RECHECK_SECONDS ?? "").trim() || "30";
  const seconds = Number(raw);
  if (!/^\d+$/.test(raw) || seconds < 1 || seconds > 86_400) {
    throw new ConfigError("SETTLEMENT_RECHECK_SECONDS", `"${raw}" is not a whole number of seconds from 1 to 86400`);
  }
  return seconds * 1000;
}

function readPositive(env: Env, name: string, fallback: number, max: number, unit: string): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!/^\d+(?:\.\d+)?$/.test(raw) || !(value > 0) || value > max) {
    throw new ConfigError(name, `"${raw}" is not a number of ${unit} above 0 and at most ${max}`);
  }
  return value;
}

function readSession(env: Env): Config["session"] {
  const idleMs = Math.round(readPositive(env, "SESSION_IDLE_MINUTES", 30, 7 * 24 * 60, "minutes") * 60_000);
  const absoluteMs = Math.round(readPositive(env, "SESSION_MAX_HOURS", 8, 30 * 24, "hours") * 3_600_000);
  if (idleMs > absoluteMs) {
    throw new ConfigError(
      "SESSION_IDLE_MINUTES",
      `${idleMs / 60_000} minutes is longer than SESSION_MAX_HOURS (${absoluteMs / 3_600_000} h)`,
    );
  }
  return { idleMs, absoluteMs, revokeOthers: readSwitch(env, "SESSION_REVOKE_OTHERS") };
}

/** An on/off setting: true or 1, false or 0; unset or empty is off. */
function readSwitch(env: Env, name: string): boolean {
  const value = (env[name] ?? "").trim().toLowerCase();
  if (value === "" || value === "false" || value === "0") return false;
  if (value === "true" || value === "1") return true;
  throw new ConfigError(name, `"${env[name]}" is not true, false, 1 or 0`);
}

function readPayoutApprovals(env: Env): Config["payoutApprovals"] {
  const raw = env.PAYOUT_APPROVALS?.trim() || "1";
  if (raw !== "1" && raw !== "2")
    throw new ConfigError("PAYOUT_APPROVALS", `"${raw}" is not 1 (one admin settles) or 2 (a second admin approves each payout)`);
  const hours = readPositive(env, "PAYOUT_APPROVAL_HOURS", 72, 24 * 365, "hours");
  return { required: raw === "2" ? 2 : 1, ttlMs: Math.round(hours * 3_600_000) };
}

/** A whole number from `min` to `max` (unset or empty: `fallback`). */
function readWhole(env: Env, name: string, fallback: number, min: number, max: number, unit: string): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max)
    throw new ConfigError(name, `"${raw}" is not a whole number of ${unit} from ${min} to ${max}`);
  return value;
}

function readScreening(env: Env, cwd: string): Config["screening"] {
  const lists = (env.SCREENING_LISTS ?? "")
    .split(",")
    .map((path) => path.trim())
    .filter(Boolean)
    .map((path) => resolve(cwd, path));
  return {
    lists: [...new Set(lists)],
    pollMs: Math.round(readPositive(env, "SCREENING_POLL_SECONDS", 10, 86_400, "seconds") * 1000),
    rescreenDays: readWhole(env, "SCREENING_RESCREEN_DAYS", 90, 0, 3_650, "days"),
  };
}

function readPriorityFees(env: Env): Config["priorityFees"] {
  return {
    percentile: readWhole(env, "PRIORITY_FEE_PERCENTILE", 75, 1, 100, "percent"),
    // A priority fee that fits a 32-bit column even at the largest compute budget (1.4M units).
    maxMicroLamports: readWhole(env, "PRIORITY_FEE_MAX_MICROLAMPORTS", 1_000_000, 0, 1_000_000_000, "micro-lamports per compute unit"),
  };
}

function readWebhooks(env: Env): WebhookSettings {
  const ms = (name: string, fallback: number, max: number) => Math.round(readPositive(env, name, fallback, max, "seconds") * 1000);
  return {
    pollMs: ms("WEBHOOK_POLL_SECONDS", 2, 60),
    retryBaseMs: ms("WEBHOOK_RETRY_BASE_SECONDS", 10, 3_600),
    retryForMs: ms("WEBHOOK_RETRY_FOR_SECONDS", 24 * 3_600, 30 * 24 * 3_600),
    timeoutMs: ms("WEBHOOK_TIMEOUT_SECONDS", 10, 60),
  };
}

/**
 * Four eyes need two admins: with fewer whitelisted wallets than approvals required, no payout could
 * ever be approved, so the server refuses to start. (The local demo wallet is not counted: it is one
 * browser's key, not a second person.)
 */
export function checkApprovers(config: Config): Config {
  const required = config.payoutApprovals.required;
  const wallets = config.adminWallets.length;
  if (required > 1 && wallets < required) {
    throw new ConfigError(
      "PAYOUT_APPROVALS",
      `${required} admins must approve each payout, but ADMIN_WALLETS lists ${wallets} admin wallet${wallets === 1 ? "" : "s"}: add wallets or lower PAYOUT_APPROVALS`,
    );
  }
  return config;
}

function readMetricsToken(env: Env): string | null {
  const token = env.METRICS_TOKEN?.trim();
  if (!token) return null;
  if (token.length < 16) throw new ConfigError("METRICS_TOKEN", "must be at least 16 characters (or unset, to leave /metrics open)");
  return token;
}

const ADDRESS_OR_CIDR = /^[0-9a-fA-F:.]+(?:\/\d{1,3})?$/;

function readTrustProxy(env: Env): Config["trustProxy"] {
  const raw = env.TRUST_PROXY?.trim() ?? "";
  if (raw === "" || raw === "false" || raw === "0") return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  const list = raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.length && list.every((a) => ADDRESS_OR_CIDR.test(a))) return list.join(",");
  // "true" would believe any client's own X-Forwarded-For, which defeats the per-client rate limit.
  throw new ConfigError(
    "TRUST_PROXY",
    `"${raw}" is not a number of proxy hops or a comma-separated list of proxy addresses (e.g. 10.0.0.0/8)`,
  );
}

function readDatabaseUrl(env: Env): string | null {
  const raw = env.DATABASE_URL?.trim();
  if (!raw) return null;
  let url: URL | null;
  try {
    url = new URL(raw);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== "postgres:" && url.protocol !== "postgresql:")) {
    // The URL may hold a password: name its scheme, never echo it.
    throw new ConfigError("DATABASE_URL", "is not a postgres:// URL (leave it unset to use the SQLite file of DATABASE_PATH)");
  }
  return raw;
}

function readSecret(env: Env): Buffer | null {
  if (env.SESSION_SECRET === undefined || env.SESSION_SECRET === "") return null;
  if (env.SESSION_SECRET.length < 32) {
    throw new ConfigError("SESSION_SECRET", "must be at least 32 characters (or unset, to generate one)");
  }
  return Buffer.from(env.SESSION_SECRET, "utf8");
}

/**
 * Reads and checks the environment; touches no file. A missing SESSION_SECRET is left empty here
 * and filled by resolveSessionSecret(), so the checks stay testable without a data folder.
 */
export function parseConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const host = readHost(env);
  const port = readPort(env);
  const publicOrigin = readOrigin(env, port);
  const adminWallets = readWallets(env);
  const rawDbPath = env.DATABASE_PATH?.trim();
  if (env.DATABASE_PATH !== undefined && !rawDbPath) {
    throw new ConfigError("DATABASE_PATH", "is empty: give a file path or leave it unset");
  }
  const databasePath = resolve(cwd, rawDbPath || join("data", "marketplace.sqlite"));
  const databaseUrl = readDatabaseUrl(env);
  const logLevel = (env.LOG_LEVEL ?? "info").trim();
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError("LOG_LEVEL", `"${logLevel}" is not one of ${LOG_LEVELS.join(", ")}`);
  }
  return {
    host,
    port,
    publicOrigin,
    adminWallets,
    databaseUrl,
    trustProxy: readTrustProxy(env),
    // A real marketplace's new database must never be filled with invented users and orders.
    seedDemoData: env.SEED_DEMO_DATA?.trim() ? readSwitch(env, "SEED_DEMO_DATA") : env.NODE_ENV !== "production",
    databasePoolSize: Math.round(readPositive(env, "DATABASE_POOL_SIZE", 10, 1000, "connections")),
    databasePath,
    dataDir: dirname(databasePath),
    sessionSecret: readSecret(env) ?? Buffer.alloc(0),
    production: env.NODE_ENV === "production",
    demoWallet: readDemoWallet(env, env.NODE_ENV === "production"),
    rpcUrl: readRpcUrl(env),
    extraFrameSrc: ["https://connect.solflare.com"],
    session: readSession(env),
    requireSignedDecisions: readSwitch(env, "REQUIRE_SIGNED_DECISIONS"),
    nonceTtlMs: 5 * 60_000,
    maxNoncesPerRequester: 3,
    maxLiveNonces: 10_000,
    authRateLimit: { max: 10, windowMs: 60_000 },
    staticDir: resolve(cwd, env.STATIC_DIR?.trim() || "dist"),
    logLevel,
    settlementRecheckMs: readRecheckSeconds(env),
    metricsToken: readMetricsToken(env),
    shutdownTimeoutMs: Math.round(readPositive(env, "SHUTDOWN_TIMEOUT_SECONDS", 25, 3_600, "seconds") * 1000),
    eventsPollMs: Math.round(readPositive(env, "EVENTS_POLL_SECONDS", 2, 60, "seconds") * 1000),
    eventsMaxStreams: readWhole(env, "EVENTS_MAX_STREAMS", 1_000, 1, 100_000, "streams"),
    eventsStreamsPerSession: 5,
    payoutApprovals: readPayoutApprovals(env),
    priorityFees: readPriorityFees(env),
    screening: readScreening(env, cwd),
    webhooks: readWebhooks(env),
  };
}

/** Fills an empty session secret from <dataDir>/session-secret, creating that file on first run. */
export function resolveSessionSecret(config: Config): Config {
  if (config.sessionSecret.length > 0) return config;
  const file = join(config.dataDir, "session-secret");
  let secret: string;
  try {
    mkdirSync(config.dataDir, { recursive: true });
    if (!existsSync(file)) {
      writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
    }
    chmodSync(file, 0o600);
    secret = readFileSync(file, "utf8").trim();
  } catch (error) {
    throw dataFolderError(error, config.dataDir);
  }
  if (secret.length < 32) {
    throw new ConfigError("SESSION_SECRET", `unset, and ${file} holds no usable secret (delete it to regenerate)`);
  }
  return { ...config, sessionSecret: Buffer.from(secret, "utf8") };
}

/** The whole start-up configuration: environment checks, enough approvers, plus the generated secret. */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  return resolveSessionSecret(checkApprovers(parseConfig(env, cwd)));
}

export function isLoopbackHost(host: string): boolean {
  return host === "localhost" || host === "::1" || host === "[::1]" || /^127(?:\.\d{1,3}){3}$/.test(host);
}

/** An http:// origin on this machine only: what browsers elsewhere (or a reverse proxy) never use. */
export function isLoopbackOrigin(origin: string): boolean {
  const url = new URL(origin);
  return url.protocol === "http:" && isLoopbackHost(url.hostname.toLowerCase());
}

/** The database the configuration names: DATABASE_URL's PostgreSQL, else the SQLite file. */
export const databaseTarget = (config: Config): DatabaseTarget => ({
  url: config.databaseUrl,
  path: config.databasePath,
  poolSize: config.databasePoolSize,
});
