import { describe, expect, it } from "vitest";
import { avatarInitial, formatAmount, formatDate, head, shortMint, shortWallet, secondsToDays } from "@/utils/format";

const KEY = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";

describe("format", () => {
  it("shortens keys the way SPEC §9 says", () => {
    expect(shortMint(KEY)).toBe(`${KEY.slice(0, 8)}...${KEY.slice(-6)}`);
    expect(shortWallet(KEY)).toBe(`${KEY.slice(0, 4)}..${KEY.slice(-4)}`);
    expect(head(KEY, 8)).toBe(`${KEY.slice(0, 8)}...`);
    expect(head("abc", 8)).toBe("abc");
    expect(head(null, 8)).toBe("");
  });

  it("takes the avatar initial from the name, else 2 key characters", () => {
    expect(avatarInitial("alice", KEY)).toBe("A");
    expect(avatarInitial("  ", KEY)).toBe("7x");
    expect(avatarInitial(undefined, KEY)).toBe("7x");
  });

  it("formats base-unit amounts with the currency decimals", () => {
    expect(formatAmount(1_250_000_000, { symbol: "SOL", decimals: 9 })).toBe("1.25 SOL");
    expect(formatAmount("1500000", { symbol: "USDC", decimals: 6 })).toBe("1.50 USDC");
    expect(formatAmount(1999, { symbol: "$" })).toBe("19.99 $");
    expect(formatAmount(123456789, { symbol: "SOL", decimals: 9 })).toBe("0.123456789 SOL");
    expect(formatAmount(100000000000, { symbol: "USDC", decimals: 6 })).toBe("100,000.00 USDC");
    expect(formatAmount(null, { symbol: "SOL" })).toBe("N/A");
    expect(formatAmount("not a number", { symbol: "SOL" })).toBe("N/A");
  });

  it("formats dates en-US short, N/A when missing", () => {
    expect(formatDate(null)).toBe("N/A");
    expect(formatDate("garbage")).toBe("N/A");
    expect(formatDate("2026-03-04T05:06:00")).toBe("3/4/26, 5:06 AM");
  });

  it("converts seconds to days", () => {
    expect(secondsToDays(604800)).toBe(7);
    expect(secondsToDays(129600)).toBe(1.5);
  });
});
