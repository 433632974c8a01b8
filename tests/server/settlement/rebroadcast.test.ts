// Payouts that land under fee pressure, fault injection on an RPC cluster (the development chain in
// memory): a payout is sent with maxRetries 0, so a broadcast the leader drops is lost unless the
// server sends the same bytes again. Dropped broadcasts are re-broadcast and land once; a blockhash
// that expires unseen is signed anew once and pays once; one that never lands ends failed after a
// bounded number of signings, nothing paid. Intervals are milliseconds: no test sleeps seconds.
import { Keypair, SystemProgram } from "@solana/web3.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EscrowChain, RpcLedger, toSplit, type EscrowOrder, type PendingSettlement } from "../../../server/settlement/index.ts";
import { escrowAddress } from "../../../server/settlement/escrow.ts";
import { buildTransaction } from "../../../server/settlement/tx.ts";
import { lamportsOf, makeOrder } from "../support/chain-support.ts";
import { startRpcLoopback, type Loopback } from "../support/rpc-loopback.ts";

const SOL = 1_000_000_000n;
const PRICE = 2n * SOL;

let loop: Loopback;
let ledger: RpcLedger;
let authority: Keypair;
let chain: EscrowChain;
let order: EscrowOrder;

beforeEach(async () => {
  loop = await startRpcLoopback();
  ledger = new RpcLedger(loop.url, { pollIntervalMs: 5, rebroadcastIntervalMs: 25, airdrop: true });
  authority = Keypair.generate();
  await ledger.airdrop!(authority.publicKey, 100n * SOL);
  chain = new EscrowChain(ledger, authority);
  order = makeOrder(Keypair.generate().publicKey, Keypair.generate().publicKey, PRICE);
  await chain.fundEscrow(order);
  loop.broadcasts.length = 0;
});

afterEach(async () => {
  await loop.close();
});

/** What a settle call handed out: every signature signed and every broadcast count reported. */
function recorder() {
  const signed: PendingSettlement[] = [];
  const counts: [string, number][] = [];
  return {
    signed,
    counts,
    options: { onSigned: (p: PendingSettlement) => void signed.push(p), onBroadcast: (s: string, n: number) => void counts.push([s, n]) },
  };
}

const timesBroadcast = (signature: string) => loop.broadcasts.filter((s) => s === signature).length;
const escrowLamports = () => lamportsOf(ledger, escrowAddress(authority.publicKey, order.id));

describe("a payout whose broadcasts are dropped", () => {
  it("sends the same signed bytes again and lands once", async () => {
    loop.options.dropBroadcasts = 2;
    const sent = recorder();

    const result = await chain.settle(order, toSplit("RELEASE_TO_SELLER"), sent.options);

    expect(sent.signed.map((p) => p.signature)).toEqual([result.signature]);
    expect(timesBroadcast(result.signature)).toBe(3);
    expect(sent.counts).toEqual([1, 2, 3].map((n) => [result.signature, n]));
    expect(await ledger.signatureStatus(result.signature)).toEqual({ state: "confirmed" });
    expect(await lamportsOf(ledger, order.sellerWalletAddress)).toBe(PRICE);
    expect(await escrowLamports()).toBeNull();
  });

  it("keeps re-broadcasting bytes that already landed without executing them twice", async () => {
    // Landed at once, but the confirmation shows late: the loop broadcasts again meanwhile.
    loop.options.confirmAfterPolls = 20;
    const sent = recorder();
    const authorityBefore = await lamportsOf(ledger, authority.publicKey);

    const result = await chain.settle(order, toSplit("RELEASE_TO_SELLER"), sent.options);

    expect(timesBroadcast(result.signature)).toBeGreaterThan(1);
    expect(await lamportsOf(ledger, order.sellerWalletAddress)).toBe(PRICE);
    // One fee: the duplicates never executed.
    expect(await lamportsOf(ledger, authority.publicKey)).toBe(authorityBefore! - 5_000n);
  });
});

describe("a payout whose blockhash expires before it lands", () => {
  beforeEach(() => {
    loop.options.blockhashValidFor = 8;
  });

  it("is signed anew once, only after the first can no longer land, and pays once", async () => {
    // Re-broadcast at every poll: with 8 blocks of lifetime and a block per request, a 25 ms interval
    // could let the first blockhash expire before its second broadcast, which is a timing, not a fault.
    ledger = new RpcLedger(loop.url, { pollIntervalMs: 5, rebroadcastIntervalMs: 0 });
    chain = new EscrowChain(ledger, authority);
    loop.options.dropBroadcasts = 1_000_000;
    const signed: PendingSettlement[] = [];
    const heightsAtSigning: number[] = [];
    const options = {
      onSigned: async (pending: PendingSettlement) => {
        signed.push(pending);
        heightsAtSigning.push(await ledger.connection.getBlockHeight());
        // The leader takes broadcasts again from the second signing on.
        if (signed.length === 2) loop.options.dropBroadcasts = 0;
      },
    };

    const result = await chain.settle(order, toSplit("PARTIAL_REFUND", 25), options);

    const [first, second] = signed;
    expect(signed).toHaveLength(2);
    expect(result.signature).toBe(second!.signature);
    expect(first!.signature).not.toBe(second!.signature);
    // The second was signed only once the first's blockhash had expired: signed earlier, both could land.
    expect(heightsAtSigning[1]).toBeGreaterThan(first!.lastValidBlockHeight);
    expect(timesBroadcast(first!.signature)).toBeGreaterThan(1);
    expect(await ledger.signatureStatus(first!.signature)).toEqual({ state: "unknown" });
    expect(await ledger.signatureStatus(second!.signature)).toEqual({ state: "confirmed" });
    expect(await lamportsOf(ledger, order.buyerWalletAddress)).toBe(PRICE / 4n);
    expect(await lamportsOf(ledger, order.sellerWalletAddress)).toBe(PRICE - PRICE / 4n);
    expect(await escrowLamports()).toBeNull();
  });

  it("gives up after three signings that never land: nothing paid, the escrow intact", async () => {
    loop.options.dropBroadcasts = 1_000_000;
    const sent = recorder();

    const error = await chain.settle(order, toSplit("RELEASE_TO_SELLER"), sent.options).then(
      () => null,
      (e: unknown) => e,
    );

    expect(new Set(sent.signed.map((p) => p.signature)).size).toBe(3);
    expect(error).toMatchObject({ code: "CHAIN_TRANSACTION_FAILED", details: { expired: true, signature: sent.signed[2]!.signature } });
    for (const { signature } of sent.signed) expect(await ledger.signatureStatus(signature)).toEqual({ state: "unknown" });
    expect(await escrowLamports()).toBe(PRICE);
    expect(await lamportsOf(ledger, order.sellerWalletAddress)).toBeNull();
  });
});

describe("RpcLedger.sendAndConfirm", () => {
  /** One SOL from the authority to a new account, signed on the latest blockhash, not yet sent. */
  async function transferToNewAccount() {
    const to = Keypair.generate().publicKey;
    const lifetime = await ledger.latestBlockhash();
    const tx = buildTransaction(
      [SystemProgram.transfer({ fromPubkey: authority.publicKey, toPubkey: to, lamports: SOL })],
      [authority],
      lifetime.blockhash,
    );
    return { to, lifetime, tx };
  }

  it("re-broadcasts a plain transfer with maxRetries 0 and no node preflight until it lands", async () => {
    loop.options.dropBroadcasts = 1;
    const { to, lifetime, tx } = await transferToNewAccount();
    const sends: unknown[] = [];
    const send = ledger.connection.sendRawTransaction.bind(ledger.connection);
    ledger.connection.sendRawTransaction = (bytes, options) => {
      sends.push(options);
      return send(bytes, options);
    };

    await ledger.sendAndConfirm(tx, lifetime);

    expect(sends).toEqual([
      { skipPreflight: true, maxRetries: 0 },
      { skipPreflight: true, maxRetries: 0 },
    ]);
    expect(await lamportsOf(ledger, to)).toBe(SOL);
  });

  it("lands a transfer re-broadcast long after it landed only once (the node's duplicate check outlives LiteSVM's short history)", async () => {
    const { to, lifetime, tx } = await transferToNewAccount();
    await ledger.sendAndConfirm(tx, lifetime);
    // More transactions than LiteSVM remembers (32), within the blockhash's lifetime.
    for (let i = 0; i < 40; i++) await ledger.airdrop!(Keypair.generate().publicKey, SOL);

    await ledger.connection.sendRawTransaction(tx.serialize(), { skipPreflight: true, maxRetries: 0 });

    expect(await ledger.canStillLand(lifetime.lastValidBlockHeight)).toBe(true);
    expect(await lamportsOf(ledger, to)).toBe(SOL);
  });
});
