// A list row's actions, drawn one way on every screen: icon buttons, each named for assistive
// technology (what it does and to which record) and hinted by a tooltip on hover and focus. Icons
// rather than words keep the Actions column narrow enough for the tables to fit a laptop.
import type { ReactNode } from "react";
import { Button, type ButtonProps } from "antd";
import { Hint } from "@/components/value/hint";

export interface RowActionProps extends Omit<ButtonProps, "children" | "type" | "size" | "icon" | "aria-label"> {
  /** The tooltip: the verb alone ("Edit"). */
  hint: string;
  /** The accessible name: the verb and the record ("Edit USDC"). */
  label: string;
  icon: ReactNode;
}

export function RowAction({ hint, label, icon, className, ...button }: RowActionProps) {
  return (
    <Hint title={hint}>
      <Button
        {...button}
        type="text"
        icon={icon}
        aria-label={label}
        className={className ? `kit-row-action ${className}` : "kit-row-action"}
      />
    </Hint>
  );
}

/** A row's action buttons side by side, never wrapped. */
export function RowActions({ children }: { children: ReactNode }) {
  return <div className="kit-row-actions kit-row-actions--row">{children}</div>;
}
