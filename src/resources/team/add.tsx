// Add an admin: a wallet, its role and the reason (POST /admin/team). A lazy dialog of the Team
// screen (list.tsx), Refine's useModalForm through the console's one edit modal.
import { Form, Input, Select } from "antd";
import { z } from "zod";
import type { EditDialogProps } from "@/components/forms/edit-dialog";
import { useEditModal } from "@/components/forms/edit-modal";
import { antdRules } from "@/utils/form-rules";
import { fields, isSolanaAddress, teamRoleSchema } from "@contract";
import { ROLE_OPTIONS, type TeamRow } from "./roles";
import { useRefreshProposals } from "./proposals";
import { teamSaved } from "./saved";

interface TeamAddValues {
  publicKey: string;
  role: string;
  reason: string;
}

const rules = antdRules({
  publicKey: z.string({ error: "Enter the admin's wallet address" }).trim().refine(isSolanaAddress, "Enter a valid Solana wallet address"),
  role: z.string({ error: "Choose a role" }).pipe(teamRoleSchema),
  reason: fields.reason,
});

export function TeamAdd({ request }: EditDialogProps<TeamRow>) {
  const onSaved = useRefreshProposals();
  return useEditModal<TeamRow, TeamAddValues, TeamAddValues>({
    resource: "team",
    action: "create",
    request,
    noun: "admin",
    title: "Add Admin",
    okText: "Add",
    toBody: ({ publicKey, role, reason }) => ({ publicKey: publicKey.trim(), role, reason: reason.trim() }),
    successNotification: teamSaved("Admin added"),
    onSaved,
    fields: () => (
      <>
        <Form.Item label="Wallet" name="publicKey" rules={rules.publicKey}>
          <Input autoComplete="off" spellCheck={false} placeholder="The admin's Solana wallet address" />
        </Form.Item>
        <Form.Item label="Role" name="role" rules={rules.role}>
          <Select options={ROLE_OPTIONS} placeholder="Choose a role" />
        </Form.Item>
        <Form.Item label="Reason" name="reason" rules={rules.reason}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </>
    ),
  });
}
