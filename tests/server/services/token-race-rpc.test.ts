// Edits of one token racing across two instances on one database (a SQLite file, or on the PostgreSQL
// run one PostgreSQL database) and `npm run chain` (the JSON-RPC node, in memory here). Whatever the
// interleaving, no token is ever active with decimals other than its mint's on chain, and no edit is
// lost without a word: each one either applies to the row as it is when it is written, or is refused
// (400, or 409 when the token kept changing under it). Adds, deactivations and hard deletes meeting
// another instance's write answer as if they came after it, never a 500. The interleavings are made on
// purpose: one instance's chain read is held while the other edits the token, or the other's write is
// in flight when one instance writes (whileAnotherWrites).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { DeleteQueryNode, InsertQueryNode, sql, TableNode, UpdateQueryNode, type RootOperationNode } from "kysely";
import { Keypair, type PublicKey } from "@solana/web3.js";
import { WRAPPED_SOL_MINT } from "../../../contract/index.ts";
import { TOKEN_CHANGED_MEANWHILE } from "../../../server/services/tokens.ts";
import { startTwoInstances, type TestClient, type TestServer, type TwoInstances } from "../support/harness.ts";
import { createMint, ext, pauseMint } from "../support/mint-support.ts";
import { plantMint, startRpcLoopback, type Loopback } from "../support/rpc-loopback.ts";
import { query } from "../support/test-database.ts";
import { eventually } from "../../support/wait.ts";

let loop: Loopback;
let instances: TwoInstances;
let first: TestServer;
let second: TestServer;
let onFirst: TestClient;
let onSecond: TestClient;
const issuer = Keypair.generate();
/** A pausable Token-2022 mint of 6 decimals, listed; each test starts with its token inactive. */
let mint: PublicKey;
let id: string;

beforeAll(async () => {
  loop = await startRpcLoopback();
  instances = await startTwoInstances({ settlement: { cluster: loop.url, rpc: { pollIntervalMs: 5, airdrop: true } } });
  ({ first, second } = instances);
  [onFirst, onSecond] = await Promise.all([first.signIn(), second.signIn(first.adminWallet)]);
  await first.ctx.settlementBackend!.ledger.airdrop!(issuer.publicKey, 10n ** 11n);
  mint = await createMint(first.ctx.settlementBackend!.ledger, issuer, { decimals: 6, extensions: [ext.pausable(issuer.publicKey)] });
  const created = await onFirst.post("/tokens/admin", {
    mintAddress: mint.toBase58(),
    symbol: "USDC",
    name: "USD Coin",
    decimals: 6,
    logoUrl: null,
  });
  expect(created.status, created.text).toBe(201);
  id = created.body.data.id;
});

afterAll(async () => {
  await instances?.close();
  await loop?.close();
});

// Straight in the database, so that a test that failed leaves the next one its starting row.
beforeEach(async () => {
  await first.ctx.db
    .updateTable("tokens")
    .set({ isActive: 0, decimals: 6, symbol: "USDC", name: "USD Coin" })
    .where("id", "=", id)
    .execute();
});

const row = () => first.ctx.db.selectFrom("tokens").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/** No token active with decimals other than its mint's (6). */
async function expectInvariant(): Promise<void> {
  const token = await row();
  expect(token.isActive === 1 && token.decimals !== 6, `active with ${token.decimals} decimals`).toBe(false);
}

/**
 * Holds `server`'s chain reads: each one is made, then `during` runs (what another admin does
 * meanwhile) before the read's answer goes back to the request that asked for it.
 */
function whileReading(server: TestServer, during: (read: number) => Promise<void>): () => void {
  const port = server.ctx.settlement!;
  const readMint = port.readMint!.bind(port);
  let reads = 0;
  port.readMint = async (address) => {
    const report = await readMint(address);
    await during(++reads);
    return report;
  };
  return () => void (port.readMint = readMint);
}

const DECIMALS_REFUSED = { field: "decimals", message: "The mint has 6 decimals on localnet" };

it("the reported race, held open 10 times: decimals 9 sent while a re-activation reads the chain are refused (400), the token is active with 6", async () => {
  for (let round = 1; round <= 10; round++) {
    // Both ways round: the instance re-activating alternates.
    const [activating, activator, editor] = round % 2 ? [first, onFirst, onSecond] : [second, onSecond, onFirst];
    let edit: Awaited<ReturnType<TestClient["patch"]>> | undefined;
    const restore = whileReading(activating, async () => {
      edit = await editor.patch(`/tokens/admin/${id}`, { decimals: 9 });
    });
    try {
      const activated = await activator.patch(`/tokens/admin/${id}`, { isActive: true });
      await expectInvariant();
      expect(edit?.status, edit?.text).toBe(400);
      expect(edit?.body.errors).toEqual([DECIMALS_REFUSED]);
      expect(activated.status, activated.text).toBe(200);
      expect(activated.body.data).toMatchObject({ isActive: true, decimals: 6 });
    } finally {
      restore();
    }
    expect((await activator.patch(`/tokens/admin/${id}`, { isActive: false })).status).toBe(200);
  }
});

it("the reported race, fired together 10 times: never active with 9 decimals", async () => {
  for (let round = 1; round <= 10; round++) {
    const [activated, edited] = await Promise.all([
      onFirst.patch(`/tokens/admin/${id}`, { isActive: true }),
      onSecond.patch(`/tokens/admin/${id}`, { decimals: 9 }),
    ]);
    await expectInvariant();
    expect(activated.status, activated.text).toBe(200);
    expect(edited.status, edited.text).toBe(400);
    expect(edited.body.errors).toEqual([DECIMALS_REFUSED]);
    expect((await onSecond.patch(`/tokens/admin/${id}`, { isActive: false })).status).toBe(200);
  }
});

it("a decimals change of an inactive token is checked against the chain: other than the mint's, 400 naming decimals", async () => {
  const res = await onSecond.patch(`/tokens/admin/${id}`, { decimals: 9 });
  expect(res.status).toBe(400);
  expect(res.body.errors).toEqual([DECIMALS_REFUSED]);
  expect(res.body.message).toBe("Invalid request: decimals: The mint has 6 decimals on localnet");
  expect(await row()).toMatchObject({ isActive: 0, decimals: 6 });
});

it("a re-activation whose token was renamed on the other instance during its chain read is decided again on the renamed row: both edits kept, each audited", async () => {
  const restore = whileReading(first, async (read) => {
    if (read === 1) expect((await onSecond.patch(`/tokens/admin/${id}`, { name: "USD Coin (bridged)" })).status).toBe(200);
  });
  try {
    const res = await onFirst.patch(`/tokens/admin/${id}`, { isActive: true });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ isActive: true, decimals: 6, name: "USD Coin (bridged)" });
  } finally {
    restore();
  }
  const audit = await first.ctx.db
    .selectFrom("auditLog")
    .select(["before", "after"])
    .where("targetId", "=", id)
    .where("action", "=", "token.update")
    .orderBy("id", "desc")
    .limit(2)
    .execute();
  expect(audit.map((a) => [JSON.parse(a.before!), JSON.parse(a.after!)]).reverse()).toEqual([
    [{ name: "USD Coin" }, { name: "USD Coin (bridged)" }],
    [{ isActive: false }, { isActive: true }],
  ]);
});

it("an edit the token keeps changing under (renamed on the other instance during each of its chain reads) gives up: 409, the renames kept, nothing else", async () => {
  const restore = whileReading(first, async (read) => {
    expect((await onSecond.patch(`/tokens/admin/${id}`, { name: `Renamed ${read}` })).status).toBe(200);
  });
  try {
    const res = await onFirst.patch(`/tokens/admin/${id}`, { isActive: true, symbol: "USDX" });
    expect(res.status, res.text).toBe(409);
    expect(res.body.message).toBe(TOKEN_CHANGED_MEANWHILE);
  } finally {
    restore();
  }
  expect(await row()).toMatchObject({ isActive: 0, symbol: "USDC", name: "Renamed 3" });
});

it("a re-activation whose chain read went stale (the mint paused and the token flagged meanwhile) is judged again: 400, the token stays inactive and flagged", async () => {
  const restore = whileReading(first, async (read) => {
    if (read > 1) return;
    await pauseMint(first.ctx.settlementBackend!.ledger, mint, issuer);
    const report = await onSecond.get(`/tokens/admin/${id}/risk`);
    expect(report.body.data.verdict).toBe("reject");
  });
  try {
    const res = await onFirst.patch(`/tokens/admin/${id}`, { isActive: true });
    expect(res.status, res.text).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ field: "mintAddress", message: expect.stringMatching(/Pausable: the mint is paused/) });
  } finally {
    restore();
  }
  expect(await row()).toMatchObject({
    isActive: 0,
    riskVerdict: "reject",
    riskSummary: expect.stringMatching(/^Pausable: the mint is paused/),
  });
});

type Response = Awaited<ReturnType<TestClient["get"]>>;

/** Whether `node` writes the tokens table (insert, update or delete). */
function writesTokens(node: RootOperationNode): boolean {
  const table = InsertQueryNode.is(node)
    ? node.into
    : UpdateQueryNode.is(node)
      ? node.table
      : DeleteQueryNode.is(node)
        ? node.from.froms[0]
        : undefined;
  return table !== undefined && TableNode.is(table) && table.table.identifier.name === "tokens";
}

/**
 * Runs `request` on the first instance while the second writes the tokens table (`statement`, raw SQL
 * with ? placeholders): written, not yet committed, when the request writes the table. On PostgreSQL
 * that write is held open in a transaction until the request waits on it; SQLite has one writer at a
 * time, so there it is committed just before the request's first write of the table runs, within the
 * request's transaction.
 */
async function whileAnotherWrites(statement: string, params: unknown[], request: () => Promise<Response>): Promise<Response> {
  if (first.ctx.database.engine === "sqlite") {
    const db = first.ctx.db;
    const competing = second.ctx.database.sqlite!.prepare(statement);
    let done = false;
    first.ctx.db = db.withPlugin({
      transformQuery({ node }) {
        if (!done && writesTokens(node)) {
          done = true;
          competing.run(params);
        }
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    try {
      return await request();
    } finally {
      first.ctx.db = db;
    }
  }
  let written!: () => void;
  let commit!: () => void;
  const write = new Promise<void>((resolve) => (written = resolve));
  const held = second.ctx.db.transaction().execute(async (trx) => {
    await query(trx).run(statement, ...params);
    written();
    await new Promise<void>((resolve) => (commit = resolve));
  });
  await write;
  const answer = request();
  const waiting = sql<{
    n: number;
  }>`SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
  await eventually("the second write waiting for the lock", async () => expect((await waiting.execute(first.ctx.db)).rows[0]?.n).toBe(1), {
    everyMs: 5,
  });
  commit();
  await held;
  return answer;
}

const INSERT_TOKEN = `INSERT INTO tokens (id, "mintAddress", symbol, name, decimals, "logoUrl", "isActive", "createdAt", "updatedAt") VALUES (?, ?, 'RACE', 'Raced', 6, NULL, 1, ?, ?)`;

it.each([
  {
    what: "an add",
    mint: () => plantMint(loop, issuer.publicKey).toBase58(),
    add: (mintAddress: string) => onFirst.post("/tokens/admin", { mintAddress, symbol: "MINE", name: "Mine", decimals: 6, logoUrl: null }),
    refused: "A token with mint address {mint} is already listed (RACE)",
  },
  {
    what: "Init SOL",
    mint: () => WRAPPED_SOL_MINT,
    add: () => onFirst.post("/tokens/admin/initialize-sol"),
    refused: "Native SOL is already initialized",
  },
])("$what whose insert meets another instance's add of the same mint answers 409, never a 500", async ({ mint, add, refused }) => {
  const mintAddress = mint();
  const now = new Date().toISOString();
  const res = await whileAnotherWrites(INSERT_TOKEN, [randomUUID(), mintAddress, now, now], () => add(mintAddress));
  expect(res.status, res.text).toBe(409);
  expect(res.body.message).toBe(refused.replace("{mint}", mintAddress));
  expect(await first.ctx.db.selectFrom("tokens").select("symbol").where("mintAddress", "=", mintAddress).execute()).toEqual([
    { symbol: "RACE" },
  ]);
});

/** A token of its own, listed through the API (the shared one is for the edits above). */
async function listOne(): Promise<string> {
  const res = await onFirst.post("/tokens/admin", {
    mintAddress: plantMint(loop, issuer.publicKey).toBase58(),
    symbol: "OWN",
    name: "Own",
    decimals: 6,
    logoUrl: null,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data.id;
}

const auditOf = (target: string, action: string) =>
  first.ctx.db.selectFrom("auditLog").select(["before", "after"]).where("targetId", "=", target).where("action", "=", action).execute();

it("a deactivation meeting another instance's deactivation of the token answers the inactive token and audits nothing of its own, never a 500", async () => {
  const own = await listOne();
  const res = await whileAnotherWrites(`UPDATE tokens SET "isActive" = 0 WHERE id = ?`, [own], () =>
    onFirst.delete(`/tokens/admin/${own}`),
  );
  expect(res.status, res.text).toBe(200);
  expect(res.body.data.isActive).toBe(false);
  expect(await auditOf(own, "token.deactivate")).toEqual([]);
});

it("a hard delete meeting another instance's rename of the token answers and audits the token as deleted (renamed), never a 500", async () => {
  const own = await listOne();
  const res = await whileAnotherWrites(`UPDATE tokens SET name = 'Renamed meanwhile' WHERE id = ?`, [own], () =>
    onFirst.delete(`/tokens/admin/${own}/hard`),
  );
  expect(res.status, res.text).toBe(200);
  expect(res.body.data.name).toBe("Renamed meanwhile");
  const [deleted] = await auditOf(own, "token.delete");
  expect(JSON.parse(deleted!.before!).name).toBe("Renamed meanwhile");
  expect(await first.ctx.db.selectFrom("tokens").select("id").where("id", "=", own).execute()).toEqual([]);
});
