// Adding a webhook endpoint: its URL, a description and the events it wants. The answer carries the
// endpoint's signing secret, shown here once (the API never shows it again), to copy into the receiver.
import { useState } from "react";
import { Alert, Button, Checkbox, Form, Input, Modal, Typography } from "antd";
import { useCreate, useInvalidate } from "@refinedev/core";
import { WEBHOOK_EVENT_TYPES, WEBHOOK_EVENTS, webhookCreateSchema, type WebhookEndpointCreated } from "@contract";
import type { ApiHttpError } from "@/providers/http";
import { antdRule } from "@/utils/form-rules";

interface Values {
  url: string;
  description?: string;
  events: string[];
}

const rules = {
  url: [antdRule(webhookCreateSchema.shape.url)],
  description: [antdRule(webhookCreateSchema.shape.description)],
  events: [antdRule(webhookCreateSchema.shape.events)],
};

const EVENT_OPTIONS = WEBHOOK_EVENT_TYPES.map((type) => ({ value: type, label: WEBHOOK_EVENTS[type] }));

export function AddEndpointModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const invalidate = useInvalidate();
  const { mutate, mutation } = useCreate<WebhookEndpointCreated, ApiHttpError, Values>();
  const [created, setCreated] = useState<WebhookEndpointCreated | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = (values: Values) => {
    setError(null);
    mutate(
      {
        resource: "webhooks",
        values: { url: values.url.trim(), description: values.description?.trim() || undefined, events: values.events } as Values,
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
      <Form<Values> form={form} name="webhook-endpoint" layout="vertical" onFinish={submit} initialValues={{ events: [] }}>
        <Form.Item label="URL" name="url" rules={rules.url} required>
          <Input autoComplete="off" spellCheck={false} placeholder="https://example.com/webhooks" />
        </Form.Item>
        <Form.Item label="Description" name="description" rules={rules.description}>
          <Input autoComplete="off" placeholder="e.g. Operations pager" />
        </Form.Item>
        <Form.Item label="Events" name="events" rules={rules.events} required>
          <Checkbox.Group className="webhooks-events" options={EVENT_OPTIONS} />
        </Form.Item>
      </Form>
      {error ? <Alert type="error" showIcon message={error} /> : null}
    </Modal>
  );
}
