// "kill -9 between submit and confirm": the real server (node server/index.ts, settling on an RPC
// cluster: the loopback node of rpc-loopback.ts) is killed with SIGKILL after it recorded a dispute
// payout as submitted and the node executed it, but before it saw the confirmation. Started again on
// the same data, it must finish that settlement from its signature: the row confirmed after one
// attempt, the order refunded, one transaction sent to the cluster in all, the buyer paid once.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Keypair, PublicKey } from "@solana/web3.js";
import { AccountLayout } from "@solana/spl-token";
import { address, lamports } from "@solana/kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openReadOnlyDatabase } from "../../../server/db/connection.ts";
import { EscrowChain, RpcLedger } from "../../../server/settlement/index.ts";
import { tokensOf } from "../support/chain-support.ts";
import { createTestWallet, signInAt, TestClient } from "../support/harness.ts";
import { plantMint, startRpcLoopback, type Loopback } from "../support/rpc-loopback.ts";
import { createTestDatabase, seedBeforeFirstStart, type TestDatabase } from "../support/test-database.ts";
import { freePort } from "../../support/free-port.ts";
import { startProcess, stopProcess, waitForOutput, type Started } from "../../support/processes.ts";
import { GiveUp, waitFor } from "../../support/wait.ts";

const SOL = 1_000_000_000n;

let dir: string;
/** The servers' database: data/db.sqlite, or on the PostgreSQL run a PostgreSQL database (DATABASE_URL). */
let database: TestDatabase | undefined;
let loop: Loopback;
let port: number;
let server: Started | null = null;
const admin = createTestWallet();
const authority = Keypair.generate();

/** Transactions sent to the cluster: distinct signatures (the server re-broadcasts the same bytes while it waits). */
const sends = () => new Set(loop.broadcasts).size;

/** One server process (a single node process: tsx as a loader, not its CLI, which runs a child), listening when this resolves. */
async function startServer(): Promise<Started> {
  server = startProcess(process.execPath, ["--import", "tsx", "server/index.ts"], {
    cwd: resolve("."),
    env: {
      ...process.env,
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      ...database!.env,
      ADMIN_WALLETS: admin.publicKey,
      DEMO_WALLET: "off",
      SETTLEMENT_CLUSTER: loop.url,
      AUTHORITY_KEYPAIR: join(dir, "authority.json"),
      SETTLEMENT_RECHECK_SECONDS: "1",
    },
  });
  // The banner is printed once the server listens.
  await waitForOutput(server, "the server to listen", /Marketplace Admin console:/);
  return server;
}

const signIn = () => signInAt(`http://127.0.0.1:${port}`, admin);

interface SettlementItem {
  orderId: string | null;
  status: string;
  attempts: number;
  signature: string | null;
}

async function settlementOf(api: TestClient, orderId: string): Promise<SettlementItem[]> {
  const list = await api.get("/admin/settlements?limit=100");
  expect(list.status).toBe(200);
  return (list.body.data.items as SettlementItem[]).filter((s) => s.orderId === orderId);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "mkt-settlement-crash-"));
  writeFileSync(join(dir, "authority.json"), JSON.stringify(Array.from(authority.secretKey)));
  loop = await startRpcLoopback();
  loop.svm.airdrop(address(authority.publicKey.toBase58()), lamports(100n * SOL));
  port = await freePort();
  database = await createTestDatabase(dir, "db.sqlite");
  // Demo data the server finds at its first start, as `npm run seed -- --orders 100` leaves it: its
  // own 2000-order seed would have it fund some 200 open escrows through the loopback, one
  // confirmation poll each, before it listens; this test settles one order.
  await seedBeforeFirstStart(database.target, { orders: 100, adminWallets: [admin.publicKey] });
});

afterAll(async () => {
  if (server) await stopProcess(server, "SIGKILL");
  await loop?.close();
  await database?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("a server killed (SIGKILL) between submitting a payout and recording its confirmation", () => {
  it("confirms it after a restart from its signature, without a second transaction: the buyer is paid once", async () => {
    const first = await startServer();

    // The test funds one DISPUTED token order's escrow, with the server's authority key (the mint's
    // authority on this node).
    // Read beside the running server, through the engine it runs on.
    const reader = openReadOnlyDatabase(database!.target);
    const order = await reader.db
      .selectFrom("orders")
      .selectAll()
      .where("status", "=", "DISPUTED")
      .where("currencyMint", "is not", null)
      .where("settlementStatus", "is", null)
      .orderBy("createdAt", "desc")
      .limit(1)
      .executeTakeFirst()
      .finally(() => reader.close());
    if (!order) throw new Error("No DISPUTED token order without a settlement in the seeded data");
    const mint = plantMint(loop, authority.publicKey, order.currencyDecimals, new PublicKey(order.currencyMint!));
    const ledger = new RpcLedger(loop.url, { pollIntervalMs: 5 });
    const { escrow } = await new EscrowChain(ledger, authority).fundEscrow(order);
    const buyer = new PublicKey(order.buyerWalletAddress);
    const buyerBefore = (await tokensOf(ledger, mint, buyer)) ?? 0n;
    const escrowHolds = () => {
      const account = loop.svm.getAccount(address(escrow));
      return account.exists ? AccountLayout.decode(Buffer.from(account.data)).amount : 0n;
    };
    expect(escrowHolds()).toBe(BigInt(order.totalPrice));

    // The node executes the payout at once but answers "not seen yet" to every status poll.
    loop.calls.length = 0;
    loop.broadcasts.length = 0;
    loop.options.confirmAfterPolls = 1_000_000;
    const api = await signIn();
    const resolving = api
      .post(`/admin/orders/${order.id}/resolve-dispute`, { resolution: "REFUND_BUYER", adminNotes: "Refund: the parcel never arrived" })
      .catch((error: unknown) => error);
    // Killed while it waits for the confirmation: the row submitted, the payout executed, its status polled.
    await waitFor("the payout submitted, executed on the cluster and being confirmed", async () => {
      const [row] = await settlementOf(api, order.id);
      const polled = loop.calls.includes("getSignatureStatuses");
      return row?.status === "submitted" && sends() === 1 && escrowHolds() === 0n && polled ? row : undefined;
    });

    await stopProcess(first, "SIGKILL");
    // The request was cut off with the process: no answer came.
    expect(await resolving).toBeInstanceOf(Error);
    loop.options.confirmAfterPolls = 0;

    const second = await startServer();
    const again = await signIn();
    const [settled] = await waitFor("the settlement confirmed after the restart", async () => {
      // A second transaction is the failure this test is about: say so at once, whatever came of it.
      if (sends() > 1) throw new GiveUp(`The restarted server sent the payout again: ${sends()} transactions in all`);
      const rows = await settlementOf(again, order.id);
      if (rows[0]?.status === "failed") throw new GiveUp(`The settlement failed after the restart: ${JSON.stringify(rows[0])}`);
      return rows[0]?.status === "confirmed" ? rows : undefined;
    });
    expect(await settlementOf(again, order.id)).toHaveLength(1);
    expect(settled).toMatchObject({ status: "confirmed", attempts: 1 });
    const details = await again.get(`/admin/orders/${order.id}`);
    expect(details.body.data).toMatchObject({
      status: "REFUNDED",
      resolution: "REFUND_BUYER",
      settlementStatus: "CONFIRMED",
      settlementSignature: settled.signature,
    });

    // Stopped as a deployment stops it (SIGTERM waits for the re-check under way): nothing was sent
    // again for as long as it ran.
    expect(await stopProcess(second, "SIGTERM")).toEqual({ code: 0, signal: null });
    expect(sends()).toBe(1);
    expect(await ledger.signatureStatus(settled.signature!)).toEqual({ state: "confirmed" });
    expect(await tokensOf(ledger, mint, buyer)).toBe(buyerBefore + BigInt(order.totalPrice));
    expect(escrowHolds()).toBe(0n);
  });
});
