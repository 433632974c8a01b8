// npm run bench:api [-- --sizes 10000,1000000 --requests 500]
// Seeds one temporary database per size (orders, and one user per five orders), starts the real
// server on each (own process, real HTTP, admin session and guard included), and times the orders
// and users list calls: page 1 and a deep page, with and without a filter. Requests alternate
// between the servers, so a busy machine slows every size alike. Target: p95 <= 20 ms at the
// largest size and at most twice the p95 of the smallest.
import { spawn, type ChildProcess } from "node:child_process";
import { generateKeyPairSync, sign } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import bs58 from "bs58";
import { openDatabase } from "../server/db/connection.ts";
import { seedDatabase } from "../server/seed/index.ts";

const P95_LIMIT_MS = 20;
const RATIO_LIMIT = 2;
const WARMUP = 30;

interface Scenario {
  label: string;
  path: string;
  /** Which page: the first, or one in the middle of the list (the deepest walk for OFFSET paging). */
  deep: boolean;
}

const SCENARIOS: Omit<Scenario, "deep">[] = [
  { label: "orders", path: "/admin/orders" },
  { label: "orders filter=ongoing", path: "/admin/orders?filter=ongoing" },
  { label: "orders filter=in_dispute", path: "/admin/orders?filter=in_dispute" },
  { label: "users", path: "/users" },
  { label: "users verified=true&disabled=false", path: "/users?verified=true&disabled=false" },
  { label: "users role=USER&verified=false", path: "/users?role=USER&verified=false" },
];

function wallet() {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const raw = Buffer.from(publicKey.export({ format: "jwk" }).x ?? "", "base64url");
  return {
    publicKey: bs58.encode(raw),
    sign: (message: string) => bs58.encode(sign(null, Buffer.from(message, "utf8"), privateKey)),
  };
}
type Wallet = ReturnType<typeof wallet>;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** A cookie-keeping client that echoes XSRF-TOKEN, as the console's axios does. */
class Client {
  private readonly cookies = new Map<string, string>();
  constructor(readonly base: string) {}

  async request(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
    const headers: Record<string, string> = { accept: "application/json" };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const xsrf = this.cookies.get("XSRF-TOKEN");
    if (method !== "GET" && xsrf) headers["x-xsrf-token"] = decodeURIComponent(xsrf);
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(this.base + "/api/v1" + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair.indexOf("=");
      this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    const text = await response.text();
    return { status: response.status, json: text ? JSON.parse(text) : undefined };
  }
}

interface Target {
  size: number;
  dir: string;
  child: ChildProcess;
  client: Client;
}

async function prepare(size: number, admin: Wallet): Promise<Target> {
  const dir = mkdtempSync(join(tmpdir(), `bench-api-${size}-`));
  const dbPath = join(dir, "bench.sqlite");
  const opened = await openDatabase(dbPath);
  const summary = await seedDatabase(opened, { orders: size, adminWallets: [admin.publicKey] });
  await opened.close();
  console.log(`  ${size.toLocaleString("en-US")} orders, ${summary.users.toLocaleString("en-US")} users seeded in ${(summary.ms / 1000).toFixed(1)} s`);

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_ORIGIN: origin,
      DATABASE_PATH: dbPath,
      ADMIN_WALLETS: admin.publicKey,
      NODE_ENV: "production",
      LOG_LEVEL: "silent",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const client = new Client(origin);
  try {
    await signIn(client, admin, child);
  } catch (error) {
    child.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return { size, dir, child, client };
}

/** Signs in as soon as the server answers (it is still starting when this is first called). */
async function signIn(client: Client, admin: Wallet, child: ChildProcess): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      const challenge = await client.request("GET", `/auth/nonce?publicKey=${admin.publicKey}`);
      if (challenge.status !== 200) throw new Error(`nonce: ${challenge.status}`);
      const { nonce, message } = challenge.json.data as { nonce: string; message: string };
      const verified = await client.request("POST", "/auth/admin/verify", { publicKey: admin.publicKey, signature: admin.sign(message), nonce, message });
      if (verified.status !== 200) throw new Error(`sign-in refused: ${verified.status} ${JSON.stringify(verified.json)}`);
      break;
    } catch (error) {
      if (attempt > 150 || child.exitCode !== null) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

interface Measured {
  p50: number;
  p95: number;
  page: number;
  total: number;
}

async function measure(targets: Target[], scenario: Scenario, requests: number): Promise<Measured[]> {
  // The page to ask for, per target: 1, or the middle of that list.
  const pages: number[] = [];
  for (const t of targets) {
    const first = await t.client.request("GET", scenario.path);
    if (first.status !== 200) throw new Error(`${scenario.path}: ${first.status} ${JSON.stringify(first.json)}`);
    pages.push(scenario.deep ? Math.max(1, Math.ceil(first.json.data.totalPages / 2)) : 1);
  }
  const samples: number[][] = targets.map(() => []);
  const totals: number[] = targets.map(() => 0);
  for (let i = 0; i < WARMUP + requests; i++) {
    // Take turns going first, so neither size always follows the other's response.
    const order = i % 2 ? [...targets.keys()].reverse() : [...targets.keys()];
    for (const k of order) {
      const t = targets[k];
      const path = `${scenario.path}${scenario.path.includes("?") ? "&" : "?"}page=${pages[k]}`;
      const started = performance.now();
      const res = await t.client.request("GET", path);
      const elapsed = performance.now() - started;
      if (res.status !== 200 || res.json.data.items.length === 0) throw new Error(`${path}: ${res.status}, ${res.json?.data?.items?.length} items`);
      totals[k] = res.json.data.total;
      if (i >= WARMUP) samples[k].push(elapsed);
    }
  }
  return samples.map((s, k) => {
    const sorted = [...s].sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), page: pages[k], total: totals[k] };
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { sizes: { type: "string" }, requests: { type: "string" } } });
  const sizes = (values.sizes ?? "10000,1000000").split(",").map((s) => Number(s.replace(/_/g, "")));
  const requests = Number(values.requests ?? 500);
  if (sizes.some((s) => !Number.isSafeInteger(s) || s < 100) || !Number.isSafeInteger(requests) || requests < 20) {
    throw new Error("--sizes takes order counts of at least 100, --requests a count of at least 20");
  }
  const admin = wallet();
  const targets: Target[] = [];
  try {
    console.log("Seeding and starting one server per size:");
    for (const size of sizes) targets.push(await prepare(size, admin));
    console.log(`\n${requests} timed requests per row (after ${WARMUP} warm-up), alternating between sizes; times in ms.\n`);
    const header = ["call", "page", ...sizes.flatMap((s) => [`p50@${short(s)}`, `p95@${short(s)}`]), "total@largest", "verdict"];
    const rows: string[][] = [header];
    let failed = 0;
    for (const base of SCENARIOS) {
      for (const deep of [false, true]) {
        const results = await measure(targets, { ...base, deep }, requests);
        const smallest = results[0];
        const largest = results[results.length - 1];
        const ok = largest.p95 <= P95_LIMIT_MS && largest.p95 <= RATIO_LIMIT * smallest.p95;
        if (!ok) failed++;
        rows.push([
          base.label,
          deep ? `deep (${results.map((r) => r.page).join(" / ")})` : "1",
          ...results.flatMap((r) => [r.p50.toFixed(2), r.p95.toFixed(2)]),
          largest.total.toLocaleString("en-US"),
          ok ? "ok" : `FAIL (${(largest.p95 / smallest.p95).toFixed(2)}x)`,
        ]);
      }
    }
    const widths = header.map((_, c) => Math.max(...rows.map((r) => r[c].length)));
    for (const row of rows) console.log(row.map((cell, c) => cell.padEnd(widths[c])).join("  "));
    console.log(
      failed
        ? `\n${failed} row(s) miss the target (p95 <= ${P95_LIMIT_MS} ms at ${short(sizes[sizes.length - 1])}, <= ${RATIO_LIMIT}x the p95 at ${short(sizes[0])}).`
        : `\nAll rows meet the target: p95 <= ${P95_LIMIT_MS} ms at ${short(sizes[sizes.length - 1])} and <= ${RATIO_LIMIT}x the p95 at ${short(sizes[0])}.`,
    );
    process.exitCode = failed ? 1 : 0;
  } finally {
    for (const t of targets) {
      t.child.kill("SIGTERM");
      await new Promise((r) => (t.child.exitCode !== null ? r(null) : t.child.once("exit", r)));
      rmSync(t.dir, { recursive: true, force: true });
    }
  }
}

function short(n: number): string {
  return n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1000 ? `${n / 1000}k` : String(n);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
