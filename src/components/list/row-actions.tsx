// A list row's actions, drawn one way on every screen: icon buttons, each named for assistive
// technology (what it does and to which record) and hinted by a tooltip on hover and focus. Icons
// rather than words keep the Actions column narrow enough for the tables to fit a laptop. An action
// the admin's role does not allow stays in its place, disabled, its tooltip saying why.
import type { ReactNode } from "react";
import { Button, type ButtonProps } from "antd";
import type { ColumnType } from "antd/es/table";
import { useAccess, type AccessCheck } from "@/components/access/use-access";
import { Hint } from "@/components/value/hint";

export interface RowActionProps extends Omit<ButtonProps, "children" | "type" | "size" | "icon" | "aria-label"> {
  /** The tooltip: the verb alone ("Edit"). */
  hint: string;
  /** The accessible name: the verb and the record ("Edit USDC"). */
  label: string;
  icon: ReactNode;
  /** The action as the resource's declaration names it ("edit" on "tokens"); left out, always allowed. */
  access?: AccessCheck;
}

export function RowAction({ hint, label, icon, className, access, disabled, ...button }: RowActionProps) {
  const { allowed, reason } = useAccess(access);
  return (
    <Hint title={allowed ? hint : `${hint}: ${reason ?? "not allowed"}`}>
      <Button
        {...button}
        disabled={disabled || !allowed}
        aria-description={allowed ? undefined : reason}
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

/** A list's Actions column, fixed on the right so it stays in view while the rest scrolls sideways. */
export function actionsColumn<TRecord>(render: (record: TRecord) => ReactNode, width?: number): ColumnType<TRecord> {
  return { title: "Actions", key: "actions", fixed: "right", width, render: (_, record) => render(record) };
}
