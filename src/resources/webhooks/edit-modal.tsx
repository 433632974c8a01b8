// Changing an endpoint: its URL, description and events (PATCH /admin/webhooks/:id, audited). Its
// signing secret stays as it is, so the receiver goes on verifying. The console's one edit modal,
// started from the row (the API has no GET of one endpoint); a lazy dialog of the Webhooks screen.
import type { WebhookEndpoint, WebhookUpdateInput } from "@contract";
import type { EditDialogProps } from "@/components/forms/edit-dialog";
import { useEditModal } from "@/components/forms/edit-modal";
import { EndpointFields, type EndpointFormValues } from "./fields";

const toFormValues = ({ url, description, events }: WebhookEndpoint): EndpointFormValues => ({ url, description, events });

/** Trimmed text; an emptied description clears it (null). */
const toBody = ({ url, description, events }: EndpointFormValues) =>
  ({ url: url.trim(), description: description?.trim() || null, events }) as WebhookUpdateInput;

export function WebhookEditModal({ request }: EditDialogProps<WebhookEndpoint>) {
  return useEditModal<WebhookEndpoint, EndpointFormValues, WebhookUpdateInput>({
    resource: "webhooks",
    action: "edit",
    request,
    source: "row",
    noun: "endpoint",
    title: "Edit webhook endpoint",
    okText: "Save",
    toFormValues,
    toBody,
    fields: () => <EndpointFields />,
    history: "webhook",
  });
}
