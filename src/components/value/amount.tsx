// An amount as the screens show it (formatAmount's display precision), the exact amount with every
// decimal of its token in a hint when the display rounded it.
import type { Currency, Payout } from "@contract";
import { Hint } from "@/components/value/hint";
import { decimalUnits, formatAmount } from "@/utils/format";

export interface AmountProps {
  /** Base units of the currency. */
  value: number | string | bigint | null | undefined;
  currency?: Currency | null;
  className?: string;
}

export function Amount({ value, currency, className }: AmountProps) {
  const shown = formatAmount(value, currency);
  const exact = formatAmount(value, currency, { exact: true });
  // Plain text when nothing was rounded: it reads as part of the sentence around it.
  if (shown === exact) return className ? <span className={className}>{shown}</span> : <>{shown}</>;
  return (
    <Hint title={exact}>
      {/* Focusable so keyboard users can reach the exact amount too. */}
      <span className={className} tabIndex={0}>
        {shown}
      </span>
    </Hint>
  );
}

/** A payout as the server words it (uiAmount: the amount with its token's decimals), shown the same way. */
export function PayoutAmount({ payout, className }: { payout: Pick<Payout, "uiAmount" | "symbol">; className?: string }) {
  const parsed = decimalUnits(payout.uiAmount, 2);
  if (!parsed) return <span className={className}>{`${payout.uiAmount} ${payout.symbol}`}</span>;
  return <Amount className={className} value={parsed.units} currency={{ symbol: payout.symbol, decimals: parsed.decimals }} />;
}
