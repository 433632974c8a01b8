// The 'Edit User' modal: GET /users/:id fills the form, PATCH /users/:id saves it, and
// the user's orders and shops (beyond the core API, user-records.tsx) and admin history show below. The save also refreshes the counts and the history. A lazy
// dialog of the Users screen (list.tsx), which it opens at /users/:id.
import { Form, Input, Select, Switch } from "antd";
import type { EditDialogProps } from "@/components/forms/edit-dialog";
import { useEditModal } from "@/components/forms/edit-modal";
import { antdRules } from "@/utils/form-rules";
import { fields, type User } from "@contract";
import { userName } from "./columns";
import { ROLE_OPTIONS } from "./filters";
import { useRefreshUsers } from "./refresh";
import { UserRecords } from "./user-records";
import { userUpdateBody, type UserFormValues, type UserUpdateBody } from "./update-body";

const rules = antdRules({
  displayName: fields.displayName,
  contactInfo: fields.contactInfo,
  role: fields.role,
  status: fields.status,
});

export function UserEditModal({ request }: EditDialogProps<User>) {
  const refresh = useRefreshUsers();
  return useEditModal<User, UserFormValues, UserUpdateBody>({
    resource: "users",
    routed: true,
    request,
    recordName: userName,
    action: "edit",
    noun: "user",
    title: "Edit User",
    okText: "Save",
    toBody: userUpdateBody,
    history: "user",
    successNotification: { type: "success", message: "User updated" },
    onSaved: () => void refresh(),
    fields: (user) => (
      <>
        <Form.Item label="Public Key" htmlFor="user-edit-public-key">
          {/* A text area so the whole key wraps into view on a phone instead of scrolling inside a field. */}
          <Input.TextArea id="user-edit-public-key" value={user?.publicKey ?? ""} readOnly autoSize className="user-edit-modal__key" />
        </Form.Item>
        <Form.Item label="Display Name" name="displayName" rules={rules.displayName}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Email" name="contactInfo" rules={rules.contactInfo}>
          <Input inputMode="email" autoComplete="off" />
        </Form.Item>
        <Form.Item label="Role" name="role" rules={rules.role}>
          <Select options={ROLE_OPTIONS} />
        </Form.Item>
        <div className="user-edit-modal__flags">
          <Form.Item label="Verified" name="verified" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item label="Disabled" name="disabled" valuePropName="checked">
            <Switch />
          </Form.Item>
        </div>
        <Form.Item label="Status" name="status" rules={rules.status}>
          <Input autoComplete="off" />
        </Form.Item>
        {user ? <UserRecords user={user} /> : null}
      </>
    ),
  });
}
