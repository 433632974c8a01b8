// An endpoint's fields, with the contract's rules: the same in the Add and the Edit dialogs.
import { Checkbox, Form, Input } from "antd";
import { WEBHOOK_EVENT_TYPES, WEBHOOK_EVENTS, webhookCreateSchema } from "@contract";
import { antdRule } from "@/utils/form-rules";

export interface EndpointFormValues {
  url: string;
  description?: string | null;
  events: string[];
}

const rules = {
  url: [antdRule(webhookCreateSchema.shape.url)],
  description: [antdRule(webhookCreateSchema.shape.description)],
  events: [antdRule(webhookCreateSchema.shape.events)],
};

const EVENT_OPTIONS = WEBHOOK_EVENT_TYPES.map((type) => ({ value: type, label: WEBHOOK_EVENTS[type] }));

export function EndpointFields() {
  return (
    <>
      <Form.Item label="URL" name="url" rules={rules.url} required>
        <Input autoComplete="off" spellCheck={false} placeholder="https://example.com/webhooks" />
      </Form.Item>
      <Form.Item label="Description" name="description" rules={rules.description}>
        <Input autoComplete="off" placeholder="e.g. Operations pager" />
      </Form.Item>
      <Form.Item label="Events" name="events" rules={rules.events} required>
        <Checkbox.Group className="webhooks-events" options={EVENT_OPTIONS} />
      </Form.Item>
    </>
  );
}
