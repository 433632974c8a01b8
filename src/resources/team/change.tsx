// Change an admin's role, with the reason (PATCH /admin/team/:publicKey). A lazy dialog of the Team
// screen (list.tsx), filled from the row.
import { Form, Input, Select } from "antd";
import { z } from "zod";
import type { EditDialogProps } from "@/components/forms/edit-dialog";
import { Address } from "@/components/value/address";
import { endpoints } from "@/providers/endpoints";
import { antdRules } from "@/utils/form-rules";
import { fields, teamRoleSchema } from "@contract";
import { ROLE_OPTIONS, type TeamRow } from "./roles";
import { TeamModal } from "./team-modal";

interface TeamChangeValues {
  role: string;
  reason: string;
}

const rules = antdRules({ role: z.string({ error: "Choose a role" }).pipe(teamRoleSchema), reason: fields.reason });

export function TeamChange({ request }: EditDialogProps<TeamRow>) {
  return (
    <TeamModal<TeamChangeValues>
      request={request}
      name="team-change"
      title="Change Role"
      okText="Change"
      call={(member) => ({ url: endpoints.teamMember(member?.publicKey ?? ""), method: "patch" })}
      toBody={({ role, reason }) => ({ role, reason: reason.trim() })}
      initialValues={(member) => ({ role: member.role })}
      done="Role changed"
      fields={(member) => (
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
      )}
    />
  );
}
