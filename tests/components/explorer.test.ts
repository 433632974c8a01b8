import { describe, expect, it } from "vitest";
import { SOLANA_CLUSTER } from "@/config";
import { explorerUrl } from "@/utils/explorer";

const KEY = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";
const SIG = "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW";

describe("explorerUrl", () => {
  it("links devnet and testnet with their cluster parameter", () => {
    expect(explorerUrl(KEY, "address", "devnet")).toBe(`https://explorer.solana.com/address/${KEY}?cluster=devnet`);
    expect(explorerUrl(SIG, "tx", "testnet")).toBe(`https://explorer.solana.com/tx/${SIG}?cluster=testnet`);
  });

  it("links mainnet-beta without a cluster parameter", () => {
    expect(explorerUrl(KEY, "address", "mainnet-beta")).toBe(`https://explorer.solana.com/address/${KEY}`);
    expect(explorerUrl(SIG, "tx", "mainnet-beta")).toBe(`https://explorer.solana.com/tx/${SIG}`);
  });

  it("gives no link for local, in-process, custom or missing clusters", () => {
    for (const cluster of ["localnet", "localnet-inprocess", "custom", "", "DEVNET", "constructor", null]) {
      expect(explorerUrl(KEY, "address", cluster)).toBeNull();
    }
  });

  it("uses the console's cluster when none is given", () => {
    expect(SOLANA_CLUSTER).toBe("devnet");
    expect(explorerUrl(KEY, "address")).toBe(`https://explorer.solana.com/address/${KEY}?cluster=devnet`);
    expect(explorerUrl(KEY, "address", undefined)).toBe(explorerUrl(KEY, "address", "devnet"));
  });

  it("gives no link without a value, and never lets the value add path segments", () => {
    expect(explorerUrl("", "tx", "devnet")).toBeNull();
    expect(explorerUrl(null, "address", "devnet")).toBeNull();
    expect(explorerUrl("a/../b?x=1", "address", "mainnet-beta")).toBe("https://explorer.solana.com/address/a%2F..%2Fb%3Fx%3D1");
  });
});
