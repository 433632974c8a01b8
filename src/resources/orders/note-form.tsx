// An admin's internal note on an order (beyond the core API): the server stores and audits
// it, the order's timeline shows it, its buyer and seller never see it. The form runs the server's
// own rule (the contract's schema), keeps the text when the server refuses it so nothing typed is
// lost, and clears it once stored.
import { Alert, Form, Input } from "antd";
import { AccessButton } from "@/components/access/access-button";
import { keys, useCustomMutation } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { ORDER_NOTE_MAX, orderNoteText, type OrderNote, type OrderNoteInput } from "@contract";
import { endpoints } from "@/providers/endpoints";
import type { ApiHttpError } from "@/providers/http";
import { antdRule } from "@/utils/form-rules";

export const NOTE_FAILED = "Could not add the note";

/**
 * The timeline's query: Refine keys a custom GET by its method and path (plus its other params), so
 * this prefix finds it without the timeline exporting anything.
 */
const timelineQuery = (orderId: string) =>
  keys()
    .data()
    .mutation("custom")
    .params({ method: "get", url: endpoints.orderTimeline(orderId) })
    .get();

export function OrderNoteForm({ orderId }: { orderId: string }) {
  const [form] = Form.useForm<OrderNoteInput>();
  const queryClient = useQueryClient();
  const { mutation, mutate } = useCustomMutation<OrderNote, ApiHttpError, OrderNoteInput>();
  const pending = mutation.isPending;

  const submit = ({ body }: OrderNoteInput) =>
    mutate(
      {
        url: endpoints.orderNotes(orderId),
        method: "post",
        values: { body: body.trim() },
        // The outcome shows under the form (or as the new timeline entry), not as a toast.
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => {
          form.resetFields();
          void queryClient.invalidateQueries({ queryKey: timelineQuery(orderId) });
        },
      },
    );

  return (
    <Form<OrderNoteInput>
      form={form}
      name="order-note"
      layout="vertical"
      className="order-timeline__note-form"
      disabled={pending}
      initialValues={{ body: "" }}
      onFinish={submit}
      requiredMark={false}
    >
      <Form.Item
        name="body"
        label="Internal note"
        extra="Only admins see internal notes; buyers and sellers never do."
        rules={[antdRule(orderNoteText)]}
      >
        <Input.TextArea rows={3} maxLength={ORDER_NOTE_MAX} showCount />
      </Form.Item>
      {mutation.isError ? (
        <Alert type="error" showIcon className="order-timeline__note-error" message={mutation.error.serverMessage ?? NOTE_FAILED} />
      ) : null}
      <AccessButton access={{ resource: "orders", action: "notes" }} htmlType="submit" loading={pending}>
        Add Note
      </AccessButton>
    </Form>
  );
}
