// Change an admin's role, with the reason (PATCH /admin/team/:publicKey). A lazy dialog of the Team
// screen (list.tsx), Refine's useModalForm through the console's one edit modal, filled from the row.
import { Form, Input, Select } from "antd";
import { z } from "zod";
import type { EditDialogProps } from "@/components/forms/edit-dialog";
import { useEditModal } from "@/components/forms/edit-modal";
import { Address } from "@/components/value/address";
import { antdRules } from "@/utils/form-rules";
import { fields, teamRoleSchema } from "@contract";
import { ROLE_OPTIONS, type TeamRow } from "./roles";
import { useRefreshProposals } from "./proposals";
import { teamSaved } from "./saved";

interface TeamChangeValues {
  role: string;
  reason: string;
}

const rules = antdRules({ role: z.string({ error: "Choose a role" }).pipe(teamRoleSchema), reason: fields.reason });

export function TeamChange({ request }: EditDialogProps<TeamRow>) {
  const onSaved = useRefreshProposals();
  return useEditModal<TeamRow, TeamChangeValues, TeamChangeValues>({
    resource: "team",
    action: "edit",
    source: "row",
    request,
    noun: "role",
    title: "Change Role",
    okText: "Change",
    toFormValues: (member) => ({ role: member.role, reason: "" }),
    toBody: ({ role, reason }) => ({ role, reason: reason.trim() }),
    successNotification: teamSaved("Role changed"),
    onSaved,
    fields: (member) => (
      <>
        <Form.Item label="Wallet">
          <Address value={member?.publicKey} />
        </Form.Item>
        <Form.Item label="Role" name="role" rules={rules.role}>
          <Select options={ROLE_OPTIONS} />
        </Form.Item>
        <Form.Item label="Reason" name="reason" rules={rules.reason}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </>
    ),
  });
}
