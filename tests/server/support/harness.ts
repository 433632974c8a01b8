// Test harness for the reference server: the REAL app (config, migrations, auth, guard, routes) on
// 127.0.0.1 with an ephemeral port and a throwaway database (a SQLite file, or on the PostgreSQL run a
// fresh PostgreSQL database: test-database.ts), a whitelisted ed25519 test wallet,
// a movable clock, and a small fetch client with a cookie jar that echoes XSRF-TOKEN like axios
// (those two: tests/support/api-client.ts).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import type { FastifyInstance } from "fastify";
import type { TeamRole } from "../../../contract/permissions.ts";
import { buildApp, type BuildOptions } from "../../../server/app.ts";
import { loadConfig, type Config } from "../../../server/config.ts";
import { createContext, type AppContext, type ContextOptions } from "../../../server/context.ts";
import type { Db } from "../../../server/db/connection.ts";
import type { SettlementOptions } from "../../../server/settlement/index.ts";
import { createTestWallet, signInAt, TestClient, type TestWallet } from "../../support/api-client.ts";
import { createTestDatabase, type TestDatabase } from "./test-database.ts";

export {
  createTestWallet,
  signInAt,
  TestClient,
  walletFromSecret,
  type RequestOptions,
  type TestResponse,
  type TestWallet,
} from "../../support/api-client.ts";

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
  /** Sees every route as it is registered (a test walking every route). */
  onRoute?: BuildOptions["onRoute"];
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

/**
 * Servers started one after the other on one Restartable, `settlement` (read at each start) their
 * backend: each start closes the previous server. Registers its hooks in the calling suite: the data
 * made before all tests, the server closed after each, the data removed after all.
 */
export function restartingServers(settlement: () => TestServerOptions["settlement"]) {
  let data: Restartable;
  let server: TestServer | undefined;
  beforeAll(async () => {
    data = await restartable();
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  afterAll(async () => {
    await data?.remove();
  });
  return async function start(primary: TestWallet, others: TestWallet[], env: Record<string, string> = {}): Promise<TestServer> {
    await server?.close();
    server = await startTestServer({ reuse: data, settlement: settlement(), adminWallet: primary, extraAdminWallets: others, env });
    return server;
  };
}

/** The marketplace's dispute resolution limit, set straight in the database (null: none, as before initialization). */
export async function setDisputeLimit(db: Db, limitSeconds: number | null): Promise<void> {
  const updated = await db
    .updateTable("marketplaceConfig")
    .set({ disputeResolutionLimit: limitSeconds })
    .where("id", "=", 1)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n)
    await db.insertInto("marketplaceConfig").values({ id: 1, initialized: 0, disputeResolutionLimit: limitSeconds }).execute();
}

export interface TwoAdmins {
  server: TestServer;
  /** The first admin, named FIRST_ADMIN_NAME (how an audit entry or a 409 names the admin). */
  api: TestClient;
  /** A second admin, for what two admins do at once or one does to the other's work. */
  other: TestClient;
  otherWallet: TestWallet;
}

export const FIRST_ADMIN_NAME = "Dana Admin";

/** A server with two admins, both signed in; the first one named. */
export async function startWithTwoAdmins(): Promise<TwoAdmins> {
  const second = createTestWallet();
  const server = await startTestServer({ extraAdminWallets: [second] });
  const [api, other] = [await server.signIn(), await server.signIn(second)];
  await server.ctx.db
    .updateTable("users")
    .set({ displayName: FIRST_ADMIN_NAME })
    .where("publicKey", "=", server.adminWallet.publicKey)
    .execute();
  return { server, api, other, otherWallet: second };
}

/** A member of the server's admin team in `role` (put in the team's table, as an owner's Add does), signed in. */
export async function signInTeamMember(server: TestServer, role: TeamRole): Promise<{ client: TestClient; publicKey: string }> {
  const wallet = createTestWallet();
  const now = new Date(server.clock.now()).toISOString();
  await server.ctx.db
    .insertInto("adminTeam")
    .values({ publicKey: wallet.publicKey, role, addedBy: server.adminWallet.publicKey, addedAt: now, updatedAt: now })
    .execute();
  return { client: await server.signIn(wallet), publicKey: wallet.publicKey };
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
  const app = await buildApp(ctx, { resources: options.resources, logStream: options.logStream, onRoute: options.onRoute });
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

/** GET `path`'s default page (page 1 of 20): answered in the paged shape with these counts; its items. */
export async function defaultPage(client: TestClient, path: string, counts: { total: number; totalPages: number }) {
  const res = await client.get(path);
  expect(res.status, res.text).toBe(200);
  const { items, total, page, limit, totalPages } = res.body.data;
  expect({ total, page, limit, totalPages }).toEqual({ ...counts, page: 1, limit: 20 });
  return items;
}
