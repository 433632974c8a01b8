// The RPC backend through a real web3.js 1.x Connection, against a JSON-RPC endpoint on 127.0.0.1
// that this test starts (never a public network). Same EscrowChain code as in-process.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Keypair, PublicKey, SystemProgram } from "@solana/web3.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSettlement, EscrowChain, RpcLedger, toSplit, type SettlementError } from "../../../server/settlement/index.ts";
import { initializeInstructions, payouts, solSettlementInstructions, splitAmount } from "../../../server/settlement/escrow.ts";
import { buildTransaction } from "../../../server/settlement/tx.ts";
import { lamportsOf, makeOrder, tokensOf } from "../support/chain-support.ts";
import { plantMint, startRpcLoopback, type Loopback } from "../support/rpc-loopback.ts";

const SOL = 1_000_000_000n;
const FEE = 5_000n;
const CONFIG = { disputeResolutionLimit: 86_400, reportThreshold: 3 };

let loop: Loopback;
let ledger: RpcLedger;
let authority: Keypair;
let chain: EscrowChain;

beforeEach(async () => {
  loop = await startRpcLoopback({ confirmAfterPolls: 2 });
  ledger = new RpcLedger(loop.url, { pollIntervalMs: 5, airdrop: true });
  authority = Keypair.generate();
  await ledger.airdrop!(authority.publicKey, 100n * SOL);
  chain = new EscrowChain(ledger, authority);
});

afterEach(async () => {
  await loop.close();
});

describe("RpcLedger over a loopback JSON-RPC endpoint", () => {
  it("names the cluster from the URL and reads rent from the node", async () => {
    expect(ledger.cluster).toBe("localnet");
    expect(await ledger.rentExemptMinimum(0)).toBe(890_880n);
    expect(await ledger.rentExemptMinimum(165)).toBe(2_039_280n);
  });

  it("settles a SOL escrow 30/70, confirming by polling getSignatureStatuses", async () => {
    const buyer = Keypair.generate();
    const seller = Keypair.generate();
    await ledger.airdrop!(buyer.publicKey, 5n * SOL);
    const order = makeOrder(buyer.publicKey, seller.publicKey, 2n * SOL);
    const { escrow } = await chain.depositFor(order, buyer);
    const authorityBefore = await lamportsOf(ledger, authority.publicKey);
    loop.calls.length = 0;

    const result = await chain.settle(order, toSplit("PARTIAL_REFUND", 30));

    expect(result).toMatchObject({ escrow, buyerAmount: 600_000_000n, sellerAmount: 1_400_000_000n });
    expect(loop.calls.filter((m) => m === "getSignatureStatuses").length).toBeGreaterThanOrEqual(3);
    expect(await lamportsOf(ledger, buyer.publicKey)).toBe(3n * SOL - FEE + 600_000_000n);
    expect(await lamportsOf(ledger, seller.publicKey)).toBe(1_400_000_000n);
    expect(await lamportsOf(ledger, new PublicKey(escrow))).toBeNull();
    expect(await lamportsOf(ledger, authority.publicKey)).toBe(authorityBefore! - FEE);
    expect(await ledger.signatureStatus(result.signature)).toEqual({ state: "confirmed" });
  });

  it("settles an SPL escrow 30/70", async () => {
    // The test chain holds a mint whose mint authority is the marketplace authority.
    const mint = plantMint(loop, authority.publicKey);
    await expect(chain.createTestMint(6)).rejects.toMatchObject({ code: "ESCROW_FUNDING_UNSUPPORTED" });

    const buyer = Keypair.generate();
    const seller = Keypair.generate();
    await ledger.airdrop!(buyer.publicKey, SOL);
    await chain.mintTestTokens(mint, buyer.publicKey, 1000n);
    const order = makeOrder(buyer.publicKey, seller.publicKey, 250n, { currencyMint: mint.toBase58(), currencyDecimals: 6 });
    const { escrow } = await chain.depositFor(order, buyer);
    expect(await tokensOf(ledger, mint, buyer.publicKey)).toBe(750n);

    expect(await chain.settle(order, toSplit("PARTIAL_REFUND", 30))).toMatchObject({ buyerAmount: 75n, sellerAmount: 175n });
    expect(await tokensOf(ledger, mint, buyer.publicKey)).toBe(825n);
    expect(await tokensOf(ledger, mint, seller.publicKey)).toBe(175n);
    expect(await ledger.getAccount(new PublicKey(escrow))).toBeNull();
  });

  it("initializes once; a forced second initialize is refused by preflight with the chain's log", async () => {
    const admins = [authority.publicKey.toBase58()];
    await chain.initializeMarketplace(CONFIG, admins);
    expect((await chain.status()).initialized).toBe(true);
    await expect(chain.initializeMarketplace(CONFIG, admins)).rejects.toMatchObject({ code: "ALREADY_INITIALIZED" });

    const lifetime = await ledger.latestBlockhash();
    const forced = ledger.sendAndConfirm(
      buildTransaction(initializeInstructions(authority.publicKey, CONFIG, 0n), [authority], lifetime.blockhash),
      lifetime,
    );
    await expect(forced).rejects.toThrow(
      /^Transaction failed: InstructionError\(0, Custom\(0\)\): Allocate: account Address .* already in use$/,
    );
    await expect(forced).rejects.toMatchObject({
      code: "CHAIN_TRANSACTION_FAILED",
      details: { logs: expect.arrayContaining([expect.stringContaining("already in use")]) },
    });
  });

  it("reports a transaction that failed on chain (no preflight) from its signature status", async () => {
    const noPreflight = new RpcLedger(loop.url, { pollIntervalMs: 5, skipPreflight: true });
    const buyer = Keypair.generate();
    const seller = Keypair.generate();
    const order = makeOrder(buyer.publicKey, seller.publicKey, 2n * SOL);
    await chain.fundEscrow(order);
    const split = toSplit("RELEASE_TO_SELLER");
    await chain.settle(order, split);

    // Paying the buyer instead: different bytes from the settlement, so not a mere duplicate.
    const list = payouts(splitAmount(2n * SOL, toSplit("REFUND_BUYER")), buyer.publicKey, seller.publicKey);
    const lifetime = await noPreflight.latestBlockhash();
    const replay = noPreflight.sendAndConfirm(
      buildTransaction(solSettlementInstructions(authority.publicKey, order.id, list), [authority], lifetime.blockhash),
      lifetime,
    );
    await expect(replay).rejects.toMatchObject({ code: "CHAIN_TRANSACTION_FAILED" });
    await expect(replay).rejects.toThrow("Transaction failed: InstructionError(0, Custom(1))");
    expect(await lamportsOf(ledger, seller.publicKey)).toBe(2n * SOL);
  });

  it("gives up on a dropped transaction once its blockhash has expired", async () => {
    loop.options.dropTransactions = true;
    loop.options.blockhashValidFor = 2;
    const lifetime = await ledger.latestBlockhash();
    const tx = buildTransaction(
      [SystemProgram.transfer({ fromPubkey: authority.publicKey, toPubkey: Keypair.generate().publicKey, lamports: SOL })],
      [authority],
      lifetime.blockhash,
    );
    const sent = ledger.sendAndConfirm(tx, lifetime);
    await expect(sent).rejects.toMatchObject({ code: "CHAIN_TRANSACTION_FAILED" });
    await expect(sent).rejects.toThrow(/expired before it was confirmed/);
  });

  it("answers 'outcome unknown' when confirmation takes longer than its timeout", async () => {
    loop.options.dropTransactions = true;
    const slow = new RpcLedger(loop.url, { pollIntervalMs: 5, timeoutMs: 100 });
    const lifetime = await slow.latestBlockhash();
    const tx = buildTransaction(
      [SystemProgram.transfer({ fromPubkey: authority.publicKey, toPubkey: Keypair.generate().publicKey, lamports: SOL })],
      [authority],
      lifetime.blockhash,
    );
    const error = await slow.sendAndConfirm(tx, lifetime).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: "CHAIN_OUTCOME_UNKNOWN", message: expect.stringContaining("no confirmation within 100 ms") });
    expect(await slow.signatureStatus((error as SettlementError<"CHAIN_OUTCOME_UNKNOWN">).details.signature)).toEqual({ state: "unknown" });
  });

  it("finishes, without sending again, a settlement whose confirmation timed out", async () => {
    const slowLedger = new RpcLedger(loop.url, { pollIntervalMs: 5, timeoutMs: 60 });
    const slowChain = new EscrowChain(slowLedger, authority);
    const seller = Keypair.generate();
    const order = makeOrder(Keypair.generate().publicKey, seller.publicKey, 2n * SOL);
    await chain.fundEscrow(order);
    loop.options.confirmAfterPolls = 1_000_000;
    let stored = "";
    const first = slowChain.settle(order, toSplit("RELEASE_TO_SELLER"), { onSigned: (p) => void (stored = p.signature) });
    await expect(first).rejects.toMatchObject({ code: "CHAIN_OUTCOME_UNKNOWN" });
    await expect(first).rejects.toMatchObject({ details: { signature: stored } });

    loop.options.confirmAfterPolls = 0;
    loop.calls.length = 0;
    const resumed = await slowChain.resumeSettlement(
      { ...order, settlementSignature: stored, settlementStatus: "PENDING" },
      toSplit("RELEASE_TO_SELLER"),
      stored,
    );
    expect(resumed).toMatchObject({ signature: stored, buyerAmount: 0n, sellerAmount: 2n * SOL });
    expect(loop.calls).not.toContain("sendTransaction");
    expect(await lamportsOf(ledger, seller.publicKey)).toBe(2n * SOL);
  });

  it("is what createSettlement builds for an RPC URL", async () => {
    const dir = mkdtempSync(join(tmpdir(), "settlement-rpc-"));
    try {
      const settlement = await createSettlement({ dataDir: dir, cluster: loop.url, rpc: { pollIntervalMs: 5 } });
      expect(settlement.cluster).toBe("localnet");
      expect(settlement.ledger).toBeInstanceOf(RpcLedger);
      expect(await settlement.chain.status()).toMatchObject({ cluster: "localnet", initialized: false });
      await settlement.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
