import { defineResource, listPaths, sameAccess } from "./define.ts";

/** Signed webhooks (beyond the core API): the endpoints an owner configures, and their deliveries. */
export const webhooks = defineResource({
  name: "webhooks",
  label: "Webhooks",
  beyondSpec: true,
  record: { label: "Webhook endpoint", type: "webhook", schema: "WebhookEndpoint", table: "webhookEndpoints" },
  audit: {
    "webhook.create": { label: "Webhook endpoint added", history: "Added" },
    "webhook.update": { label: "Webhook endpoint changed", history: "Changed" },
    "webhook.delete": { label: "Webhook endpoint removed", history: "Removed" },
    "webhook.resend": { label: "Webhook delivery re-sent", history: "Delivery re-sent" },
  },
  api: listPaths("/admin/webhooks", "create", "update", "remove"),
  access: sameAccess("webhooks.manage", "list", "create", "edit", "delete", "resend"),
});
