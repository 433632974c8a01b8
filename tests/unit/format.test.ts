import { describe, expect, it } from "vitest";
import {
  avatarInitial,
  disputeDeadline,
  decimalUnits,
  formatAmount,
  formatDate,
  formatDay,
  formatDuration,
  head,
  shortMint,
  shortWallet,
  secondsToDays,
} from "@/utils/format";

const KEY = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";

describe("format", () => {
  it("shortens keys to a fixed head and tail", () => {
    expect(shortMint(KEY)).toBe(`${KEY.slice(0, 8)}...${KEY.slice(-6)}`);
    expect(shortWallet(KEY)).toBe(`${KEY.slice(0, 4)}..${KEY.slice(-4)}`);
    expect(head(KEY, 8)).toBe(`${KEY.slice(0, 8)}...`);
    expect(head("abc", 8)).toBe("abc");
    expect(head(null, 8)).toBe("");
  });

  it("words a dispute's deadline: time left in its two largest units, or how long overdue", () => {
    const now = Date.parse("2025-03-10T12:00:00.000Z");
    const DAY = 86_400;
    expect(disputeDeadline("2025-03-08T08:00:00.000Z", 3 * DAY, now)).toEqual({
      at: new Date("2025-03-11T08:00:00.000Z"),
      overdue: false,
      text: "20h left",
    });
    expect(disputeDeadline("2025-03-05T09:00:00.000Z", 5 * DAY, now)?.text).toBe("Overdue by 3h");
    expect(disputeDeadline("2025-03-10T11:00:00.000Z", 7 * DAY, now)?.text).toBe("6d 23h left");
    expect(disputeDeadline(null, DAY, now)).toBeNull();
    expect(disputeDeadline("2025-03-10T11:00:00.000Z", null, now)).toBeNull();
    expect(disputeDeadline("not a date", DAY, now)).toBeNull();
    expect([formatDuration(30_000), formatDuration(-125 * 60_000), formatDuration(2 * 86_400_000)]).toEqual(["under 1m", "2h 5m", "2d"]);
  });

  it("names a UTC day as month and day, whatever the browser's time zone", () => {
    expect([formatDay("2026-11-03"), formatDay("2026-01-01"), formatDay("2024-02-29")]).toEqual(["Nov 3", "Jan 1", "Feb 29"]);
    expect([formatDay("soon"), formatDay("2026-13-45")]).toEqual(["soon", "2026-13-45"]);
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
    expect(formatAmount(123456789, { symbol: "SOL", decimals: 9 }, { exact: true })).toBe("0.123456789 SOL");
    expect(formatAmount(100000000000, { symbol: "USDC", decimals: 6 })).toBe("100,000.00 USDC");
    expect(formatAmount(null, { symbol: "SOL" })).toBe("N/A");
    expect(formatAmount("not a number", { symbol: "SOL" })).toBe("N/A");
  });

  it("shows at most 4 decimals of a large amount and 4 significant ones of a small one; exact keeps them all", () => {
    const sol = { symbol: "SOL", decimals: 9 };
    // The "99,637.96609328 SOL".
    expect(formatAmount("99637966093280", sol)).toBe("99,637.9661 SOL");
    expect(formatAmount("99637966093280", sol, { exact: true })).toBe("99,637.96609328 SOL");
    expect(formatAmount(123456789, sol)).toBe("0.1235 SOL");
    expect(formatAmount(2_039_280, sol)).toBe("0.002039 SOL");
    expect(formatAmount(5000, sol)).toBe("0.000005 SOL");
    expect(formatAmount(6650, sol)).toBe("0.00000665 SOL");
    expect(formatAmount(9_999_999_999, sol)).toBe("10.00 SOL");
    expect(formatAmount(-1_234_567_890, sol)).toBe("-1.2346 SOL");
    expect(formatAmount(0, sol)).toBe("0.00 SOL");
    expect(formatAmount(1999, { symbol: "$" })).toBe("19.99 $");
  });

  it("reads a decimal text (a payout's uiAmount) as base units and decimals, exactly", () => {
    expect(decimalUnits("7.5")).toEqual({ units: 75n, decimals: 1 });
    expect(decimalUnits("99637.96609328")).toEqual({ units: 9963796609328n, decimals: 8 });
    expect(decimalUnits("12")).toEqual({ units: 12n, decimals: 0 });
    expect(decimalUnits("1e5")).toBeNull();
    expect(formatAmount(decimalUnits("99637.96609328")!.units, { symbol: "SOL", decimals: 8 })).toBe("99,637.9661 SOL");
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
