import { webhookCreateSchema, webhookDeliverySchema, webhookEndpointSchema, webhookUpdateSchema } from "../../contract/index.ts";
import { webhookDeliveryQuerySchema, webhookListQuerySchema } from "../../contract/webhook-queries.ts";
import { changeRoute, createRoute, documentedAs, getOneRoute, listRoute, type RoutePlugin } from "../http/route-schema.ts";
import {
  createEndpoint,
  deleteEndpoint,
  getDelivery,
  listDeliveries,
  listEndpoints,
  resendDelivery,
  updateEndpoint,
} from "../services/webhooks.ts";

// Signed webhooks (beyond the core API, contract/resources/webhooks.ts): the endpoints an owner
// configures and the deliveries sent to them. Owners only (webhooks.manage): an endpoint's secret
// signs what the marketplace tells the outside world.
const about = documentedAs("Webhooks", "webhooks.manage");

export const webhookRoutes: RoutePlugin = async (app, { ctx }) => {
  listRoute(app, about("listWebhookEndpoints", "The webhook endpoints, newest first (never their secrets)"), {
    querystring: webhookListQuerySchema,
    item: webhookEndpointSchema,
    list: (query) => listEndpoints(ctx, query),
  });

  createRoute(app, about("createWebhookEndpoint", "Add an endpoint: answers its signing secret, this once; audited"), {
    body: webhookCreateSchema,
    item: webhookEndpointSchema,
    create: (input, admin) => createEndpoint(ctx, admin, input),
  });

  changeRoute(
    app,
    "PATCH",
    "/:id",
    about("updateWebhookEndpoint", "Change an endpoint's URL, description, events or whether it is enabled; audited"),
    {
      body: webhookUpdateSchema,
      item: webhookEndpointSchema,
      change: (id, input, admin) => updateEndpoint(ctx, admin, id, input),
    },
  );

  changeRoute(app, "DELETE", "/:id", about("deleteWebhookEndpoint", "Remove an endpoint with its deliveries; audited"), {
    item: webhookEndpointSchema,
    change: (id, _, admin) => deleteEndpoint(ctx, admin, id),
  });

  listRoute(
    app,
    about("listWebhookDeliveries", "The deliveries, newest first, each with its attempts; optionally one endpoint's or one status's"),
    {
      url: "/deliveries",
      querystring: webhookDeliveryQuerySchema,
      item: webhookDeliverySchema,
      list: (query) => listDeliveries(ctx, query),
    },
  );

  getOneRoute(app, about("getWebhookDelivery", "One delivery with its attempts"), {
    url: "/deliveries/:id",
    item: webhookDeliverySchema,
    get: (id) => getDelivery(ctx, id),
  });

  changeRoute(
    app,
    "POST",
    "/deliveries/:id/resend",
    about("resendWebhookDelivery", "Send a failed delivery again, with a new retry window (the same webhook-id); audited"),
    {
      item: webhookDeliverySchema,
      change: (id, _, admin) => resendDelivery(ctx, admin, id),
      conflict: "Only a failed delivery can be re-sent",
    },
  );
};
