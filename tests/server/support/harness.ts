// Test harness for the reference server: the REAL app (config, migrations, auth, guard, routes) on
// 127.0.0.1 with an ephemeral port and a throwaway database (a SQLite file, or on the PostgreSQL run a
// fresh PostgreSQL database: test-database.ts), a whitelisted ed25519 test wallet,
// a movable clock, and a small fetch client with a cookie jar that echoes XSRF-TOKEN like axios.
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import bs58 from "bs58";
import type { FastifyInstance } from "fastify";
import { buildApp, type BuildOptions } from "../../../server/app.ts";
import { loadConfig, type Config } from "../../../server/config.ts";
import { createContext, type AppContext, type ContextOptions } from "../../../server/context.ts";
import type { SettlementOptions } from "../../../server/settlement/index.ts";
import { createTestDatabase, type TestDatabase } from "./test-database.ts";

export interface TestWallet {
  /** base58 address */
  publicKey: string;
  /** Solana layout: seed ‖ public key (64 bytes). */
  secretKey: Uint8Array;
  /** Signs the UTF-8 bytes of `message`; returns the base58 signature. */
  sign(message: string | Uint8Array): string;
  privateKey: KeyObject;
}

export function createTestWallet(): TestWallet {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  return walletOf(privateKey, publicKey);
}

/** The wallet of a Solana secret key (base58 of seed ‖ public key), as the demo wallet hands it out. */
export function walletFromSecret(secretKey: string): TestWallet {
  // PKCS#8 wrapping of a raw Ed25519 seed (RFC 8410).
  const der = Buffer.concat([Buffer.from("302e020100300506032b657004220420", "hex"), Buffer.from(bs58.decode(secretKey).subarray(0, 32))]);
  const privateKey = createPrivateKey({ key: der, format: "der", type: "pkcs8" });
  return walletOf(privateKey, createPublicKey(privateKey));
}

function walletOf(privateKey: KeyObject, publicKey: KeyObject): TestWallet {
  const pub = Buffer.from(publicKey.export({ format: "jwk" }).x ?? "", "base64url");
  const seed = Buffer.from(privateKey.export({ format: "jwk" }).d ?? "", "base64url");
  return {
    publicKey: bs58.encode(pub),
    secretKey: new Uint8Array(Buffer.concat([seed, pub])),
    privateKey,
    sign: (message) =>
      bs58.encode(sign(null, typeof message === "string" ? Buffer.from(message, "utf8") : Buffer.from(message), privateKey)),
  };
}

export interface TestResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON body (undefined when the body is not JSON). Loosely typed on purpose: tests assert on it. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** Echo the XSRF-TOKEN cookie as X-XSRF-TOKEN on non-GET requests (default true, as axios does). */
  xsrf?: boolean;
}

/** A cookie-keeping HTTP client for the API. Paths not starting with /api get the /api/v1 prefix. */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  async request(method: string, path: string, options: RequestOptions = {}): Promise<TestResponse> {
    const url = this.baseUrl + (path.startsWith("/api") ? path : `/api/v1${path}`);
    const headers: Record<string, string> = { accept: "application/json", ...options.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const xsrf = this.cookies.get("XSRF-TOKEN");
    if (method.toUpperCase() !== "GET" && options.xsrf !== false && xsrf && !hasHeader(headers, "x-xsrf-token")) {
      headers["x-xsrf-token"] = decodeURIComponent(xsrf);
    }
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
      if (!hasHeader(headers, "content-type")) headers["content-type"] = "application/json";
    }
    const response = await fetch(url, { method, headers, body, redirect: "manual" });
    this.storeCookies(response.headers.getSetCookie());
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, body: parsed, text };
  }

  get = (path: string, options?: RequestOptions) => this.request("GET", path, options);
  post = (path: string, body?: unknown, options?: RequestOptions) => this.request("POST", path, { ...options, body });
  put = (path: string, body?: unknown, options?: RequestOptions) => this.request("PUT", path, { ...options, body });
  patch = (path: string, body?: unknown, options?: RequestOptions) => this.request("PATCH", path, { ...options, body });
  delete = (path: string, body?: unknown, options?: RequestOptions) => this.request("DELETE", path, { ...options, body });

  private storeCookies(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => {
        const [k, v] = a.split("=").map((s) => s.trim().toLowerCase());
        return (k === "max-age" && Number(v) <= 0) || (k === "expires" && Date.parse(v) <= Date.now());
      });
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

const hasHeader = (headers: Record<string, string>, name: string) => Object.keys(headers).some((k) => k.toLowerCase() === name);

export interface TestClock {
  /** Moves the server's clock forward (sessions, nonces, timestamps all follow). */
  advance(ms: number): void;
  /** Current server time, epoch ms. */
  now(): number;
}

export interface TestServerOptions {
  /** Extra or overriding environment variables for loadConfig (PUBLIC_ORIGIN, NODE_ENV, HOST...). */
  env?: Record<string, string | undefined>;
  /** Direct config overrides after loading (e.g. authRateLimit, staticDir). */
  config?: Partial<Config>;
  /** The whitelisted admin this server's `signIn()` uses (default: a new wallet). */
  adminWallet?: TestWallet;
  /** More whitelisted wallets besides `adminWallet`. */
  extraAdminWallets?: TestWallet[];
  /**
   * The data folder and database of an earlier server (a restart with another configuration): this
   * server's close() leaves them for the test to remove (`restartable()`).
   */
  reuse?: Restartable;
  /** Replaces the resource routes behind the admin guard (guard tests use a probe). */
  resources?: BuildOptions["resources"];
  /** Where the server's JSON log lines go (set LOG_LEVEL in `env` to have any). */
  logStream?: BuildOptions["logStream"];
  /** Runs on the fresh context before the server listens (e.g. E's seeder). */
  prepare?: (ctx: AppContext) => Promise<void> | void;
  /** A settlement service: true = the in-process chain in the test's data folder. Default none (503). */
  settlement?: boolean | Partial<SettlementOptions>;
  /** The resource modules served (default: server/resources/index.ts's; a test may add its own). */
  resourceModules?: ContextOptions["resourceModules"];
}

export interface TestServer {
  baseUrl: string;
  ctx: AppContext;
  app: FastifyInstance;
  clock: TestClock;
  /** Whitelisted in ADMIN_WALLETS; signs in as an ADMIN. */
  adminWallet: TestWallet;
  newWallet(): TestWallet;
  /** A client without a session. */
  client(): TestClient;
  /** Runs nonce → sign → verify and returns the signed-in client; throws if sign-in is refused. */
  signIn(wallet?: TestWallet): Promise<TestClient>;
  close(): Promise<void>;
}

/**
 * Runs nonce → sign → verify against the server at `baseUrl` (the harness's, or one a test started
 * as a process) and returns the signed-in client; throws if sign-in is refused.
 */
export async function signInAt(baseUrl: string, wallet: TestWallet): Promise<TestClient> {
  const c = new TestClient(baseUrl);
  const challenge = await c.get(`/auth/nonce?publicKey=${wallet.publicKey}`);
  if (challenge.status !== 200) throw new Error(`nonce refused: ${challenge.status} ${challenge.text}`);
  const { nonce, message } = challenge.body.data as { nonce: string; message: string };
  const verified = await c.post("/auth/admin/verify", { publicKey: wallet.publicKey, signature: wallet.sign(message), nonce, message });
  if (verified.status !== 200) throw new Error(`sign-in refused: ${verified.status} ${verified.text}`);
  return c;
}

export const TEST_PUBLIC_ORIGIN = "http://localhost:5173";

/** A data folder and database that outlive the servers started on them, one after the other. */
export interface Restartable {
  dir: string;
  database: TestDatabase;
  remove(): Promise<void>;
}

export async function restartable(): Promise<Restartable> {
  const dir = mkdtempSync(join(tmpdir(), "mkt-admin-restart-"));
  const database = await createTestDatabase(dir);
  return {
    dir,
    database,
    async remove() {
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dir = options.reuse?.dir ?? mkdtempSync(join(tmpdir(), "mkt-admin-test-"));
  const adminWallet = options.adminWallet ?? createTestWallet();
  const whitelist = [adminWallet, ...(options.extraAdminWallets ?? [])].map((w) => w.publicKey).join(",");
  const database = options.reuse?.database ?? (await createTestDatabase(dir));
  const env = {
    HOST: "127.0.0.1",
    PUBLIC_ORIGIN: TEST_PUBLIC_ORIGIN,
    ADMIN_WALLETS: whitelist,
    ...database.env,
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    ...options.env,
  };
  const loaded = loadConfig(env, dir);
  const config: Config = {
    ...loaded,
    // Sign-in tests run many nonces per minute; the rate-limit test sets its own limit.
    authRateLimit: { max: 1000, windowMs: 60_000 },
    staticDir: join(dir, "no-console"),
    ...options.config,
  };
  let offset = 0;
  const clock: TestClock = { advance: (ms) => void (offset += ms), now: () => Date.now() + offset };
  const settlement = options.settlement ? { dataDir: config.dataDir, ...(options.settlement === true ? {} : options.settlement) } : null;
  const ctx = await createContext(config, { now: clock.now, settlement, resourceModules: options.resourceModules });
  await options.prepare?.(ctx);
  const app = await buildApp(ctx, { resources: options.resources, logStream: options.logStream });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;

  const client = () => new TestClient(baseUrl);
  const signIn = (wallet: TestWallet = adminWallet) => signInAt(baseUrl, wallet);

  return {
    baseUrl,
    ctx,
    app,
    clock,
    adminWallet,
    newWallet: createTestWallet,
    client,
    signIn,
    async close() {
      await app.close();
      await ctx.close();
      if (options.reuse) return;
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Two instances of the server on one database, as several are deployed (one SESSION_SECRET). */
export interface TwoInstances {
  first: TestServer;
  /** Also whitelists the first's admin wallet, so that admin signs in on either. */
  second: TestServer;
  close(): Promise<void>;
}

export async function startTwoInstances(options: TestServerOptions = {}): Promise<TwoInstances> {
  const dir = mkdtempSync(join(tmpdir(), "two-instances-"));
  const database = await createTestDatabase(dir, "shared.sqlite");
  const shared = { ...options, env: { ...options.env, ...database.env, SESSION_SECRET: "one-secret-for-every-instance-of-this-server" } };
  const first = await startTestServer(shared);
  const second = await startTestServer({ ...shared, extraAdminWallets: [...(options.extraAdminWallets ?? []), first.adminWallet] });
  return {
    first,
    second,
    async close() {
      await second.close();
      await first.close();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
