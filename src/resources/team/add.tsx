// Add an admin: a wallet, its role and the reason (POST /admin/team). A lazy dialog of the Team
// screen (list.tsx).
import { Form, Input, Select } from "antd";
import { z } from "zod";
import type { EditDialogProps } from "@/components/forms/edit-dialog";
import { endpoints } from "@/providers/endpoints";
import { antdRules } from "@/utils/form-rules";
import { fields, isSolanaAddress, teamRoleSchema } from "@contract";
import { ROLE_OPTIONS, type TeamRow } from "./roles";
import { TeamModal } from "./team-modal";

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
  return (
    <TeamModal<TeamAddValues>
      request={request}
      name="team-add"
      title="Add Admin"
      okText="Add"
      call={() => ({ url: endpoints.team, method: "post" })}
      toBody={({ publicKey, role, reason }) => ({ publicKey: publicKey.trim(), role, reason: reason.trim() })}
      done="Admin added"
      fields={() => (
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
      )}
    />
  );
}
