// A section's header button that opens its create dialog ("Add Token", "Add Admin"): primary, with
// the plus, disabled with the reason when the admin's role may not create; pointing at it fetches
// the dialog's code.
import type { ReactNode } from "react";
import { PlusOutlined } from "@ant-design/icons";
import { AccessButton } from "@/components/access/access-button";
import type { EditDialog } from "./edit-dialog";

export interface CreateButtonProps {
  resource: string;
  dialog: Pick<EditDialog<never>, "open" | "intent">;
  children: ReactNode;
}

export function CreateButton({ resource, dialog, children }: CreateButtonProps) {
  return (
    <AccessButton
      access={{ resource, action: "create" }}
      type="primary"
      icon={<PlusOutlined />}
      onClick={() => dialog.open()}
      {...dialog.intent}
    >
      {children}
    </AccessButton>
  );
}
