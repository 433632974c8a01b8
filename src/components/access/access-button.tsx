// A button the admin's role may not allow: drawn as ever when it does; otherwise still there (so no one
// wonders where it went), disabled, with the reason on hover and focus. Header actions, bulk actions
// and the export button use it; row actions take the same `access` (row-actions.tsx).
import { Button, type ButtonProps } from "antd";
import { Hint } from "@/components/value/hint";
import { useAccess, type AccessCheck } from "./use-access";

export interface AccessButtonProps extends ButtonProps {
  /** The action the button takes, as the resource's declaration names it ("create" on "tokens"). */
  access: AccessCheck;
}

export function AccessButton({ access, disabled, ...button }: AccessButtonProps) {
  const { allowed, reason } = useAccess(access);
  // The hint only when denied: an allowed button keeps its own description (aria-describedby).
  if (allowed) return <Button {...button} disabled={disabled} />;
  return (
    <Hint title={reason ?? "Not allowed"}>
      <Button {...button} disabled aria-description={reason} />
    </Hint>
  );
}
