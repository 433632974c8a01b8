// npm run bench:api [-- --sizes 10000,1000000 --requests 500 --engines sqlite,postgres --clients 16 --seconds 10 --only lists|daily]
// Seeds one temporary database per engine and size (orders, and one user per five orders), starts the
// real server on each (own process, real HTTP, admin session and guard included), and times the
// orders and users list calls: page 1 and a deep page, with and without a filter. Requests alternate
// between all the servers (every engine, every size), so a busy machine slows them all alike. Target,
// per engine: p95 <= 20 ms at the largest size and at most twice the p95 of the smallest.
// Then the dashboard's aggregate (GET /admin/orders/stats/daily?days=30: a GROUP BY over the window's
// orders, not a page): its p50/p95 per engine and size, reported, not judged. `--only lists` or
// `--only daily` runs one of the two tables.
// Then, per engine at the largest size, throughput: requests/s of one server instance against three
// instances on the same database (same SESSION_SECRET and ADMIN_WALLETS; the one sign-in's cookies are
// used on all three), driven by a fixed number of requests in flight. Reported, not judged.
// PostgreSQL runs in one throw-away cluster (tests/support/postgres.ts), one database per size.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { openDatabase, runOnPostgres } from "../server/db/connection.ts";
import { MIGRATIONS } from "../server/resources/index.ts";
import { seedDatabase } from "../server/seed/index.ts";
import { createTestWallet, signInWith, TestClient, type TestWallet } from "../tests/support/api-client.ts";
import { freePort } from "../tests/support/free-port.ts";
import { postgresBin, startCluster, type Cluster } from "../tests/support/postgres.ts";
import { onCleanUp, runWithCleanUp, tempDir } from "./support/clean-up.ts";
import { valueOptions } from "./support/options.ts";

const P95_LIMIT_MS = 20;
const RATIO_LIMIT = 2;
const WARMUP = 30;
/** Throughput: seconds of load on all three instances before anything is counted (the new ones start cold). */
const THROUGHPUT_WARMUP_S = 2;

type Engine = "sqlite" | "postgres";
const ENGINES: Engine[] = ["sqlite", "postgres"];
const LABEL: Record<Engine, string> = { sqlite: "sqlite", postgres: "pg" };

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

/** Calls that answer one aggregate rather than a page (no deep page; the answer must have `days`). */
const AGGREGATES: Omit<Scenario, "deep">[] = [{ label: "orders stats/daily days=30", path: "/admin/orders/stats/daily?days=30" }];

/** What every server of the run shares: the admin who signs in and the session secret. */
interface Shared {
  admin: TestWallet;
  sessionSecret: string;
}

/** SIGTERM, then SIGKILL if the server has not exited within 30 s. Safe to call twice. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  await exited;
  clearTimeout(timer);
}

/** A seeded database: the SQLite file, or a PostgreSQL database (its URL) with a data folder beside. */
interface BenchDatabase {
  engine: Engine;
  size: number;
  /** DATABASE_PATH: the SQLite file, or on PostgreSQL only the server's data folder (chain, keys). */
  path: string;
  /** DATABASE_URL on PostgreSQL; null on SQLite. */
  url: string | null;
}

interface Instance {
  child: ChildProcess;
  origin: string;
  client: TestClient;
}

interface Target {
  db: BenchDatabase;
  /** The first instance, signed in; more join for the throughput run. */
  instances: Instance[];
}

let cluster: Cluster | null = null;

async function postgresCluster(): Promise<Cluster> {
  if (!cluster) {
    const started = await startCluster();
    onCleanUp(() => started.stop());
    cluster = started;
  }
  return cluster;
}

async function seed(engine: Engine, size: number, admin: TestWallet): Promise<BenchDatabase> {
  const dir = tempDir(`bench-api-${engine}-${size}-`);
  const path = join(dir, "bench.sqlite");
  let url: string | null = null;
  if (engine === "postgres") {
    const pgCluster = await postgresCluster();
    const name = `bench_${size}`;
    await runOnPostgres(pgCluster.url, `CREATE DATABASE "${name}"`);
    url = pgCluster.urlOf(name);
  }
  const opened = await openDatabase(url ? { url, path } : path, MIGRATIONS);
  try {
    const summary = await seedDatabase(opened, { orders: size, adminWallets: [admin.publicKey] });
    console.log(
      `  ${LABEL[engine]}: ${size.toLocaleString("en-US")} orders, ${summary.users.toLocaleString("en-US")} users seeded in ${(summary.ms / 1000).toFixed(1)} s`,
    );
  } finally {
    await opened.close();
  }
  return { engine, size, path, url };
}

/** Starts one server process on the database; it answers once `ready` (given the instance) resolves. */
async function startInstance(
  db: BenchDatabase,
  shared: Shared,
  client: TestClient | null,
  ready: (instance: Instance) => Promise<void>,
): Promise<Instance> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_ORIGIN: origin,
      DATABASE_PATH: db.path,
      DATABASE_URL: db.url ?? "",
      SESSION_SECRET: shared.sessionSecret,
      ADMIN_WALLETS: shared.admin.publicKey,
      NODE_ENV: "production",
      LOG_LEVEL: "silent",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  onCleanUp(() => stopChild(child));
  const instance = { child, origin, client: client ? client.at(origin) : new TestClient(origin) };
  await ready(instance);
  return instance;
}

/** Retries `attempt` while the server is still starting (connection refused); gives up after 60 s or if it exited. */
async function whenUp(child: ChildProcess, attempt: () => Promise<"done" | "retry">): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await attempt()) === "done") return;
    } catch (error) {
      const refused = error instanceof TypeError && /fetch failed/.test(error.message);
      if (!refused) throw error;
      if (Date.now() > deadline) throw new Error(`the server did not answer within 60 s: ${error.message}`);
    }
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before answering`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Signs in as soon as the server answers. */
async function signIn({ client, child }: Instance, admin: TestWallet): Promise<void> {
  await whenUp(child, async () => {
    await signInWith(client, admin);
    return "done";
  });
}

/** Waits until another instance answers, and checks it accepts the session signed in on the first. */
async function sessionAccepted({ client, child }: Instance): Promise<void> {
  await whenUp(child, async () => {
    const res = await client.get("/admin/orders");
    if (res.status === 200) return "done";
    throw new Error(`${client.baseUrl}: the session signed in on the first instance is refused (${res.status} ${res.text})`);
  });
}

async function prepare(db: BenchDatabase, shared: Shared): Promise<Target> {
  const first = await startInstance(db, shared, null, (instance) => signIn(instance, shared.admin));
  return { db, instances: [first] };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function withPage(path: string, page: number): string {
  return `${path}${path.includes("?") ? "&" : "?"}page=${page}`;
}

/** The page a scenario asks for on this server: 1, or the middle of that list. */
async function pageOf(client: TestClient, scenario: Scenario): Promise<number> {
  const first = await client.get(scenario.path);
  if (first.status !== 200) throw new Error(`${scenario.path}: ${first.status} ${first.text}`);
  return scenario.deep ? Math.max(1, Math.ceil(first.body.data.totalPages / 2)) : 1;
}

interface Measured {
  p50: number;
  p95: number;
  page: number;
  total: number;
}

/** Times `scenario` on every target; `aggregate`: the path as it is, no page, an answer with `days`. */
async function measure(targets: Target[], scenario: Scenario, requests: number, aggregate = false): Promise<Measured[]> {
  const clients = targets.map((t) => t.instances[0].client);
  const pages: number[] = [];
  for (const client of clients) pages.push(aggregate ? 1 : await pageOf(client, scenario));
  const samples: number[][] = targets.map(() => []);
  const totals: number[] = targets.map(() => 0);
  for (let i = 0; i < WARMUP + requests; i++) {
    // Take turns going first, so no target always follows another's response.
    const order = i % 2 ? [...targets.keys()].reverse() : [...targets.keys()];
    for (const k of order) {
      const path = aggregate ? scenario.path : withPage(scenario.path, pages[k]);
      const started = performance.now();
      const res = await clients[k].get(path);
      const elapsed = performance.now() - started;
      if (res.status !== 200 || (aggregate ? !res.body.data.days?.length : res.body.data.items.length === 0)) {
        throw new Error(`${LABEL[targets[k].db.engine]} ${short(targets[k].db.size)} ${path}: ${res.status}, ${res.text.slice(0, 300)}`);
      }
      totals[k] = aggregate
        ? res.body.data.days.reduce((sum: number, day: { orders: number }) => sum + day.orders, 0)
        : res.body.data.total;
      if (i >= WARMUP) samples[k].push(elapsed);
    }
  }
  return samples.map((s, k) => {
    const sorted = [...s].sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), page: pages[k], total: totals[k] };
  });
}

/** Cells joined, each value once: "a" when all agree, else "a / b". */
function distinct(values: string[]): string {
  return [...new Set(values)].join(" / ");
}

/** Prints rows as columns padded to their widest cell; the first row is the header. */
function printTable(rows: string[][]): void {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  for (const row of rows)
    console.log(
      row
        .map((cell, c) => cell.padEnd(widths[c]))
        .join("  ")
        .trimEnd(),
    );
}

/** The p50 and p95 columns' titles, per engine then per size: the order of measure()'s results. */
function timingHeader(engines: Engine[], sizes: number[]): string[] {
  return engines.flatMap((engine) => sizes.flatMap((s) => [`${LABEL[engine]} p50@${short(s)}`, `${LABEL[engine]} p95@${short(s)}`]));
}

/** The p50 and p95 cells of one call, in timingHeader()'s order. */
function timingCells(results: Measured[]): string[] {
  return results.flatMap((r) => [r.p50.toFixed(2), r.p95.toFixed(2)]);
}

/** Prints the latency table; returns the number of failed verdicts. */
async function latencyTable(targets: Target[], engines: Engine[], sizes: number[], requests: number): Promise<number> {
  const at = (e: number, s: number) => e * sizes.length + s;
  const largest = sizes.length - 1;
  const header = [
    "call",
    "page",
    ...timingHeader(engines, sizes),
    `total@${short(sizes[largest])}`,
    ...engines.map((engine) => `${LABEL[engine]} verdict`),
  ];
  const rows: string[][] = [header];
  const failed = engines.map(() => 0);
  for (const base of SCENARIOS) {
    for (const deep of [false, true]) {
      const results = await measure(targets, { ...base, deep }, requests);
      const verdicts = engines.map((_, e) => {
        const smallest = results[at(e, 0)];
        const top = results[at(e, largest)];
        const misses = [
          ...(top.p95 > P95_LIMIT_MS ? [`> ${P95_LIMIT_MS} ms`] : []),
          ...(top.p95 > RATIO_LIMIT * smallest.p95 ? [`${(top.p95 / smallest.p95).toFixed(2)}x`] : []),
        ];
        if (misses.length) failed[e]++;
        return misses.length ? `FAIL (${misses.join(", ")})` : "ok";
      });
      rows.push([
        base.label,
        deep ? `deep (${sizes.map((_, s) => distinct(engines.map((_e, e) => String(results[at(e, s)].page)))).join(" / ")})` : "1",
        ...timingCells(results),
        distinct(engines.map((_, e) => results[at(e, largest)].total.toLocaleString("en-US"))),
        ...verdicts,
      ]);
    }
  }
  printTable(rows);
  const rule = `p95 <= ${P95_LIMIT_MS} ms at ${short(sizes[largest])} and <= ${RATIO_LIMIT}x the p95 at ${short(sizes[0])}`;
  console.log("");
  engines.forEach((engine, e) => {
    console.log(
      failed[e]
        ? `${LABEL[engine]}: ${failed[e]} of ${rows.length - 1} rows miss the target (${rule}).`
        : `${LABEL[engine]}: all ${rows.length - 1} rows meet the target (${rule}).`,
    );
  });
  return failed.reduce((a, b) => a + b, 0);
}

/** Prints the aggregates' times per engine and size (reported, not judged). */
async function aggregateTable(targets: Target[], engines: Engine[], sizes: number[], requests: number): Promise<void> {
  const at = (e: number, s: number) => e * sizes.length + s;
  const largest = sizes.length - 1;
  const header = ["call", ...timingHeader(engines, sizes), `orders in window@${short(sizes[largest])}`];
  const rows: string[][] = [header];
  for (const base of AGGREGATES) {
    const results = await measure(targets, { ...base, deep: false }, requests, true);
    rows.push([
      base.label,
      ...timingCells(results),
      distinct(engines.map((_, e) => results[at(e, largest)].total.toLocaleString("en-US"))),
    ]);
  }
  printTable(rows);
}

interface Load {
  requests: number;
  ms: number;
  latencies: number[];
  errors: Map<string, number>;
}

function emptyLoad(): Load {
  return { requests: 0, ms: 0, latencies: [], errors: new Map() };
}

/**
 * `inFlight` requests at all times for `seconds`: request n goes to instance n mod count, and each
 * instance walks through every call in turn. The time counted runs until the last answer.
 */
async function drive(clients: TestClient[], calls: string[], inFlight: number, seconds: number, into: Load): Promise<void> {
  let next = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const n = next++;
      const client = clients[n % clients.length];
      const path = calls[Math.floor(n / clients.length) % calls.length];
      const sent = performance.now();
      let outcome: string | null;
      try {
        const res = await client.get(path);
        outcome = res.status === 200 ? null : `${res.status} ${path}: ${res.text.slice(0, 200)}`;
      } catch (error) {
        outcome = `${path}: ${error instanceof Error ? error.message : String(error)}`;
      }
      into.latencies.push(performance.now() - sent);
      into.requests++;
      if (outcome) into.errors.set(outcome, (into.errors.get(outcome) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  into.ms += performance.now() - started;
}

interface ThroughputRow {
  engine: Engine;
  instances: number;
  load: Load;
}

/**
 * One instance against three on the target's database. Two more servers join (one after the other:
 * they share the data folder and its in-process chain, which each opens at start) and must accept
 * the first one's session. Load then runs in phases 1, 3, 3, 1 instances, `seconds` / 2 each, so a
 * machine getting busier or quieter meanwhile weighs on both alike.
 */
async function throughput(target: Target, shared: Shared, inFlight: number, seconds: number): Promise<ThroughputRow[]> {
  const first = target.instances[0];
  while (target.instances.length < 3) {
    target.instances.push(await startInstance(target.db, shared, first.client, sessionAccepted));
  }
  const calls: string[] = [];
  for (const base of SCENARIOS) {
    for (const deep of [false, true]) calls.push(withPage(base.path, await pageOf(first.client, { ...base, deep })));
  }
  const one = [first.client];
  const three = target.instances.map((i) => i.client);
  await drive(three, calls, inFlight, THROUGHPUT_WARMUP_S, emptyLoad());
  const loads = { 1: emptyLoad(), 3: emptyLoad() };
  for (const count of [1, 3, 3, 1] as const) await drive(count === 1 ? one : three, calls, inFlight, seconds / 2, loads[count]);
  // The extra instances go now, so they do not weigh on the next engine's run.
  for (const extra of target.instances.splice(1)) await stopChild(extra.child);
  return [
    { engine: target.db.engine, instances: 1, load: loads[1] },
    { engine: target.db.engine, instances: 3, load: loads[3] },
  ];
}

/** Prints the throughput table; returns the number of failed requests. */
function throughputTable(rows: ThroughputRow[]): number {
  const header = ["engine", "instances", "requests", "req/s", "p50 ms", "p95 ms", "errors", "vs 1"];
  const lines: string[][] = [header];
  let errors = 0;
  for (const { engine, instances, load } of rows) {
    const sorted = [...load.latencies].sort((a, b) => a - b);
    const rate = (load.requests / load.ms) * 1000;
    const single = rows.find((r) => r.engine === engine && r.instances === 1)!.load;
    const failedHere = [...load.errors.values()].reduce((a, b) => a + b, 0);
    errors += failedHere;
    lines.push([
      LABEL[engine],
      String(instances),
      load.requests.toLocaleString("en-US"),
      rate.toFixed(0),
      percentile(sorted, 50).toFixed(2),
      percentile(sorted, 95).toFixed(2),
      String(failedHere),
      `${(rate / ((single.requests / single.ms) * 1000)).toFixed(2)}x`,
    ]);
  }
  printTable(lines);
  for (const { engine, instances, load } of rows) {
    for (const [what, count] of load.errors) console.log(`  ${LABEL[engine]} x${instances}: ${count} x ${what}`);
  }
  return errors;
}

function parseEngines(raw: string | undefined): Engine[] {
  const installed = postgresBin() !== null;
  if (raw === undefined) {
    if (!installed) console.log("No PostgreSQL installed (initdb, pg_ctl): benchmarking SQLite only.");
    return installed ? [...ENGINES] : ["sqlite"];
  }
  const names = raw
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const engines = ENGINES.filter((engine) => names.some((n) => n === engine || n === LABEL[engine]));
  const unknown = names.filter((n) => !ENGINES.some((engine) => n === engine || n === LABEL[engine]));
  if (unknown.length || engines.length === 0) throw new Error(`--engines takes sqlite and/or postgres (got "${raw}")`);
  if (engines.includes("postgres") && !installed)
    throw new Error("--engines postgres: no PostgreSQL installed (initdb, pg_ctl): install Debian's postgresql package");
  return engines;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: valueOptions("sizes", "requests", "engines", "clients", "seconds", "only") });
  const sizes = (values.sizes ?? "10000,1000000").split(",").map((s) => Number(s.replace(/_/g, "")));
  const requests = Number(values.requests ?? 500);
  const inFlight = Number(values.clients ?? 16);
  const seconds = Number(values.seconds ?? 10);
  if (
    sizes.some((s) => !Number.isSafeInteger(s) || s < 100) ||
    new Set(sizes).size !== sizes.length ||
    !Number.isSafeInteger(requests) ||
    requests < 20
  ) {
    throw new Error("--sizes takes distinct order counts of at least 100, --requests a count of at least 20");
  }
  if (!Number.isSafeInteger(inFlight) || inFlight < 1 || !Number.isFinite(seconds) || seconds < 0) {
    throw new Error("--clients takes a count of at least 1, --seconds a duration (0: no throughput run)");
  }
  if (values.only !== undefined && values.only !== "lists" && values.only !== "daily")
    throw new Error(`--only takes lists or daily (got "${values.only}")`);
  const engines = parseEngines(values.engines);
  const shared: Shared = { admin: createTestWallet(), sessionSecret: randomBytes(32).toString("base64url") };
  const targets: Target[] = [];

  console.log(
    `Seeding and starting one server per engine and size (${engines.map((e) => LABEL[e]).join(", ")}; ${sizes.map(short).join(", ")} orders):`,
  );
  for (const engine of engines) {
    for (const size of sizes) targets.push(await prepare(await seed(engine, size, shared.admin), shared));
  }

  console.log(
    `\n${requests} timed requests per row and target (after ${WARMUP} warm-up), alternating between all ${targets.length} targets; times in ms.\n`,
  );
  const failed = values.only === "daily" ? 0 : await latencyTable(targets, engines, sizes, requests);
  if (values.only !== "lists") {
    console.log(`\nThe dashboard's aggregate (reported, not judged), ${requests} timed requests per target as above; times in ms.\n`);
    await aggregateTable(targets, engines, sizes, requests);
  }

  let errors = 0;
  if (seconds > 0) {
    const largest = sizes[sizes.length - 1];
    const pool = process.env.DATABASE_POOL_SIZE ?? "10";
    console.log(
      `\nThroughput at ${short(largest)} orders: one server instance vs three on the same database, ${inFlight} requests in flight ` +
        `(round-robin over the instances, mixing the ${SCENARIOS.length * 2} calls above), ${seconds} s per setup in phases of 1/3/3/1 instances ` +
        `after ${THROUGHPUT_WARMUP_S} s warm-up; ${availableParallelism()} CPU(s) here, shared by the servers, the database and this client` +
        `${engines.includes("postgres") ? `; PostgreSQL pool ${pool} connections per instance` : ""}.\n`,
    );
    const rows: ThroughputRow[] = [];
    for (const target of targets.filter((t) => t.db.size === largest)) rows.push(...(await throughput(target, shared, inFlight, seconds)));
    errors = throughputTable(rows);
    if (errors) console.log(`\n${errors} request(s) failed during the throughput run.`);
  }
  process.exitCode = failed || errors ? 1 : 0;
}

function short(n: number): string {
  return n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1000 ? `${n / 1000}k` : String(n);
}

runWithCleanUp(main, "the servers and the database");
