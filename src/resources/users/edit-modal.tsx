// SPEC §2 'Edit User' modal: GET /users/:id fills the form, PATCH /users/:id saves it (SPEC §7).
// The form is filled from the record fetched for the id being edited, never from the row or from
// the previous open; a failed save keeps the modal open with what was typed and the server's words.
import { useState } from "react";
import { Alert, Form, Input, Modal, Select, Spin, Switch } from "antd";
import { useModalForm } from "@refinedev/antd";
import type { HttpError } from "@refinedev/core";
import { AuditHistory } from "@/components/history/audit-history";
import { antdRules } from "@/utils/form-rules";
import { fields, type User, type UserRole } from "@contract";
import { useRefreshUsers } from "./refresh";

interface UserFormValues {
  displayName?: string | null;
  contactInfo?: string | null;
  role?: UserRole;
  verified?: boolean;
  disabled?: boolean;
  status?: string | null;
}

/** The PATCH body of SPEC §7: all six fields, blanks as null (the API stores "no value" as null). */
export interface UserUpdateBody {
  displayName: string | null;
  contactInfo: string | null;
  role: UserRole | undefined;
  verified: boolean;
  disabled: boolean;
  status: string | null;
}

const ROLE_OPTIONS: { value: UserRole; label: string }[] = [
  { value: "USER", label: "User" },
  { value: "ADMIN", label: "Admin" },
  { value: "MARKETPLACE_AUTHORITY", label: "Marketplace Authority" },
];

const rules = antdRules({
  displayName: fields.displayName,
  contactInfo: fields.contactInfo,
  role: fields.role,
  status: fields.status,
});

const text = (value: string | null | undefined) => value?.trim() || null;

function toBody(values: UserFormValues): UserUpdateBody {
  return {
    displayName: text(values.displayName),
    contactInfo: text(values.contactInfo),
    role: values.role,
    verified: values.verified === true,
    disabled: values.disabled === true,
    status: text(values.status),
  };
}

export function useUserEditModal() {
  const refresh = useRefreshUsers();
  const [saveError, setSaveError] = useState<string>();
  const { modalProps, formProps, show, close, query, mutation, id, formLoading } = useModalForm<
    User,
    HttpError,
    UserFormValues
  >({
    resource: "users",
    action: "edit",
    redirect: false,
    mutationMode: "pessimistic",
    successNotification: { type: "success", message: "User updated" },
    // The modal shows the failure itself, next to what was typed.
    errorNotification: false,
    onMutationSuccess: () => void refresh(),
    onMutationError: (error) => setSaveError(error?.message || "Could not save the user"),
    // Refine keeps the previous query's data while the next loads (keepPreviousData); for a form
    // that would mean showing the last user's values under this user's title.
    queryOptions: { placeholderData: () => undefined },
  });

  const record = query?.data?.data;
  // The fetched record is only shown once it is the one being edited.
  const current = record && String(record.id) === String(id) ? record : undefined;
  const loadError = query?.isError ? query.error?.message : undefined;

  function open(user: User) {
    setSaveError(undefined);
    show(user.id);
  }

  function cancel() {
    setSaveError(undefined);
    close();
  }

  async function submit(values: UserFormValues) {
    setSaveError(undefined);
    try {
      // useModalForm's onFinish returns the save's promise (typed void by antd): it rejects on failure.
      const save = formProps.onFinish as unknown as (body: UserUpdateBody) => Promise<unknown>;
      await save(toBody(values));
    } catch {
      // onMutationError has put the server's message on screen; the form keeps its values.
    }
  }

  const modal = (
    <Modal
      {...modalProps}
      title="Edit User"
      okText="Save"
      width={560}
      onCancel={cancel}
      // A spinner on Save only while saving; while the record loads, Save is just not available yet.
      okButtonProps={{ ...modalProps.okButtonProps, loading: mutation.isPending, disabled: formLoading || !current }}
      className="user-edit-modal"
      // The form and its History scroll inside the dialog, so Save stays in view on short screens.
      classNames={{ body: "user-edit-modal__body" }}
    >
      {loadError ? <Alert type="error" showIcon message="Could not load the user" description={loadError} /> : null}
      <Spin spinning={!current && !loadError && modalProps.open === true}>
        <Form
          {...formProps}
          // Only ever this user's values: never a previous record's.
          initialValues={current}
          onFinish={submit}
          layout="vertical"
          disabled={!current}
          requiredMark={false}
        >
          {saveError ? (
            <Alert type="error" showIcon message={saveError} className="user-edit-modal__error" role="alert" />
          ) : null}
          <Form.Item label="Public Key" htmlFor="user-edit-public-key">
            {/* A text area so the whole key wraps into view on a phone instead of scrolling inside a field. */}
            <Input.TextArea
              id="user-edit-public-key"
              value={current?.publicKey ?? ""}
              readOnly
              autoSize
              className="user-edit-modal__key"
            />
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
        </Form>
      </Spin>
      {modalProps.open && id !== undefined ? <AuditHistory targetType="user" targetId={String(id)} /> : null}
    </Modal>
  );

  return { open, modal };
}
