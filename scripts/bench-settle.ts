// npm run bench:settle [-- <orders>]: dispute settlements per second on the in-process chain, through
// the same createSettlement/EscrowChain path the server uses (each settlement journaled to disk before
// it is reported, checkpoints included). Each line settles its own freshly funded orders; buyers and
// sellers are new wallets.
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Keypair } from "@solana/web3.js";
import { createSettlement, EscrowChain, LiteSvmLedger, CHAIN_DIR, toSplit, type EscrowOrder } from "../server/settlement/index.ts";

const N = Number(process.argv[2] ?? 1000);
if (!Number.isInteger(N) || N < 1) throw new Error(`Number of orders must be a positive integer, got ${process.argv[2]}`);

// Above the rent minimum so every share may go to a wallet that does not exist yet.
const SOL_PRICE = 2_000_000_000n;
const TOKEN_PRICE = 25_000_000n;
const split = toSplit("PARTIAL_REFUND", 30);

function orders(count: number, currencyMint: string | null): EscrowOrder[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `bench-${currencyMint ? "spl" : "sol"}-${i}-${crypto.randomUUID()}`,
    status: "DISPUTED",
    buyerWalletAddress: Keypair.generate().publicKey.toBase58(),
    sellerWalletAddress: Keypair.generate().publicKey.toBase58(),
    currencyMint,
    totalPrice: currencyMint ? TOKEN_PRICE : SOL_PRICE,
    currencyDecimals: currencyMint ? 6 : 9,
  }));
}

async function fund(chain: EscrowChain, list: EscrowOrder[]): Promise<void> {
  for (let i = 0; i < list.length; i += 100) await Promise.all(list.slice(i, i + 100).map((o) => chain.fundEscrow(o)));
}

async function measure(label: string, chain: EscrowChain, list: EscrowOrder[], concurrent: boolean): Promise<void> {
  const start = performance.now();
  if (concurrent) {
    await Promise.all(list.map((o) => chain.settle(o, split)));
  } else {
    for (const o of list) await chain.settle(o, split);
  }
  const seconds = (performance.now() - start) / 1000;
  const rate = Math.round(list.length / seconds);
  console.log(`${label.padEnd(50)} ${String(rate).padStart(6)} settlements/s  (${list.length} in ${seconds.toFixed(2)} s)`);
}

const dir = mkdtempSync(join(tmpdir(), "bench-settle-"));
try {
  const settlement = await createSettlement({ dataDir: dir });
  const { chain } = settlement;
  const mint = (await chain.createTestMint(6)).toBase58();

  // Memory-only chain (no persistence): the cost of the chain work alone, for comparison.
  const memoryLedger = new LiteSvmLedger();
  const memoryAuthority = Keypair.generate();
  await memoryLedger.airdrop(memoryAuthority.publicKey, 1_000_000n * 1_000_000_000n);
  const memoryChain = new EscrowChain(memoryLedger, memoryAuthority);
  const memoryMint = (await memoryChain.createTestMint(6)).toBase58();

  // Warm-up (V8 compiles the hot paths): without it the first line measured pays for the JIT.
  console.log("Warming up with 800 settlements...");
  const warm = { sol: orders(200, null), spl: orders(200, mint), solMem: orders(200, null), splMem: orders(200, memoryMint) };
  await fund(chain, [...warm.sol, ...warm.spl]);
  await fund(memoryChain, [...warm.solMem, ...warm.splMem]);
  for (const o of [...warm.sol, ...warm.spl]) await chain.settle(o, split);
  for (const o of [...warm.solMem, ...warm.splMem]) await memoryChain.settle(o, split);

  const sets = {
    solSeq: orders(N, null),
    solPar: orders(N, null),
    splSeq: orders(N, mint),
    splPar: orders(N, mint),
    solMem: orders(N, null),
    splMem: orders(N, memoryMint),
  };
  console.log(`Funding ${N * 6} escrows on the in-process chain (litesvm 1.5)...`);
  for (const key of ["solSeq", "solPar", "splSeq", "splPar"] as const) await fund(chain, sets[key]);
  await fund(memoryChain, sets.solMem);
  await fund(memoryChain, sets.splMem);

  console.log(`\nSettling ${N} orders per line, PARTIAL_REFUND 30 % (two payouts each):`);
  await measure("SOL, one request at a time, persisted", chain, sets.solSeq, false);
  await measure(`SOL, ${N} concurrent requests, persisted`, chain, sets.solPar, true);
  await measure("SPL, one request at a time, persisted", chain, sets.splSeq, false);
  await measure(`SPL, ${N} concurrent requests, persisted`, chain, sets.splPar, true);
  await measure("SOL, one at a time, memory only (for comparison)", memoryChain, sets.solMem, false);
  await measure("SPL, one at a time, memory only (for comparison)", memoryChain, sets.splMem, false);
  await settlement.close();
  const chainDir = join(dir, CHAIN_DIR);
  const checkpoint = readdirSync(chainDir).find((name) => name.endsWith(".litesvm"));
  console.log(`\nCheckpoint: ${(statSync(join(chainDir, checkpoint ?? "")).size / 1024 / 1024).toFixed(2)} MiB`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
