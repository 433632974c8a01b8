// What talks to a running server as the console does: ed25519 wallets (generated, or the demo
// wallet's secret key), a cookie-keeping fetch client that echoes XSRF-TOKEN like axios, and the
// sign-in (nonce, signature, verify). Shared by the server tests (harness.ts) and the scripts that
// drive a real server (scripts/smoke-start.ts); nothing here needs Vitest.
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import bs58 from "bs58";

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
  constructor(
    readonly baseUrl: string,
    readonly cookies = new Map<string, string>(),
  ) {}

  /** The same cookies (the same session) sent to another server, e.g. another instance on the same database. */
  at(baseUrl: string): TestClient {
    return new TestClient(baseUrl, this.cookies);
  }

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

/**
 * Runs nonce → sign → verify against the server at `baseUrl` (the harness's, or one a test started
 * as a process) and returns the signed-in client; throws if sign-in is refused.
 */
export async function signInAt(baseUrl: string, wallet: TestWallet): Promise<TestClient> {
  const c = new TestClient(baseUrl);
  await signInWith(c, wallet);
  return c;
}

/** The same sign-in on a client of one's own (its cookies then hold the session); throws if it is refused. */
export async function signInWith(c: TestClient, wallet: TestWallet): Promise<void> {
  const challenge = await c.get(`/auth/nonce?publicKey=${wallet.publicKey}`);
  if (challenge.status !== 200) throw new Error(`nonce refused: ${challenge.status} ${challenge.text}`);
  const { nonce, message } = challenge.body.data as { nonce: string; message: string };
  const verified = await c.post("/auth/admin/verify", { publicKey: wallet.publicKey, signature: wallet.sign(message), nonce, message });
  if (verified.status !== 200) throw new Error(`sign-in refused: ${verified.status} ${verified.text}`);
}
