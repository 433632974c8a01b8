// Amounts held in a token's base units (lamports, USDC micro-units) written with the token's
// decimals. Shared by the console's display (src/utils/format.ts) and the server's payout preview,
// so both sides write the same amount the same way; integers only, no floating point.

export interface BaseUnitsFormat {
  /** Fraction digits kept even when they are zeros (default 0: "7.5", "12"). */
  minFractionDigits?: number;
  /** Thousands separators in the whole part, "1,234.5" (default false). */
  grouping?: boolean;
}

/** e.g. formatBaseUnits(7_500_000n, 6) === "7.5"; trailing zeros of the fraction are dropped. */
export function formatBaseUnits(units: bigint, decimals: number, format: BaseUnitsFormat = {}): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const base = 10n ** BigInt(decimals);
  const whole = abs / base;
  let fraction = decimals > 0 ? (abs % base).toString().padStart(decimals, "0") : "";
  const keep = Math.min(format.minFractionDigits ?? 0, decimals);
  while (fraction.length > keep && fraction.endsWith("0")) fraction = fraction.slice(0, -1);
  const wholeText = format.grouping ? whole.toLocaleString("en-US") : whole.toString();
  return (negative ? "-" : "") + wholeText + (fraction ? "." + fraction : "");
}
