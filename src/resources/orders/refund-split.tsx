// The partial refund's control: a 0–100 slider with the live buyer/seller split, plus a
// number box for an exact value. The box may hold an out-of-range value so the form can say why
// it is refused instead of silently clamping it.
import { InputNumber, Slider } from "antd";
import { REFUND_PERCENT_MAX, REFUND_PERCENT_MIN } from "@contract";

interface Props {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  disabled?: boolean;
}

const clamp = (n: number) => Math.min(REFUND_PERCENT_MAX, Math.max(REFUND_PERCENT_MIN, n));

export function RefundSplit({ id, value, onChange, disabled }: Props) {
  const valid = typeof value === "number" && value >= REFUND_PERCENT_MIN && value <= REFUND_PERCENT_MAX;
  const sliderValue = typeof value === "number" ? clamp(value) : REFUND_PERCENT_MIN;
  return (
    <div className="refund-split">
      <div className="refund-split__controls">
        <Slider
          className="refund-split__slider"
          min={REFUND_PERCENT_MIN}
          max={REFUND_PERCENT_MAX}
          value={sliderValue}
          onChange={(next: number) => onChange?.(next)}
          disabled={disabled}
          ariaLabelForHandle="Refund percentage to buyer"
          tooltip={{ formatter: (n) => `${n}%` }}
        />
        <InputNumber
          id={id}
          className="refund-split__input"
          value={value}
          onChange={(next) => onChange?.(typeof next === "number" ? next : null)}
          disabled={disabled}
          aria-label="Refund percentage"
          suffix="%"
        />
      </div>
      <p className="refund-split__summary" aria-live="polite">
        {/* An invalid value has no split; the form item shows why instead. */}
        {valid ? (
          <>
            Buyer receives <strong>{value}%</strong> · Seller receives <strong>{REFUND_PERCENT_MAX - value}%</strong>
          </>
        ) : null}
      </p>
    </div>
  );
}
