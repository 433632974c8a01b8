// Regression guard for the litesvm crash (0.7.0–1.1.0): after an SBF program (SPL Token, ATA, Memo)
// ran, the next full V8 garbage collection aborted the whole process with std::bad_alloc. The probe
// runs in a child `node --expose-gc`, so it needs no special flag from `npm test`, and a crash shows
// as the child dying by signal instead of taking the test runner down with it.
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { runProcess } from "../../support/processes.ts";

const PROBE = `
if (typeof globalThis.gc !== "function") {
  console.error("gc is not exposed: run node with --expose-gc");
  process.exit(3);
}
const { Keypair } = await import("@solana/web3.js");
const { LiteSvmLedger, EscrowChain, toSplit } = await import(process.env.SETTLEMENT_MODULE);
const ledger = new LiteSvmLedger();
const authority = Keypair.generate();
await ledger.airdrop(authority.publicKey, 10n ** 12n);
const chain = new EscrowChain(ledger, authority);
const mint = await chain.createTestMint(6);
await chain.mintTestTokens(mint, Keypair.generate().publicKey, 1000n);
globalThis.gc();
const order = {
  id: "gc-probe", status: "DISPUTED", currencyMint: mint.toBase58(), currencyDecimals: 6, totalPrice: 100n,
  buyerWalletAddress: Keypair.generate().publicKey.toBase58(), sellerWalletAddress: Keypair.generate().publicKey.toBase58(),
};
await chain.fundEscrow(order);
globalThis.gc();
await chain.settle(order, toSplit("PARTIAL_REFUND", 30));
globalThis.gc();
globalThis.gc();
console.log("survived");
`;

function runProbe(nodeFlags: string[]) {
  return runProcess(process.execPath, [...nodeFlags, "--import", "tsx", "--input-type=module", "-e", PROBE], {
    cwd: resolve(import.meta.dirname, "../../.."),
    env: { ...process.env, SETTLEMENT_MODULE: resolve(import.meta.dirname, "../../../server/settlement/index.ts") },
  });
}

describe("litesvm survives a full GC after SPL transactions", () => {
  it("runs SPL Token and ATA transactions, then global.gc(), without aborting", async () => {
    const child = await runProbe(["--expose-gc"]);
    expect({ signal: child.signal, code: child.code, stderr: child.stderr }).toEqual({ signal: null, code: 0, stderr: "" });
    expect(child.stdout.trim()).toBe("survived");
  });

  it("fails loudly when gc is not exposed, so the guard cannot pass vacuously", async () => {
    const child = await runProbe([]);
    expect(child.code).toBe(3);
    expect(child.stderr).toContain("gc is not exposed");
  });
});
