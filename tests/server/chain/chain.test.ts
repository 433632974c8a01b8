// `npm run chain`, a local chain several server instances share. The script runs as a child process
// (one node process, tsx as a loader) on a free port and a temporary folder; it is reached the way a
// developer's tools reach it, through web3.js, and the way the server reaches it, through
// SETTLEMENT_CLUSTER.
import { createServer, type Server } from "node:http";
import { createServer as createTcpServer, type AddressInfo } from "node:net";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram } from "@solana/web3.js";
import { AccountLayout } from "@solana/spl-token";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startChainRpc } from "../../../server/chain/rpc-server.ts";
import type { OrderRow } from "../../../server/db/schema.ts";
import { SqliteFile } from "../../../server/db/sqlite.ts";
import { startServer, type RunningServer } from "../../../server/index.ts";
import { EscrowChain, RpcLedger } from "../../../server/settlement/index.ts";
import { fundOpenEscrows } from "../../../server/seed/escrows.ts";
import { buildTransaction } from "../../../server/settlement/tx.ts";
import { computeBudgetOf, makeOrder } from "../support/chain-support.ts";
import { createTestWallet, signInAt } from "../support/harness.ts";
import { seedBeforeFirstStart } from "../support/test-database.ts";
import { plantMint } from "../support/rpc-loopback.ts";
import { freePort } from "../../support/free-port.ts";
import { startProcess, stopProcess, waitForExit, waitForOutput, type Started } from "../../support/processes.ts";

interface RunningChain extends Started {
  url: string;
}

let dir: string;
const children = new Set<Started>();

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "mkt-chain-"));
});

afterEach(async () => {
  for (const child of children) await stopProcess(child, "SIGKILL");
  children.clear();
  rmSync(dir, { recursive: true, force: true });
});

function spawnChain(env: Record<string, string>): Started {
  const chain = startProcess(process.execPath, ["--import", "tsx", "scripts/chain.ts"], {
    cwd: resolve("."),
    env: { ...process.env, CHAIN_PORT: "0", CHAIN_DIR: join(dir, "chain"), ...env },
  });
  children.add(chain);
  return chain;
}

/** `npm run chain`'s script, listening when this resolves (its banner names the URL). */
async function startChain(env: Record<string, string> = {}): Promise<RunningChain> {
  const chain = spawnChain(env);
  const [, url] = await waitForOutput(chain, "the chain to listen", /Local chain .*: (http:\/\/127\.0\.0\.1:\d+)/);
  return { ...chain, url };
}

/** Sends `signal` and resolves with the exit code (null when killed by the signal). */
async function stop(chain: Started, signal: NodeJS.Signals): Promise<number | null> {
  return (await stopProcess(chain, signal, "the chain to stop")).code;
}

describe("npm run chain", () => {
  it("grants airdrops that web3.js confirms, and keeps them across a restart on its folder", async () => {
    const first = await startChain();
    const connection = new Connection(first.url, "confirmed");
    const wallet = Keypair.generate().publicKey;
    // Twice the same airdrop: two transactions, both paid (a blockhash per airdrop, no duplicate).
    for (let i = 0; i < 2; i++) {
      const signature = await connection.requestAirdrop(wallet, 2 * LAMPORTS_PER_SOL);
      const lifetime = await connection.getLatestBlockhash();
      // Confirmed through the subscription port, as web3.js does it (signatureSubscribe on port + 1).
      const confirmed = await connection.confirmTransaction({ signature, ...lifetime });
      expect(confirmed.value.err).toBeNull();
    }
    expect(await connection.getBalance(wallet)).toBe(4 * LAMPORTS_PER_SOL);
    const genesis = await connection.getGenesisHash();
    expect(await stop(first, "SIGINT")).toBe(0);
    expect(first.output()).toContain(`saving the chain in ${join(dir, "chain")}`);

    const second = await startChain();
    const again = new Connection(second.url, "confirmed");
    expect(await again.getBalance(wallet)).toBe(4 * LAMPORTS_PER_SOL);
    expect(await again.getGenesisHash()).toBe(genesis);
    expect(await stop(second, "SIGTERM")).toBe(0);
  });

  it("stops with a plain message when its port is taken", async () => {
    // Whatever holds the port (another chain, a validator), the chain meets the same EADDRINUSE:
    // a listener in this process holds it without a chain process of its own to start.
    const holder = createTcpServer();
    await new Promise<void>((listening) => holder.listen(0, "127.0.0.1", listening));
    const port = String((holder.address() as AddressInfo).port);
    try {
      const taken = spawnChain({ CHAIN_PORT: port, CHAIN_DIR: join(dir, "other") });
      expect((await waitForExit(taken, "the second chain to exit")).code).toBe(1);
      expect(taken.output()).toContain(`Configuration error: CHAIN_PORT: ${port} is already in use on 127.0.0.1`);
      expect(taken.output()).not.toMatch(/\n\s+at /); // no stack trace
    } finally {
      await new Promise((closed) => holder.close(closed));
    }
  });
});

describe("a server started on it (SETTLEMENT_CLUSTER=http://127.0.0.1:<CHAIN_PORT>)", () => {
  const admin = createTestWallet();

  const signIn = (port: string) => signInAt(`http://127.0.0.1:${port}`, admin);

  it("funds the seeded open orders' escrows once, and a dispute is paid out from one, bidding the chain's priority fees", async () => {
    // A fee market (CHAIN_PRIORITY_FEES), whose 75th percentile (nearest rank) is 40 000.
    const chain = await startChain({ CHAIN_PRIORITY_FEES: "0,2000,40000,90000" });
    const env = async () => ({
      HOST: "127.0.0.1",
      PORT: String(await freePort()),
      LOG_LEVEL: "silent",
      DATABASE_PATH: join(dir, "data", "marketplace.sqlite"),
      ADMIN_WALLETS: admin.publicKey,
      DEMO_WALLET: "off",
      SETTLEMENT_CLUSTER: chain.url,
    });
    const ledger = new RpcLedger(chain.url, { pollIntervalMs: 5 });
    const openOrders = () => {
      const db = new SqliteFile(join(dir, "data", "marketplace.sqlite"), { readOnly: true });
      try {
        return db.prepare("SELECT * FROM orders WHERE status IN ('ACTIVE', 'DISPUTED') ORDER BY id").all() as OrderRow[];
      } finally {
        db.close();
      }
    };
    /** What the order's escrow holds on the chain: lamports, or tokens of an SPL escrow. */
    const held = async (order: OrderRow) => {
      const account = await ledger.getAccount(new PublicKey(order.escrowPDA!));
      if (!account) return 0n;
      return order.currencyMint ? AccountLayout.decode(Buffer.from(account.data)).amount : account.lamports;
    };

    // Demo data the server finds at its first start, as `npm run seed -- --orders 200` leaves it: 16
    // open orders in both currencies rather than the ~200 of the server's own 2000-order seed, each
    // of them an escrow funded by a transaction on the chain process and read back twice here.
    mkdirSync(join(dir, "data"));
    await seedBeforeFirstStart(join(dir, "data", "marketplace.sqlite"), { orders: 200, adminWallets: [admin.publicKey] });

    let settings = await env();
    let server: RunningServer = await startServer(settings);
    const funded = openOrders();
    expect(funded.length).toBeGreaterThan(10);
    expect(new Set(funded.map((o) => o.currencySymbol))).toEqual(new Set(["SOL", "USDC"]));
    for (const order of funded) {
      expect(order).toMatchObject({ cluster: "localnet", escrowPDA: expect.any(String), transactionSignature: expect.any(String) });
      expect(await held(order)).toBe(BigInt(order.totalPrice));
    }

    // A restart funds nothing again: same escrows, same amounts, same funding signatures.
    await server.close();
    settings = await env();
    server = await startServer(settings);
    expect(openOrders()).toEqual(funded);
    for (const order of funded) expect(await held(order)).toBe(BigInt(order.totalPrice));

    try {
      const dispute = funded.find((o) => o.status === "DISPUTED" && !o.currencyMint)!;
      const seller = new PublicKey(dispute.sellerWalletAddress);
      const sellerBefore = (await ledger.getAccount(seller))?.lamports ?? 0n;
      const api = await signIn(settings.PORT);
      const res = await api.post(`/admin/orders/${dispute.id}/resolve-dispute`, {
        resolution: "RELEASE_TO_SELLER",
        adminNotes: "Delivered as described",
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ cluster: "localnet", order: { status: "COMPLETED", settlementStatus: "CONFIRMED" } });
      expect((await ledger.getAccount(seller))?.lamports).toBe(sellerBefore + BigInt(dispute.totalPrice));
      expect(await ledger.getAccount(new PublicKey(dispute.escrowPDA!))).toBeNull();
      expect(await ledger.signatureStatus(res.body.data.transactionSignature)).toEqual({ state: "confirmed" });

      // Read back from the chain: the payout carries its compute unit limit and price.
      const landed = await ledger.connection.getTransaction(res.body.data.transactionSignature, {
        maxSupportedTransactionVersion: 0,
        commitment: "confirmed",
      });
      const { types, units, microLamports } = computeBudgetOf(landed!.transaction.message);
      expect(types).toEqual(["SetComputeUnitLimit", "SetComputeUnitPrice"]);
      expect(units).toBeGreaterThanOrEqual(landed!.meta!.computeUnitsConsumed!);
      expect(microLamports).toBe(40_000n);
      expect(landed!.meta!.fee).toBe(5_000 + Math.ceil((units! * 40_000) / 1_000_000));
    } finally {
      await server.close();
    }
  });
});

describe("which RPC chains count as granting airdrops", () => {
  /** A JSON-RPC node answering `answers` by method; anything else is "method not found". */
  async function fakeNode(answers: Record<string, unknown>): Promise<{ url: string; calls: string[]; server: Server }> {
    const calls: string[] = [];
    const server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => void (body += chunk.toString("utf8")));
      req.on("end", () => {
        const { id, method } = JSON.parse(body) as { id: number; method: string };
        calls.push(method);
        const payload = method in answers ? { result: answers[method] } : { error: { code: -32601, message: "Method not found" } };
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id, ...payload }));
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls, server };
  }

  it("a public cluster (by genesis hash) is never asked for an airdrop, and nothing is funded on it", async () => {
    const devnet = await fakeNode({ getGenesisHash: "EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG", requestAirdrop: "x" });
    try {
      const ledger = new RpcLedger(devnet.url, { pollIntervalMs: 5 });
      expect(await ledger.detectDevelopmentChain(Keypair.generate().publicKey)).toBe(false);
      expect(devnet.calls).toEqual(["getGenesisHash"]);
      expect(ledger.airdrop).toBeUndefined();
      const summary = await fundOpenEscrows({ db: null as never }, { chain: null as never, ledger, cluster: ledger.cluster });
      expect(summary).toMatchObject({ funded: 0, wallets: 0 });
    } finally {
      devnet.server.close();
    }
  });

  it("a cluster that refuses airdrops quietly is not one; the development chain is, and writes test mints", async () => {
    const refusing = await fakeNode({ getGenesisHash: Keypair.generate().publicKey.toBase58() });
    const chain = await startChain();
    try {
      const ledger = new RpcLedger(refusing.url, { pollIntervalMs: 5 });
      expect(await ledger.detectDevelopmentChain(Keypair.generate().publicKey)).toBe(false);
      expect(refusing.calls).toEqual(["getGenesisHash", "requestAirdrop"]);
      expect(ledger.airdrop).toBeUndefined();
      expect(ledger.setAccount).toBeUndefined();

      const development = new RpcLedger(chain.url, { pollIntervalMs: 5 });
      const probe = Keypair.generate().publicKey;
      expect(await development.detectDevelopmentChain(probe)).toBe(true);
      expect((await development.getAccount(probe))?.lamports).toBe(BigInt(LAMPORTS_PER_SOL));
      expect(development.airdrop).toBeTypeOf("function");
      const mint = Keypair.generate().publicKey;
      const data = Uint8Array.from([1, 2, 3]);
      await development.setAccount!(mint, { lamports: 1_000_000n, owner: probe, executable: false, data });
      expect(await development.getAccount(mint)).toEqual({
        lamports: 1_000_000n,
        owner: probe,
        executable: false,
        data: expect.any(Uint8Array),
      });
      expect(Array.from((await development.getAccount(mint))!.data)).toEqual([1, 2, 3]);
    } finally {
      refusing.server.close();
    }
  });
});

describe("the node's connections", () => {
  it("keeps an idle one open far longer than a fetch client does, so it never drops one a call is sent on", async () => {
    const node = await startChainRpc();
    try {
      const response = await fetch(node.url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "getHealth" }),
      });
      expect(await response.json()).toMatchObject({ result: "ok" });
      // undici keeps an idle connection about 4 s (less what the server announces here, less a margin).
      expect(response.headers.get("keep-alive")).toBe("timeout=72");
    } finally {
      await node.close();
    }
  });
});

describe("the node's blockhashes", () => {
  it("a new one per block, each valid for blockhashValidFor blocks: a transaction past it is refused, never executed", async () => {
    // Long enough (50 blocks of 400 ms) for the first transfers to land on a loaded machine.
    const node = await startChainRpc({ blockhashValidFor: 50 });
    try {
      const ledger = new RpcLedger(node.url, { pollIntervalMs: 5, airdrop: true });
      const payer = Keypair.generate();
      await ledger.airdrop!(payer.publicKey, BigInt(LAMPORTS_PER_SOL));
      const to = Keypair.generate().publicKey;
      const transfer = (blockhash: string, lamports = 1_000_000) =>
        buildTransaction([SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports })], [payer], blockhash);
      const first = await ledger.latestBlockhash();
      const second = await ledger.latestBlockhash();
      expect(second.blockhash).not.toBe(first.blockhash);
      expect(second.lastValidBlockHeight).toBeGreaterThan(first.lastValidBlockHeight);

      // The older one is still valid: the same transfer twice is two transactions, both paid.
      await ledger.sendAndConfirm(transfer(first.blockhash), first);
      await ledger.sendAndConfirm(transfer(second.blockhash), second);
      expect((await ledger.getAccount(to))?.lamports).toBe(2_000_000n);

      node.advanceBlocks(60);
      const late = ledger.sendAndConfirm(transfer(second.blockhash, 3_000_000), second);
      await expect(late).rejects.toMatchObject({ code: "CHAIN_TRANSACTION_FAILED" });
      await expect(late).rejects.toThrow(/BlockhashNotFound/);
      expect((await ledger.getAccount(to))?.lamports).toBe(2_000_000n);
    } finally {
      await node.close();
    }
  });
});

describe("two instances funding the same escrows at once (one chain, one authority)", () => {
  it("fund each once: the later deposit is refused on chain, not added, and counts as done", async () => {
    const node = await startChainRpc();
    try {
      const authority = Keypair.generate();
      const [first, second] = [0, 1].map(() => new EscrowChain(new RpcLedger(node.url, { pollIntervalMs: 5, airdrop: true }), authority));
      await first.ledger.airdrop!(authority.publicKey, 10n * BigInt(LAMPORTS_PER_SOL));
      const mint = plantMint(node, authority.publicKey);
      const orders = [
        makeOrder(Keypair.generate().publicKey, Keypair.generate().publicKey, BigInt(LAMPORTS_PER_SOL)),
        makeOrder(Keypair.generate().publicKey, Keypair.generate().publicKey, 250n, { currencyMint: mint.toBase58(), currencyDecimals: 6 }),
      ];
      for (const order of orders) {
        const results = await Promise.all([first.fundEscrow(order), second.fundEscrow(order)]);
        expect(results.filter((r) => r.signature !== null)).toHaveLength(1);
        expect(results[0].escrow).toBe(results[1].escrow);
        const account = (await first.ledger.getAccount(new PublicKey(results[0].escrow)))!;
        expect(order.currencyMint ? AccountLayout.decode(Buffer.from(account.data)).amount : account.lamports).toBe(
          BigInt(order.totalPrice),
        );
      }
    } finally {
      await node.close();
    }
  });
});
