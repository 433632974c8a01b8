import { defineResource } from "./define.ts";

/** Signed webhooks (beyond the core API): the endpoints an owner configures, and their deliveries. */
export const webhooks = defineResource({
  name: "webhooks",
  label: "Webhooks",
  route: "/webhooks",
  icon: "webhooks",
  beyondSpec: true,
  record: { label: "Webhook endpoint", type: "webhook", schema: "WebhookEndpoint", table: "webhookEndpoints" },
  audit: {
    "webhook.create": { label: "Webhook endpoint added", history: "Added" },
    "webhook.update": { label: "Webhook endpoint changed", history: "Changed" },
    "webhook.delete": { label: "Webhook endpoint removed", history: "Removed" },
    "webhook.resend": { label: "Webhook delivery re-sent", history: "Delivery re-sent" },
  },
  api: { list: "/admin/webhooks", create: "/admin/webhooks", update: "/admin/webhooks/:id", remove: "/admin/webhooks/:id" },
  access: {
    list: "webhooks.manage",
    create: "webhooks.manage",
    edit: "webhooks.manage",
    delete: "webhooks.manage",
    resend: "webhooks.manage",
  },
});
