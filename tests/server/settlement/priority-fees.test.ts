// Payouts that land under fee pressure: the compute budget and priority fee a payout bids on an RPC
// cluster (the development chain of `npm run chain`, in memory, with a fee market set by the test),
// read back from the chain with getTransaction; and the arithmetic behind them.
import { Keypair, PublicKey, TransactionInstruction } from "@solana/web3.js";
import bs58 from "bs58";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  EscrowChain,
  LiteSvmLedger,
  RpcLedger,
  toSplit,
  type ComputeBudget,
  type PendingSettlement,
} from "../../../server/settlement/index.ts";
import { escrowAddress, solSettlementInstructions } from "../../../server/settlement/escrow.ts";
import { priorityFeeLamports, priorityPrice, unitLimitFor, writableAccounts } from "../../../server/settlement/fees.ts";
import { buildTransaction } from "../../../server/settlement/tx.ts";
import { chainSettings } from "../../../scripts/chain.ts";
import { computeBudgetOf, lamportsOf, makeOrder } from "../support/chain-support.ts";
import { startRpcLoopback, type Loopback } from "../support/rpc-loopback.ts";

const SOL = 1_000_000_000n;
const BASE_FEE = 5_000n;

describe("the priority fee arithmetic", () => {
  it("takes the percentile by nearest rank, capped, and 0 without fees", () => {
    const fees = [0, 0, 10, 400, 3_000, 50_000, 90_000, 1_000_000];
    expect(priorityPrice(fees, { percentile: 75, maxMicroLamports: 10_000_000 })).toBe(50_000);
    expect(priorityPrice(fees, { percentile: 50, maxMicroLamports: 10_000_000 })).toBe(400);
    expect(priorityPrice(fees, { percentile: 100, maxMicroLamports: 10_000_000 })).toBe(1_000_000);
    expect(priorityPrice(fees, { percentile: 1, maxMicroLamports: 10_000_000 })).toBe(0);
    expect(priorityPrice([...fees].reverse(), { percentile: 75, maxMicroLamports: 20_000 })).toBe(20_000);
    expect(priorityPrice([], { percentile: 75, maxMicroLamports: 1_000_000 })).toBe(0);
  });

  it("sets the limit to the units used plus a tenth, at least 1 000, at most the runtime's ceiling", () => {
    expect(unitLimitFor(450)).toBe(1_450);
    expect(unitLimitFor(30_000)).toBe(33_000);
    expect(unitLimitFor(1_399_000)).toBe(1_400_000);
  });

  it("charges the price on the whole limit, rounded up to a lamport", () => {
    expect(priorityFeeLamports(0, 200_000)).toBe(0);
    expect(priorityFeeLamports(1, 1_450)).toBe(1);
    expect(priorityFeeLamports(50_000, 33_000)).toBe(1_650);
  });

  it("asks about the fee payer and the accounts the instructions write, once each", () => {
    const [payer, written, read] = [0, 1, 2].map(() => Keypair.generate().publicKey);
    const ix = (writable: boolean, key: PublicKey) =>
      new TransactionInstruction({ programId: PublicKey.default, keys: [{ pubkey: key, isSigner: false, isWritable: writable }] });
    const accounts = writableAccounts(payer, [ix(true, written), ix(false, read), ix(true, payer), ix(true, written)]);
    expect(accounts.map(String)).toEqual([payer, written].map(String));
  });
});

describe("npm run chain's fee market settings", () => {
  it("reads CHAIN_PRIORITY_FEES and CHAIN_DROP_BROADCASTS, none by default, and refuses bad ones naming them", () => {
    expect(chainSettings({})).toMatchObject({ prioritizationFees: [], dropBroadcasts: 0 });
    expect(chainSettings({ CHAIN_PRIORITY_FEES: "0, 1500,90000", CHAIN_DROP_BROADCASTS: "2" })).toMatchObject({
      prioritizationFees: [0, 1_500, 90_000],
      dropBroadcasts: 2,
    });
    expect(() => chainSettings({ CHAIN_PRIORITY_FEES: "10,ten" })).toThrow(/^CHAIN_PRIORITY_FEES: /);
    expect(() => chainSettings({ CHAIN_DROP_BROADCASTS: "-1" })).toThrow(/^CHAIN_DROP_BROADCASTS: /);
  });
});

describe("a payout on an RPC cluster with a fee market", () => {
  let loop: Loopback;
  let ledger: RpcLedger;
  let authority: Keypair;
  /** The accounts each getRecentPrioritizationFees asked about. */
  let asked: string[][];

  beforeEach(async () => {
    asked = [];
    loop = await startRpcLoopback();
    loop.options.prioritizationFees = (accounts) => {
      asked.push(accounts);
      return [0, 0, 1_000, 20_000, 50_000, 60_000, 80_000, 2_000_000];
    };
    ledger = new RpcLedger(loop.url, { pollIntervalMs: 5, airdrop: true });
    authority = Keypair.generate();
    await ledger.airdrop!(authority.publicKey, 100n * SOL);
  });

  afterEach(async () => {
    await loop.close();
  });

  const fundedOrder = async (chain: EscrowChain) => {
    const order = makeOrder(Keypair.generate().publicKey, Keypair.generate().publicKey, 2n * SOL);
    await chain.fundEscrow(order);
    return order;
  };

  it("carries a compute unit limit and price, read back with getTransaction, and pays that priority fee once", async () => {
    const chain = new EscrowChain(ledger, authority, { fees: { percentile: 75, maxMicroLamports: 1_000_000 } });
    const order = await fundedOrder(chain);
    const before = await lamportsOf(ledger, authority.publicKey);
    const signed: PendingSettlement[] = [];
    asked.length = 0;

    const result = await chain.settle(order, toSplit("PARTIAL_REFUND", 30), { onSigned: (pending) => void signed.push(pending) });

    // The 75th percentile of the eight recent fees (nearest rank: the sixth).
    const budget = signed[0]?.budget as ComputeBudget;
    expect(signed).toHaveLength(1);
    expect(budget).toMatchObject({ unitPrice: 60_000, unitLimit: unitLimitFor(budget.unitsUsed!) });
    expect(budget.unitsUsed).toBeGreaterThan(0);
    expect(budget.priorityFeeLamports).toBe(priorityFeeLamports(60_000, budget.unitLimit));
    // Asked about the accounts the payout writes: the authority (fee payer), the escrow and both parties.
    const escrow = escrowAddress(authority.publicKey, order.id).toBase58();
    expect(asked.at(-1)).toEqual(
      expect.arrayContaining([authority.publicKey.toBase58(), escrow, order.buyerWalletAddress, order.sellerWalletAddress]),
    );

    const landed = await ledger.connection.getTransaction(result.signature, { maxSupportedTransactionVersion: 0, commitment: "confirmed" });
    expect(computeBudgetOf(landed!.transaction.message)).toEqual({
      types: ["SetComputeUnitLimit", "SetComputeUnitPrice"],
      units: budget.unitLimit,
      microLamports: 60_000n,
    });
    expect(landed!.meta).toMatchObject({
      err: null,
      fee: Number(BASE_FEE) + budget.priorityFeeLamports,
      computeUnitsConsumed: budget.unitsUsed,
    });

    // What the chain charged the authority is that fee, once: the simulations cost nothing.
    expect(await lamportsOf(ledger, authority.publicKey)).toBe(before! - BASE_FEE - BigInt(budget.priorityFeeLamports));
    expect(await lamportsOf(ledger, order.sellerWalletAddress)).toBe(1_400_000_000n);
  });

  it("serves the same transaction in the base64 encoding", async () => {
    const chain = new EscrowChain(ledger, authority);
    const { signature } = await chain.settle(await fundedOrder(chain), toSplit("RELEASE_TO_SELLER"));
    const ask = async (encoding: string) => {
      const response = await fetch(loop.url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "getTransaction",
          params: [signature, { encoding, maxSupportedTransactionVersion: 0 }],
        }),
      });
      return ((await response.json()) as { result: { transaction: unknown; meta: { fee: number } } }).result;
    };
    const [json, base64] = await Promise.all([ask("json"), ask("base64")]);
    const [bytes, encoding] = base64.transaction as [string, string];
    expect(encoding).toBe("base64");
    // The wire bytes: a one-byte signature count, then the fee payer's signature.
    expect(bs58.encode(Buffer.from(bytes, "base64").subarray(1, 65))).toBe(signature);
    expect(base64.meta).toEqual(json.meta);
  });

  it("caps the price at PRIORITY_FEE_MAX_MICROLAMPORTS, and counts the most it may bid in a settlement's cost", async () => {
    const chain = new EscrowChain(ledger, authority, { fees: { percentile: 100, maxMicroLamports: 5_000 } });
    const signed: PendingSettlement[] = [];
    await chain.settle(await fundedOrder(chain), toSplit("RELEASE_TO_SELLER"), { onSigned: (pending) => void signed.push(pending) });
    expect(signed[0]?.budget?.unitPrice).toBe(5_000);
    // 5 000 micro-lamports on 200 000 units, over the base fee and two token accounts' rent.
    expect(await chain.maxSettlementCost()).toBe(BASE_FEE + 1_000n + 2n * 2_039_280n);
    expect(BigInt(signed[0]!.budget!.priorityFeeLamports)).toBeLessThan(1_000n);
  });

  it("includes the priority fee in the preview's network fee", async () => {
    const chain = new EscrowChain(ledger, authority, { fees: { percentile: 75, maxMicroLamports: 1_000_000 } });
    const order = await fundedOrder(chain);
    const preview = await chain.previewSettlement(order, toSplit("PARTIAL_REFUND", 30));
    expect(preview.simulation).toMatchObject({ ok: true });
    expect(preview.priorityFeeLamports).toBeGreaterThan(0n);
    expect(preview.networkFeeLamports).toBe(BASE_FEE + preview.priorityFeeLamports);

    const signed: PendingSettlement[] = [];
    await chain.settle(order, toSplit("PARTIAL_REFUND", 30), { onSigned: (pending) => void signed.push(pending) });
    expect(BigInt(signed[0]!.budget!.priorityFeeLamports)).toBe(preview.priorityFeeLamports);
  });

  it("broadcasts nothing when its own simulation fails", async () => {
    const chain = new EscrowChain(ledger, authority);
    const order = await fundedOrder(chain);
    await chain.settle(order, toSplit("RELEASE_TO_SELLER"));
    loop.broadcasts.length = 0;
    const replay = solSettlementInstructions(authority.publicKey, order.id, [
      { side: "buyer", to: new PublicKey(order.buyerWalletAddress), amount: SOL },
    ]);
    const forced = ledger.sendAndConfirm(buildTransaction(replay, [authority], (await ledger.latestBlockhash()).blockhash));
    await expect(forced).rejects.toMatchObject({
      code: "CHAIN_TRANSACTION_FAILED",
      message: expect.stringContaining("insufficient lamports"),
    });
    expect(loop.broadcasts).toEqual([]);
  });
});

describe("a payout on the in-process chain (no fee market)", () => {
  it("bids no compute budget and costs only the base fee", async () => {
    const ledger = LiteSvmLedger.open();
    const authority = Keypair.generate();
    await ledger.airdrop!(authority.publicKey, 100n * SOL);
    const chain = new EscrowChain(ledger, authority);
    const order = makeOrder(Keypair.generate().publicKey, Keypair.generate().publicKey, 2n * SOL);
    await chain.fundEscrow(order);
    const preview = await chain.previewSettlement(order, toSplit("RELEASE_TO_SELLER"));
    expect(preview).toMatchObject({ networkFeeLamports: BASE_FEE, priorityFeeLamports: 0n, simulation: { ok: true } });
    const before = await lamportsOf(ledger, authority.publicKey);
    const signed: PendingSettlement[] = [];
    const broadcasts: number[] = [];
    await chain.settle(order, toSplit("RELEASE_TO_SELLER"), {
      onSigned: (p) => void signed.push(p),
      onBroadcast: (_s, n) => void broadcasts.push(n),
    });
    expect(signed[0]?.budget).toBeNull();
    expect(broadcasts).toEqual([1]);
    expect(await lamportsOf(ledger, authority.publicKey)).toBe(before! - BASE_FEE);
    await ledger.close();
  });
});
