// Adding a webhook endpoint: its URL, a description and the events it wants. The answer carries the
// endpoint's signing secret, shown here once (the API never shows it again), to copy into the receiver.
import { useState } from "react";
import { Alert, Button, Form, Modal, Typography } from "antd";
import { useCreate, useInvalidate } from "@refinedev/core";
import type { WebhookEndpointCreated } from "@contract";
import type { ApiHttpError } from "@/providers/http";
import { EndpointFields, type EndpointFormValues } from "./fields";

export function AddEndpointModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<EndpointFormValues>();
  const invalidate = useInvalidate();
  const { mutate, mutation } = useCreate<WebhookEndpointCreated, ApiHttpError, EndpointFormValues>();
  const [created, setCreated] = useState<WebhookEndpointCreated | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = (values: EndpointFormValues) => {
    setError(null);
    mutate(
      {
        resource: "webhooks",
        values: {
          url: values.url.trim(),
          description: values.description?.trim() || undefined,
          events: values.events,
        } as EndpointFormValues,
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => {
          setCreated(data);
          form.resetFields();
          void invalidate({ resource: "webhooks", invalidates: ["list"] });
        },
        onError: (e) => setError(e.message || "Could not add the endpoint"),
      },
    );
  };

  const close = () => {
    // The secret is gone once the dialog closes: nothing keeps it.
    setCreated(null);
    setError(null);
    onClose();
  };

  if (created) {
    return (
      <Modal
        open={open}
        title="Endpoint added"
        onCancel={close}
        footer={
          <Button type="primary" onClick={close}>
            Done
          </Button>
        }
      >
        <Alert
          type="warning"
          showIcon
          message="Copy the signing secret now"
          description="It is shown this once. Your receiver verifies each webhook's signature with it (Standard Webhooks)."
        />
        <Typography.Paragraph className="webhooks-secret" copyable={{ text: created.secret }} aria-label="Signing secret">
          <code>{created.secret}</code>
        </Typography.Paragraph>
        <Typography.Text type="secondary">{created.url}</Typography.Text>
      </Modal>
    );
  }

  return (
    <Modal
      open={open}
      title="Add webhook endpoint"
      okText="Add endpoint"
      onOk={() => form.submit()}
      onCancel={close}
      confirmLoading={mutation.isPending}
      destroyOnHidden
    >
      <Form<EndpointFormValues> form={form} name="webhook-endpoint" layout="vertical" onFinish={submit} initialValues={{ events: [] }}>
        <EndpointFields />
      </Form>
      {error ? <Alert type="error" showIcon message={error} /> : null}
    </Modal>
  );
}
