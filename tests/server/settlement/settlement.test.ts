// The settlement module on the in-process chain (litesvm 1.5): exact balances for every resolution,
// the refusals (replay, rent minimum, status), initialize once, and the snapshot across restarts.
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Keypair, PublicKey, SystemProgram } from "@solana/web3.js";
import { TOKEN_PROGRAM_ID } from "@solana/spl-token";
import { signature as toSignature } from "@solana/kit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createSettlement,
  EscrowChain,
  LiteSvmLedger,
  loadAuthorityKeypair,
  settlementOptionsFromEnv,
  CHAIN_DIR,
  AUTHORITY_FILE,
  toSplit,
} from "../../../server/settlement/index.ts";
import {
  configAddress,
  deriveWithSeed,
  escrowAddress,
  initializeInstructions,
  orderSeed,
  payouts,
  solSettlementInstructions,
  splitAmount,
  splSettlementInstructions,
  TOKEN_ACCOUNT_SPACE,
} from "../../../server/settlement/escrow.ts";
import { chainErrorMessage, decisiveLogLine, describeChainError } from "../../../server/settlement/errors.ts";
import { settlementApiError } from "../../../server/services/settlement-errors.ts";
import { clusterFromUrl } from "../../../server/settlement/ledger.ts";
import { JOURNAL_FILE } from "../../../server/settlement/journal.ts";
import { buildTransaction } from "../../../server/settlement/tx.ts";
import { lamportsOf, makeOrder, tokensOf } from "../support/chain-support.ts";

const SOL = 1_000_000_000n;
const FEE = 5_000n;
const RENT_0 = 890_880n;
const RENT_CONFIG = 946_560n;
const RENT_TOKEN_ACCOUNT = 2_039_280n;
const CONFIG = { disputeResolutionLimit: 604_800, reportThreshold: 5 };

interface Fixture {
  ledger: LiteSvmLedger;
  chain: EscrowChain;
  authority: Keypair;
}

async function fixture(): Promise<Fixture> {
  const ledger = new LiteSvmLedger();
  const authority = Keypair.generate();
  await ledger.airdrop(authority.publicKey, 1_000n * SOL);
  return { ledger, chain: new EscrowChain(ledger, authority), authority };
}

/** What `run` throws (it must throw). */
function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

/** A buyer with 5 SOL who has paid `amount` into a new order's escrow; the seller does not exist yet. */
async function solOrder(f: Fixture, amount = 2n * SOL) {
  const buyer = Keypair.generate();
  const seller = Keypair.generate();
  await f.ledger.airdrop(buyer.publicKey, 5n * SOL);
  const order = makeOrder(buyer.publicKey, seller.publicKey, amount);
  const deposit = await f.chain.depositFor(order, buyer);
  return { buyer, seller, order, escrow: new PublicKey(deposit.escrow) };
}

/** A 6-decimals test mint, a buyer holding 1000 of it who paid 250 into escrow. */
async function splOrder(f: Fixture) {
  const buyer = Keypair.generate();
  const seller = Keypair.generate();
  await f.ledger.airdrop(buyer.publicKey, SOL);
  const mint = await f.chain.createTestMint(6);
  await f.chain.mintTestTokens(mint, buyer.publicKey, 1000n);
  const order = makeOrder(buyer.publicKey, seller.publicKey, 250n, { currencyMint: mint.toBase58(), currencyDecimals: 6 });
  const deposit = await f.chain.depositFor(order, buyer);
  return { buyer, seller, mint, order, escrow: new PublicKey(deposit.escrow) };
}

describe("escrow arithmetic and addresses", () => {
  it("hashes an order id to a stable 32-character seed", () => {
    const seed = orderSeed("5f0c1a62-8d5e-4d0c-9a57-0e6d4d1b2c3a");
    expect(seed).toMatch(/^[0-9a-f]{32}$/);
    expect(orderSeed("5f0c1a62-8d5e-4d0c-9a57-0e6d4d1b2c3a")).toBe(seed);
    expect(orderSeed("5f0c1a62-8d5e-4d0c-9a57-0e6d4d1b2c3b")).not.toBe(seed);
  });

  it("derives the same addresses as PublicKey.createWithSeed", async () => {
    const authority = Keypair.generate().publicKey;
    const seed = orderSeed("order-1");
    expect(escrowAddress(authority, "order-1").equals(await PublicKey.createWithSeed(authority, seed, SystemProgram.programId))).toBe(true);
    expect(
      escrowAddress(authority, "order-1", TOKEN_PROGRAM_ID).equals(await PublicKey.createWithSeed(authority, seed, TOKEN_PROGRAM_ID)),
    ).toBe(true);
    expect(
      configAddress(authority).equals(await PublicKey.createWithSeed(authority, "marketplace-config-v1", SystemProgram.programId)),
    ).toBe(true);
    expect(() => deriveWithSeed(authority, "x".repeat(33), SystemProgram.programId)).toThrow(/longer than 32/);
  });

  it("maps the three resolutions to splits", () => {
    expect(toSplit("REFUND_BUYER")).toEqual({ resolution: "REFUND_BUYER", buyerBps: 10_000 });
    expect(toSplit("RELEASE_TO_SELLER", 40)).toEqual({ resolution: "RELEASE_TO_SELLER", buyerBps: 0 });
    expect(toSplit("PARTIAL_REFUND", 30)).toEqual({ resolution: "PARTIAL_REFUND", buyerBps: 3_000 });
    expect(toSplit("PARTIAL_REFUND", 33.33)).toEqual({ resolution: "PARTIAL_REFUND", buyerBps: 3_333 });
    for (const bad of [-1, 100.5, Number.NaN, undefined, null]) {
      expect(thrown(() => toSplit("PARTIAL_REFUND", bad))).toMatchObject({
        code: "INVALID_SPLIT",
        message: "Refund percentage must be between 0 and 100",
      });
    }
    expect(thrown(() => toSplit("SPLIT_EVENLY"))).toMatchObject({
      code: "INVALID_SPLIT",
      message: "Resolution must be one of REFUND_BUYER, RELEASE_TO_SELLER, PARTIAL_REFUND",
    });
  });

  it("gives the buyer floor(amount × pct) and the seller the remainder, always summing to the amount", () => {
    expect(splitAmount(1_000_000_001n, toSplit("PARTIAL_REFUND", 30))).toEqual({ buyerAmount: 300_000_000n, sellerAmount: 700_000_001n });
    expect(splitAmount(7n, toSplit("PARTIAL_REFUND", 50))).toEqual({ buyerAmount: 3n, sellerAmount: 4n });
    expect(splitAmount(250n, toSplit("PARTIAL_REFUND", 0))).toEqual({ buyerAmount: 0n, sellerAmount: 250n });
    expect(splitAmount(250n, toSplit("PARTIAL_REFUND", 100))).toEqual({ buyerAmount: 250n, sellerAmount: 0n });
    expect(splitAmount(250n, toSplit("REFUND_BUYER"))).toEqual({ buyerAmount: 250n, sellerAmount: 0n });
    expect(splitAmount(250n, toSplit("RELEASE_TO_SELLER"))).toEqual({ buyerAmount: 0n, sellerAmount: 250n });
    for (const amount of [0n, 1n, 3n, 99n, 890_881n, 18_446_744_073_709_551_615n]) {
      for (let pct = 0; pct <= 100; pct += 7) {
        const { buyerAmount, sellerAmount } = splitAmount(amount, toSplit("PARTIAL_REFUND", pct));
        expect(buyerAmount + sellerAmount).toBe(amount);
        expect(buyerAmount).toBe((amount * BigInt(pct)) / 100n);
      }
    }
  });

  it("renders chain errors in Rust's debug form with the decisive log line", () => {
    expect(describeChainError({ InstructionError: [1, { Custom: 0 }] })).toBe("InstructionError(1, Custom(0))");
    expect(describeChainError({ InsufficientFundsForRent: { account_index: 3 } })).toBe("InsufficientFundsForRent { account_index: 3 }");
    expect(describeChainError("BlockhashNotFound")).toBe("BlockhashNotFound");
    const logs = [
      "Program 11111111111111111111111111111111 invoke [1]",
      "Transfer: insufficient lamports 0, need 2000000000",
      "Program 11111111111111111111111111111111 failed: custom program error: 0x1",
    ];
    expect(decisiveLogLine(logs)).toBe("Transfer: insufficient lamports 0, need 2000000000");
    expect(
      decisiveLogLine([
        "Program Tokenkeg invoke [1]",
        "Program log: Error: insufficient funds",
        "Program Tokenkeg failed: custom program error: 0x1",
      ]),
    ).toBe("Error: insufficient funds");
    expect(chainErrorMessage("AlreadyProcessed", [])).toBe("Transaction failed: AlreadyProcessed");
  });
});

describe("SOL escrow settlement", () => {
  let f: Fixture;
  beforeEach(async () => {
    f = await fixture();
  });

  it("splits 30/70 with TransferWithSeed signed by the authority alone", async () => {
    const { buyer, seller, order, escrow } = await solOrder(f);
    expect(await lamportsOf(f.ledger, buyer.publicKey)).toBe(3n * SOL - FEE);
    expect(await lamportsOf(f.ledger, escrow)).toBe(2n * SOL);
    const authorityBefore = await lamportsOf(f.ledger, f.authority.publicKey);

    const result = await f.chain.settle(order, toSplit("PARTIAL_REFUND", 30));

    expect(result).toMatchObject({ escrow: escrow.toBase58(), buyerAmount: 600_000_000n, sellerAmount: 1_400_000_000n });
    expect(result.signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/);
    expect(await lamportsOf(f.ledger, buyer.publicKey)).toBe(3n * SOL - FEE + 600_000_000n);
    expect(await lamportsOf(f.ledger, seller.publicKey)).toBe(1_400_000_000n);
    expect(await lamportsOf(f.ledger, escrow)).toBeNull();
    expect(await lamportsOf(f.ledger, f.authority.publicKey)).toBe(authorityBefore! - FEE);
    expect(await f.ledger.signatureStatus(result.signature)).toEqual({ state: "confirmed" });
  });

  it("refunds 100 % to the buyer", async () => {
    const { buyer, seller, order, escrow } = await solOrder(f);
    const authorityBefore = await lamportsOf(f.ledger, f.authority.publicKey);
    const result = await f.chain.settle(order, toSplit("REFUND_BUYER"));
    expect(result).toMatchObject({ buyerAmount: 2n * SOL, sellerAmount: 0n });
    expect(await lamportsOf(f.ledger, buyer.publicKey)).toBe(5n * SOL - FEE);
    expect(await lamportsOf(f.ledger, seller.publicKey)).toBeNull();
    expect(await lamportsOf(f.ledger, escrow)).toBeNull();
    expect(await lamportsOf(f.ledger, f.authority.publicKey)).toBe(authorityBefore! - FEE);
  });

  it("releases 100 % to the seller", async () => {
    const { buyer, seller, order, escrow } = await solOrder(f);
    const authorityBefore = await lamportsOf(f.ledger, f.authority.publicKey);
    const result = await f.chain.settle(order, toSplit("RELEASE_TO_SELLER"));
    expect(result).toMatchObject({ buyerAmount: 0n, sellerAmount: 2n * SOL });
    expect(await lamportsOf(f.ledger, buyer.publicKey)).toBe(3n * SOL - FEE);
    expect(await lamportsOf(f.ledger, seller.publicKey)).toBe(2n * SOL);
    expect(await lamportsOf(f.ledger, escrow)).toBeNull();
    expect(await lamportsOf(f.ledger, f.authority.publicKey)).toBe(authorityBefore! - FEE);
  });

  it("treats a 0 % and a 100 % partial refund like a release and a refund", async () => {
    const zero = await solOrder(f);
    expect(await f.chain.settle(zero.order, toSplit("PARTIAL_REFUND", 0))).toMatchObject({ buyerAmount: 0n, sellerAmount: 2n * SOL });
    expect(await lamportsOf(f.ledger, zero.buyer.publicKey)).toBe(3n * SOL - FEE);
    expect(await lamportsOf(f.ledger, zero.seller.publicKey)).toBe(2n * SOL);

    const full = await solOrder(f);
    expect(await f.chain.settle(full.order, toSplit("PARTIAL_REFUND", 100))).toMatchObject({ buyerAmount: 2n * SOL, sellerAmount: 0n });
    expect(await lamportsOf(f.ledger, full.buyer.publicKey)).toBe(5n * SOL - FEE);
    expect(await lamportsOf(f.ledger, full.seller.publicKey)).toBeNull();
    expect(await lamportsOf(f.ledger, full.escrow)).toBeNull();
  });

  it("gives the odd lamport of a split to the seller", async () => {
    const { buyer, seller, order } = await solOrder(f, 1_000_000_001n);
    const result = await f.chain.settle(order, toSplit("PARTIAL_REFUND", 30));
    expect(result).toMatchObject({ buyerAmount: 300_000_000n, sellerAmount: 700_000_001n });
    expect(await lamportsOf(f.ledger, seller.publicKey)).toBe(700_000_001n);
    expect(await lamportsOf(f.ledger, buyer.publicKey)).toBe(5n * SOL - FEE - 1_000_000_001n + 300_000_000n);
  });

  it("refuses a replayed settlement, and the chain refuses it too: nobody is paid twice", async () => {
    const { buyer, seller, order, escrow } = await solOrder(f);
    const split = toSplit("PARTIAL_REFUND", 30);
    const list = payouts(splitAmount(2n * SOL, split), buyer.publicKey, seller.publicKey);
    // Signed while the escrow is funded, sent after the settlement: an exact copy of a settlement in flight.
    const stale = buildTransaction(
      solSettlementInstructions(f.authority.publicKey, order.id, list),
      [f.authority],
      (await f.ledger.latestBlockhash()).blockhash,
    );

    await f.chain.settle(order, split);
    const after = { buyer: await lamportsOf(f.ledger, buyer.publicKey), seller: await lamportsOf(f.ledger, seller.publicKey) };

    const again = f.chain.settle(order, split);
    await expect(again).rejects.toMatchObject({
      code: "ESCROW_EMPTY",
      message: expect.stringContaining("is empty (never funded or already settled)"),
    });

    // The old bytes: their blockhash was expired by the settlement itself.
    await expect(f.ledger.sendAndConfirm(stale)).rejects.toThrow(/BlockhashNotFound/);
    // The same payout rebuilt with a fresh blockhash: the escrow has nothing left.
    const rebuilt = buildTransaction(
      solSettlementInstructions(f.authority.publicKey, order.id, list),
      [f.authority],
      (await f.ledger.latestBlockhash()).blockhash,
    );
    const forced = f.ledger.sendAndConfirm(rebuilt);
    await expect(forced).rejects.toMatchObject({ code: "CHAIN_TRANSACTION_FAILED" });
    await expect(forced).rejects.toThrow(
      "Transaction failed: InstructionError(0, Custom(1)): Transfer: insufficient lamports 0, need 600000000",
    );

    expect(await lamportsOf(f.ledger, buyer.publicKey)).toBe(after.buyer);
    expect(await lamportsOf(f.ledger, seller.publicKey)).toBe(after.seller);
    expect(await lamportsOf(f.ledger, escrow)).toBeNull();
  });

  it("settles only DISPUTED orders, once, one call at a time", async () => {
    const { order } = await solOrder(f);
    await expect(f.chain.settle({ ...order, status: "ACTIVE" }, toSplit("REFUND_BUYER"))).rejects.toMatchObject({ code: "NOT_DISPUTED" });
    await expect(
      f.chain.settle({ ...order, status: "COMPLETED", resolution: "RELEASE_TO_SELLER" }, toSplit("REFUND_BUYER")),
    ).rejects.toMatchObject({ code: "ALREADY_SETTLED" });
    await expect(
      f.chain.settle({ ...order, settlementStatus: "CONFIRMED", settlementSignature: "abc" }, toSplit("REFUND_BUYER")),
    ).rejects.toMatchObject({
      code: "ALREADY_SETTLED",
      message: "The dispute of order " + order.id + " is already resolved (transaction abc)",
    });
    await expect(f.chain.settle({ ...order, settlementStatus: "PENDING" }, toSplit("REFUND_BUYER"))).rejects.toMatchObject({
      code: "SETTLEMENT_IN_PROGRESS",
    });

    const [first, second] = await Promise.allSettled([
      f.chain.settle(order, toSplit("REFUND_BUYER")),
      f.chain.settle(order, toSplit("RELEASE_TO_SELLER")),
    ]);
    expect(first.status).toBe("fulfilled");
    expect(second.status === "rejected" && second.reason).toMatchObject({ code: "SETTLEMENT_IN_PROGRESS" });
  });

  it("settles many orders concurrently (each transaction gets a blockhash that is still valid)", async () => {
    const list = await Promise.all(Array.from({ length: 12 }, () => solOrder(f)));
    const results = await Promise.all(list.map(({ order }, i) => f.chain.settle(order, toSplit("PARTIAL_REFUND", i * 5))));
    expect(new Set(results.map((r) => r.signature)).size).toBe(12);
    for (const [i, { seller, escrow }] of list.entries()) {
      expect(await lamportsOf(f.ledger, escrow)).toBeNull();
      expect(await lamportsOf(f.ledger, seller.publicKey)).toBe(2n * SOL - (2n * SOL * BigInt(i * 5)) / 100n);
    }
  });

  it("refuses, before sending, a share below the rent minimum to a wallet that does not exist yet", async () => {
    const { buyer, seller, order, escrow } = await solOrder(f, 1_000_000n);
    const authorityBefore = await lamportsOf(f.ledger, f.authority.publicKey);

    const refused = f.chain.settle(order, toSplit("PARTIAL_REFUND", 30));
    await expect(refused).rejects.toMatchObject({
      code: "SHARE_BELOW_RENT_MINIMUM",
      details: { share: "seller", amount: 700_000n, minimum: RENT_0 },
      message: `The seller's share of 700000 lamports is below the rent-exempt minimum of 890880 lamports for a new account: the seller's wallet ${seller.publicKey.toBase58()} does not exist on chain yet`,
    });
    // Nothing was sent.
    expect(await lamportsOf(f.ledger, escrow)).toBe(1_000_000n);
    expect(await lamportsOf(f.ledger, f.authority.publicKey)).toBe(authorityBefore);

    // The buyer's 300 000 is fine: the buyer's wallet exists. Once the seller exists, the split goes through.
    await f.ledger.airdrop(seller.publicKey, SOL);
    await f.chain.settle(order, toSplit("PARTIAL_REFUND", 30));
    expect(await lamportsOf(f.ledger, seller.publicKey)).toBe(SOL + 700_000n);
    expect(await lamportsOf(f.ledger, buyer.publicKey)).toBe(5n * SOL - FEE - 1_000_000n + 300_000n);
  });

  it("names the buyer's share when that is the one too small", async () => {
    const seller = Keypair.generate();
    const order = makeOrder(Keypair.generate().publicKey, seller.publicKey, 1_000_000n);
    await f.chain.fundEscrow(order);
    await expect(f.chain.settle(order, toSplit("PARTIAL_REFUND", 60))).rejects.toMatchObject({
      code: "SHARE_BELOW_RENT_MINIMUM",
      details: { share: "buyer", amount: 600_000n },
    });
    // A refund of the whole escrow is above the minimum: allowed.
    await expect(f.chain.settle(order, toSplit("REFUND_BUYER"))).resolves.toMatchObject({ buyerAmount: 1_000_000n });
  });

  it("will not create a SOL escrow below the rent-exempt minimum", async () => {
    const buyer = Keypair.generate();
    await f.ledger.airdrop(buyer.publicKey, SOL);
    const order = makeOrder(buyer.publicKey, Keypair.generate().publicKey, 890_879n);
    await expect(f.chain.fundEscrow(order)).rejects.toMatchObject({ code: "ESCROW_BELOW_RENT_MINIMUM" });
    await expect(f.chain.depositFor(order, buyer)).rejects.toMatchObject({
      code: "ESCROW_BELOW_RENT_MINIMUM",
      message: `The escrow of order ${order.id} cannot hold 890879 lamports: a SOL escrow needs at least the rent-exempt minimum of 890880 lamports`,
    });
    expect(await lamportsOf(f.ledger, escrowAddress(f.authority.publicKey, order.id))).toBeNull();
    await expect(f.chain.fundEscrow({ ...order, totalPrice: RENT_0 })).resolves.toMatchObject({ signature: expect.any(String) });
  });

  it("funds an escrow once (seeding is idempotent) and refuses to settle an unfunded one", async () => {
    const order = makeOrder(Keypair.generate().publicKey, Keypair.generate().publicKey, 3n * SOL);
    await expect(f.chain.settle(order, toSplit("REFUND_BUYER"))).rejects.toMatchObject({ code: "ESCROW_EMPTY" });
    const first = await f.chain.fundEscrow(order);
    expect(first.signature).not.toBeNull();
    expect(await f.chain.fundEscrow(order)).toEqual({ escrow: first.escrow, signature: null });
    expect(await lamportsOf(f.ledger, first.escrow)).toBe(3n * SOL);
  });

  it("hands out the signature before sending, and resumes a settlement interrupted after signing", async () => {
    const { seller, order } = await solOrder(f);
    const split = toSplit("RELEASE_TO_SELLER");
    let stored = "";
    // A crash right after the signature was stored: the transaction is never sent.
    const crashed = f.chain.settle(order, split, {
      onSigned: (pending) => {
        stored = pending.signature;
        throw new Error("process died");
      },
    });
    await expect(crashed).rejects.toThrow("process died");
    expect(await f.ledger.signatureStatus(stored)).toEqual({ state: "unknown" });
    expect(await lamportsOf(f.ledger, seller.publicKey)).toBeNull();

    const resumed = await f.chain.resumeSettlement({ ...order, settlementSignature: stored, settlementStatus: "PENDING" }, split, stored);
    expect(await f.ledger.signatureStatus(resumed.signature)).toEqual({ state: "confirmed" });
    expect(await lamportsOf(f.ledger, seller.publicKey)).toBe(2n * SOL);

    // Resuming the settlement that landed changes nothing and answers with it.
    const authorityBefore = await lamportsOf(f.ledger, f.authority.publicKey);
    expect(await f.chain.resumeSettlement(order, split, resumed.signature)).toEqual(resumed);
    expect(await lamportsOf(f.ledger, f.authority.publicKey)).toBe(authorityBefore);
  });

  it("recognises a landed settlement whose signature fell out of the runtime's history", async () => {
    const { seller, order } = await solOrder(f);
    const split = toSplit("RELEASE_TO_SELLER");
    let pendingSignature = "";
    const result = await f.chain.settle(order, split, { onSigned: (p) => void (pendingSignature = p.signature) });
    expect(pendingSignature).toBe(result.signature);
    for (let i = 0; i < 40; i++) await f.ledger.airdrop(Keypair.generate().publicKey, SOL);
    expect(f.ledger.svm.getTransaction(toSignature(result.signature))).toBeNull();

    expect(await f.chain.resumeSettlement(order, split, result.signature)).toEqual(result);
    expect(await lamportsOf(f.ledger, seller.publicKey)).toBe(2n * SOL);
  });

  it("expires the blockhash after every transaction", async () => {
    const payer = Keypair.generate();
    await f.ledger.airdrop(payer.publicKey, SOL);
    const { blockhash } = await f.ledger.latestBlockhash();
    const transfer = (to: PublicKey) =>
      buildTransaction([SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports: SOL / 10n })], [payer], blockhash);
    await f.ledger.sendAndConfirm(transfer(Keypair.generate().publicKey));
    expect((await f.ledger.latestBlockhash()).blockhash).not.toBe(blockhash);
    await expect(f.ledger.sendAndConfirm(transfer(Keypair.generate().publicKey))).rejects.toThrow("Transaction failed: BlockhashNotFound");
  });
});

describe("SPL token escrow settlement", () => {
  let f: Fixture;
  beforeEach(async () => {
    f = await fixture();
  });

  it("splits 30/70 into the parties' token accounts and closes the escrow", async () => {
    const { buyer, seller, mint, order, escrow } = await splOrder(f);
    expect(await tokensOf(f.ledger, mint, buyer.publicKey)).toBe(750n);
    const authorityBefore = await lamportsOf(f.ledger, f.authority.publicKey);

    const result = await f.chain.settle(order, toSplit("PARTIAL_REFUND", 30));

    expect(result).toMatchObject({ escrow: escrow.toBase58(), buyerAmount: 75n, sellerAmount: 175n });
    expect(await tokensOf(f.ledger, mint, buyer.publicKey)).toBe(825n);
    expect(await tokensOf(f.ledger, mint, seller.publicKey)).toBe(175n);
    expect(await f.ledger.getAccount(escrow)).toBeNull();
    // The authority pays the fee and the seller's new token account, and gets the escrow's rent back.
    expect(await lamportsOf(f.ledger, f.authority.publicKey)).toBe(authorityBefore! - FEE - RENT_TOKEN_ACCOUNT + RENT_TOKEN_ACCOUNT);
  });

  it("refunds 100 % to the buyer without opening a seller account", async () => {
    const { buyer, seller, mint, order, escrow } = await splOrder(f);
    const authorityBefore = await lamportsOf(f.ledger, f.authority.publicKey);
    expect(await f.chain.settle(order, toSplit("REFUND_BUYER"))).toMatchObject({ buyerAmount: 250n, sellerAmount: 0n });
    expect(await tokensOf(f.ledger, mint, buyer.publicKey)).toBe(1000n);
    expect(await tokensOf(f.ledger, mint, seller.publicKey)).toBeNull();
    expect(await f.ledger.getAccount(escrow)).toBeNull();
    expect(await lamportsOf(f.ledger, f.authority.publicKey)).toBe(authorityBefore! - FEE + RENT_TOKEN_ACCOUNT);
  });

  it("releases 100 % to the seller", async () => {
    const { buyer, seller, mint, order, escrow } = await splOrder(f);
    const authorityBefore = await lamportsOf(f.ledger, f.authority.publicKey);
    expect(await f.chain.settle(order, toSplit("RELEASE_TO_SELLER"))).toMatchObject({ buyerAmount: 0n, sellerAmount: 250n });
    expect(await tokensOf(f.ledger, mint, buyer.publicKey)).toBe(750n);
    expect(await tokensOf(f.ledger, mint, seller.publicKey)).toBe(250n);
    expect(await f.ledger.getAccount(escrow)).toBeNull();
    expect(await lamportsOf(f.ledger, f.authority.publicKey)).toBe(authorityBefore! - FEE);
  });

  it("handles 0 % and 100 % partial refunds", async () => {
    const zero = await splOrder(f);
    expect(await f.chain.settle(zero.order, toSplit("PARTIAL_REFUND", 0))).toMatchObject({ buyerAmount: 0n, sellerAmount: 250n });
    expect(await tokensOf(f.ledger, zero.mint, zero.seller.publicKey)).toBe(250n);
    const full = await splOrder(f);
    expect(await f.chain.settle(full.order, toSplit("PARTIAL_REFUND", 100))).toMatchObject({ buyerAmount: 250n, sellerAmount: 0n });
    expect(await tokensOf(f.ledger, full.mint, full.buyer.publicKey)).toBe(1000n);
    expect(await tokensOf(f.ledger, full.mint, full.seller.publicKey)).toBeNull();
  });

  it("refuses a replay: the escrow is closed by the first settlement", async () => {
    const { buyer, seller, mint, order } = await splOrder(f);
    const split = toSplit("PARTIAL_REFUND", 30);
    await f.chain.settle(order, split);
    await expect(f.chain.settle(order, split)).rejects.toThrow(/does not exist \(never funded or already settled\)/);

    const token = { mint, decimals: 6, tokenProgram: TOKEN_PROGRAM_ID, accountSpace: TOKEN_ACCOUNT_SPACE };
    const list = payouts(splitAmount(250n, split), buyer.publicKey, seller.publicKey);
    const rebuilt = buildTransaction(
      splSettlementInstructions(f.authority.publicKey, order.id, token, list),
      [f.authority],
      (await f.ledger.latestBlockhash()).blockhash,
    );
    await expect(f.ledger.sendAndConfirm(rebuilt)).rejects.toMatchObject({ code: "CHAIN_TRANSACTION_FAILED" });
    expect(await tokensOf(f.ledger, mint, buyer.publicKey)).toBe(825n);
    expect(await tokensOf(f.ledger, mint, seller.publicKey)).toBe(175n);
  });

  it("seeds an escrow for a mint missing in-process by creating it as a test mint", async () => {
    const usdc = "4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU";
    const order = makeOrder(Keypair.generate().publicKey, Keypair.generate().publicKey, 12_500_000n, {
      currencyMint: usdc,
      currencyDecimals: 6,
    });
    const funded = await f.chain.fundEscrow(order);
    expect(funded.escrow).toBe(escrowAddress(f.authority.publicKey, order.id, TOKEN_PROGRAM_ID).toBase58());
    expect(await f.chain.fundEscrow(order)).toEqual({ escrow: funded.escrow, signature: null });
    const result = await f.chain.settle(order, toSplit("PARTIAL_REFUND", 50));
    expect(result).toMatchObject({ buyerAmount: 6_250_000n, sellerAmount: 6_250_000n });
    expect(await tokensOf(f.ledger, new PublicKey(usdc), new PublicKey(order.sellerWalletAddress))).toBe(6_250_000n);
  });

  it("cannot mint a token whose mint authority is someone else", async () => {
    const other = new EscrowChain(f.ledger, Keypair.generate());
    const mint = await other.createTestMint(6);
    const order = makeOrder(Keypair.generate().publicKey, Keypair.generate().publicKey, 10n, {
      currencyMint: mint.toBase58(),
      currencyDecimals: 6,
    });
    await expect(f.chain.fundEscrow(order)).rejects.toMatchObject({ code: "ESCROW_FUNDING_UNSUPPORTED" });
  });
});

describe("marketplace initialization", () => {
  let f: Fixture;
  beforeEach(async () => {
    f = await fixture();
  });

  it("initializes once: refused afterwards by the service and by the chain", async () => {
    const admins = [f.authority.publicKey.toBase58()];
    expect(await f.chain.status()).toEqual({
      cluster: "localnet-inprocess",
      authority: f.authority.publicKey.toBase58(),
      configAddress: configAddress(f.authority.publicKey).toBase58(),
      initialized: false,
    });

    const result = await f.chain.initializeMarketplace(CONFIG, admins);
    expect(result.configAddress).toBe(configAddress(f.authority.publicKey).toBase58());
    expect(JSON.parse(result.memo)).toEqual({ type: "marketplace-config", version: 1, authority: admins[0], ...CONFIG });
    const logs = (f.ledger.svm.getTransaction(toSignature(result.signature)) as { logs(): string[] }).logs();
    expect(logs).toContain("Program MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr invoke [1]");
    const config = await f.ledger.getAccount(new PublicKey(result.configAddress));
    expect(config).toMatchObject({ lamports: RENT_CONFIG, data: new Uint8Array(8) });
    expect(config!.owner.equals(SystemProgram.programId)).toBe(true);
    expect((await f.chain.status()).initialized).toBe(true);

    await expect(f.chain.initializeMarketplace(CONFIG, admins)).rejects.toMatchObject({ code: "ALREADY_INITIALIZED" });
    const forced = buildTransaction(
      initializeInstructions(f.authority.publicKey, CONFIG, 0n),
      [f.authority],
      (await f.ledger.latestBlockhash()).blockhash,
    );
    const refused = f.ledger.sendAndConfirm(forced);
    await expect(refused).rejects.toMatchObject({ code: "CHAIN_TRANSACTION_FAILED" });
    await expect(refused).rejects.toThrow(
      /InstructionError\(0, Custom\(0\)\): Allocate: account Address \{ address: \w+, base: Some\(\w+\) \} already in use/,
    );
  });

  it("refuses a concurrent second initialize while the first is running", async () => {
    const admins = [f.authority.publicKey.toBase58()];
    const [first, second] = await Promise.allSettled([
      f.chain.initializeMarketplace(CONFIG, admins),
      f.chain.initializeMarketplace(CONFIG, admins),
    ]);
    expect(first.status).toBe("fulfilled");
    expect(second.status === "rejected" && second.reason).toMatchObject({
      code: "INITIALIZATION_IN_PROGRESS",
      message: "The marketplace initialization is already in progress",
    });
  });

  it("requires the authority to be an admin wallet, and a sane config, refusing before anything is sent", async () => {
    const authority = f.authority.publicKey.toBase58();
    const balance = await lamportsOf(f.ledger, f.authority.publicKey);
    const refused = await f.chain.initializeMarketplace(CONFIG, [Keypair.generate().publicKey.toBase58()]).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({
      code: "AUTHORITY_NOT_ADMIN",
      details: { authority },
      message: `The marketplace authority ${authority} must be configured as an admin wallet before initializing`,
    });
    // The API answers 403 and names the key to add.
    expect(settlementApiError(refused, "before")).toMatchObject({
      statusCode: 403,
      message: `The marketplace authority ${authority} must be configured as an admin wallet before initializing: add ${authority} to ADMIN_WALLETS and restart the server`,
    });
    await expect(f.chain.initializeMarketplace({ ...CONFIG, reportThreshold: 0 }, [authority])).rejects.toMatchObject({
      code: "INVALID_MARKETPLACE_CONFIG",
      message: "reportThreshold must be a positive integer",
    });
    // Nothing was sent: no config account, not even a fee paid.
    expect((await f.chain.status()).initialized).toBe(false);
    expect(await f.ledger.getAccount(configAddress(f.authority.publicKey))).toBeNull();
    expect(await lamportsOf(f.ledger, f.authority.publicKey)).toBe(balance);
  });

  it("still initializes when someone sent lamports to the config address first", async () => {
    const address = configAddress(f.authority.publicKey);
    await f.ledger.airdrop(address, 1_000_000n);
    await f.chain.initializeMarketplace(CONFIG, [f.authority.publicKey.toBase58()]);
    expect(await f.ledger.getAccount(address)).toMatchObject({ lamports: 1_000_000n, data: new Uint8Array(8) });
  });
});

describe("createSettlement: data folder, authority key, snapshot", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "settlement-"));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("keeps balances, escrows and the initialized flag across a restart", async () => {
    const first = await createSettlement({ dataDir: dir });
    expect(first.cluster).toBe("localnet-inprocess");
    const seller = Keypair.generate().publicKey;
    const settledOrder = makeOrder(Keypair.generate().publicKey, seller, 2n * SOL);
    const openSol = makeOrder(Keypair.generate().publicKey, seller, 3n * SOL);
    const openSpl = makeOrder(Keypair.generate().publicKey, seller, 500n, {
      currencyMint: Keypair.generate().publicKey.toBase58(),
      currencyDecimals: 6,
    });
    for (const o of [settledOrder, openSol, openSpl]) await first.chain.fundEscrow(o);
    const settled = await first.chain.settle(settledOrder, toSplit("RELEASE_TO_SELLER"));
    await first.chain.initializeMarketplace(CONFIG, [first.authority.toBase58()]);
    const authorityLamports = await first.ledger.getAccount(first.authority);
    await first.close();
    const files = readdirSync(join(dir, CHAIN_DIR)).sort();
    expect(files).toEqual([expect.stringMatching(/^chain-[0-9a-f]{16}\.litesvm$/), JOURNAL_FILE]);

    const second = await createSettlement({ dataDir: dir });
    expect(second.authority.equals(first.authority)).toBe(true);
    expect((await second.chain.status()).initialized).toBe(true);
    expect((await second.ledger.getAccount(seller))?.lamports).toBe(2n * SOL);
    expect((await second.ledger.getAccount(second.authority))?.lamports).toBe(authorityLamports?.lamports);
    expect(await second.ledger.signatureStatus(settled.signature)).toEqual({ state: "confirmed" });
    await expect(second.chain.settle(settledOrder, toSplit("RELEASE_TO_SELLER"))).rejects.toMatchObject({ code: "ESCROW_EMPTY" });
    await expect(second.chain.initializeMarketplace(CONFIG, [second.authority.toBase58()])).rejects.toMatchObject({
      code: "ALREADY_INITIALIZED",
    });
    // The open escrows survived and settle after the restart (the SPL one runs the token program).
    await second.chain.settle(openSol, toSplit("RELEASE_TO_SELLER"));
    expect(await second.chain.settle(openSpl, toSplit("PARTIAL_REFUND", 30))).toMatchObject({ buyerAmount: 150n, sellerAmount: 350n });
    await second.close();

    const third = await createSettlement({ dataDir: dir });
    expect((await third.ledger.getAccount(seller))?.lamports).toBe(5n * SOL);
    await third.close();
  });

  it("loses nothing when the process dies without closing: the journal is replayed onto the checkpoint", async () => {
    const stateDir = join(dir, CHAIN_DIR);
    const live = LiteSvmLedger.open({ stateDir, checkpointEvery: 7 });
    const authority = Keypair.generate();
    await live.airdrop(authority.publicKey, 1_000n * SOL);
    const chain = new EscrowChain(live, authority);
    const batch = Array.from({ length: 10 }, () => makeOrder(Keypair.generate().publicKey, Keypair.generate().publicKey, SOL));
    await Promise.all(batch.map((o) => chain.fundEscrow(o)));
    await Promise.all(batch.map((o, i) => chain.settle(o, toSplit("PARTIAL_REFUND", i * 10))));
    const mint = await chain.createTestMint(6);
    await chain.mintTestTokens(mint, authority.publicKey, 42n);
    // A transaction the runtime refuses after charging its fee, and one it refuses outright.
    const list = payouts(
      splitAmount(SOL, toSplit("REFUND_BUYER")),
      new PublicKey(batch[0]!.buyerWalletAddress),
      new PublicKey(batch[0]!.sellerWalletAddress),
    );
    const failing = buildTransaction(
      solSettlementInstructions(authority.publicKey, batch[0]!.id, list),
      [authority],
      (await live.latestBlockhash()).blockhash,
    );
    await expect(live.sendAndConfirm(failing)).rejects.toThrow(/insufficient lamports/);
    await expect(live.sendAndConfirm(failing)).rejects.toThrow(/BlockhashNotFound/);
    // A crash in the middle of writing the next record.
    appendFileSync(join(stateDir, JOURNAL_FILE), Buffer.from([1, 1, 200]));

    const restored = LiteSvmLedger.open({ stateDir });
    const keys = [
      authority.publicKey,
      ...batch.flatMap((o) => [new PublicKey(o.buyerWalletAddress), new PublicKey(o.sellerWalletAddress)]),
    ];
    for (const key of keys) expect(await restored.getAccount(key)).toEqual(await live.getAccount(key));
    expect(await restored.getAccount(mint)).toEqual(await live.getAccount(mint));
    expect((await restored.latestBlockhash()).blockhash).toBe((await live.latestBlockhash()).blockhash);
    // Still enforced after the restore: the old bytes stay refused.
    await expect(restored.sendAndConfirm(failing)).rejects.toThrow(/BlockhashNotFound/);
    await restored.close();
  });

  it("creates the authority key file once, owner-readable only, and honours an explicit path", async () => {
    const key = loadAuthorityKeypair(dir);
    const file = join(dir, AUTHORITY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, "utf8"))).toHaveLength(64);
    expect(loadAuthorityKeypair(dir).publicKey.equals(key.publicKey)).toBe(true);

    const other = Keypair.generate();
    const otherFile = join(dir, "elsewhere.json");
    writeFileSync(otherFile, JSON.stringify(Array.from(other.secretKey)));
    const settlement = await createSettlement({ dataDir: dir, authorityKeypairPath: otherFile });
    expect(settlement.authority.equals(other.publicKey)).toBe(true);
    await settlement.close();

    expect(() => loadAuthorityKeypair(dir, join(dir, "missing.json"))).toThrow(/AUTHORITY_KEYPAIR: .*missing\.json does not exist/);
    writeFileSync(otherFile, "[1,2,3]");
    expect(() => loadAuthorityKeypair(dir, otherFile)).toThrow(/is not a JSON array of 64 bytes/);
  });

  it("reads its options from the environment and names clusters", () => {
    expect(settlementOptionsFromEnv({}, dir)).toEqual({ dataDir: dir, cluster: "litesvm", authorityKeypairPath: undefined });
    expect(settlementOptionsFromEnv({ SOLANA_RPC_URL: "https://api.devnet.solana.com" }, dir).cluster).toBe("litesvm");
    expect(
      settlementOptionsFromEnv({ SETTLEMENT_CLUSTER: "rpc", SOLANA_RPC_URL: "https://rpc.example.org", AUTHORITY_KEYPAIR: "/k.json" }, dir),
    ).toEqual({
      dataDir: dir,
      cluster: "https://rpc.example.org",
      authorityKeypairPath: "/k.json",
    });
    expect(clusterFromUrl("https://api.devnet.solana.com")).toBe("devnet");
    expect(clusterFromUrl("https://api.mainnet-beta.solana.com")).toBe("mainnet-beta");
    expect(clusterFromUrl("http://127.0.0.1:8899")).toBe("localnet");
    expect(clusterFromUrl("https://rpc.example.org")).toBe("custom");
  });

  it("refuses a cluster that is neither litesvm nor an RPC URL", async () => {
    await expect(createSettlement({ dataDir: dir, cluster: "ftp://example.org" })).rejects.toThrow(
      /neither "litesvm" nor an http\(s\) RPC URL/,
    );
  });
});
