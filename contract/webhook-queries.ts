// The webhook lists' query parameters, for the server's routes: apart from contract/webhooks.ts, so
// the console's Webhooks dialog (which loads that module) does not make the list helpers of query.ts
// (shared with every list screen) carry zod into every list's first load.
import { z } from "./zod.ts";
import { choiceParam, pageParams, textParam } from "./query.ts";
import { WEBHOOK_DELIVERY_STATUSES } from "./webhook-events.ts";

export const webhookDeliveryQuerySchema = z.object({
  ...pageParams(),
  endpointId: textParam("Endpoint"),
  status: choiceParam(WEBHOOK_DELIVERY_STATUSES, "Status must be pending, delivered or failed"),
});
export type WebhookDeliveryQuery = z.output<typeof webhookDeliveryQuerySchema>;

export const webhookListQuerySchema = z.object(pageParams());
