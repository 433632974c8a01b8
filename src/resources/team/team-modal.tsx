// The team's modal forms (Add, Change role): Refine's useModalForm holds the modal and the form; the
// save is the team's own call (useCustomMutation), as its answer is the member (201/200) or a
// proposal waiting for a second owner (202), not a record. A refusal (409: the last owner, too few
// approvers) stays in the modal, above what was typed. Each ask of the screen opens it afresh.
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Alert, Form, Modal } from "antd";
import { useModalForm } from "@refinedev/antd";
import { useCustomMutation, useInvalidate, type HttpError } from "@refinedev/core";
import type { EditRequest } from "@/components/forms/edit-dialog";
import type { TeamChangeResult } from "@contract";
import "@/components/antd/setup";
import "@/styles/kit.css";
import { useRefreshProposals } from "./proposals";
import type { TeamRow } from "./roles";
import { teamSaved } from "./saved";

export interface TeamModalOptions<TValues> {
  request?: EditRequest<TeamRow>;
  /** The form's name (its field ids): "team-add". */
  name: string;
  title: string;
  okText: string;
  /** Where the save goes for this open's member (none when adding). */
  call: (member: TeamRow | undefined) => { url: string; method: "post" | "patch" };
  toBody: (values: TValues) => Record<string, unknown>;
  initialValues?: (member: TeamRow | undefined) => Partial<TValues>;
  /** The toast once saved without a second owner. */
  done: string;
  fields: (member: TeamRow | undefined) => ReactNode;
}

export function TeamModal<TValues extends object>({
  request,
  name,
  title,
  okText,
  call,
  toBody,
  initialValues,
  done,
  fields,
}: TeamModalOptions<TValues>) {
  const { modalProps, form, show, close } = useModalForm<TeamRow, HttpError, TValues>({
    resource: "team",
    action: "create",
    redirect: false,
    autoSubmitClose: false,
    warnWhenUnsavedChanges: false,
  });
  const { mutateAsync, mutation } = useCustomMutation<TeamChangeResult, HttpError, Record<string, unknown>>();
  const invalidate = useInvalidate();
  const refreshProposals = useRefreshProposals();
  const [member, setMember] = useState<TeamRow>();
  const [saveError, setSaveError] = useState<string>();

  // Each ask opens the modal with that open's values (refs: useModalForm's functions change every render).
  const opener = useRef({ show, form, initialValues });
  opener.current = { show, form, initialValues };
  useEffect(() => {
    if (!request) return;
    const { show: open, form: current, initialValues: valuesOf } = opener.current;
    setMember(request.record);
    setSaveError(undefined);
    current.resetFields();
    current.setFieldsValue((valuesOf?.(request.record) ?? {}) as never);
    open();
  }, [request]);

  async function save(values: TValues) {
    setSaveError(undefined);
    try {
      await mutateAsync({
        ...call(member),
        values: toBody(values),
        successNotification: teamSaved(done),
        errorNotification: false,
      });
    } catch (error) {
      setSaveError((error as HttpError).message || `Could not save`);
      return;
    }
    close();
    refreshProposals();
    await invalidate({ resource: "team", invalidates: ["list"] });
  }

  return (
    <Modal
      {...modalProps}
      title={title}
      okText={okText}
      width={560}
      centered
      okButtonProps={{ ...modalProps.okButtonProps, loading: mutation.isPending }}
      onCancel={() => close()}
    >
      {saveError ? (
        <Alert
          className="kit-edit-modal__error"
          type="error"
          showIcon
          message={`Could not ${okText.toLowerCase()}`}
          description={saveError}
        />
      ) : null}
      <Form<TValues> form={form} name={name} layout="vertical" onFinish={(values) => void save(values)}>
        {fields(member)}
      </Form>
    </Modal>
  );
}
