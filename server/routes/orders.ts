import type { FastifyInstance } from "fastify";
import { disputeResolutionSchema, orderListQuerySchema } from "../../contract/index.ts";
import { parseOr400 } from "../http/errors.ts";
import type { ServiceContext } from "../services/context.ts";
import { getOrder, listOrders, orderStats, resolveDispute } from "../services/orders.ts";

type Id = { Params: { id: string } };

export async function orderRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  app.get("/admin/orders", async (request) => ({ data: listOrders(ctx, parseOr400(orderListQuerySchema, request.query)) }));

  app.get("/admin/orders/stats", async () => ({ data: await orderStats(ctx) }));

  app.get<Id>("/admin/orders/:id", async (request) => ({ data: await getOrder(ctx, request.params.id) }));

  // Checks in the order a caller can act on: a bad body (400), an unknown order (404), an order that
  // is not disputed (409), and only then whether settlement is available at all (503).
  app.post<Id>("/admin/orders/:id/resolve-dispute", async (request) => {
    const input = parseOr400(disputeResolutionSchema, request.body);
    return { data: await resolveDispute(ctx, request.admin, request.params.id, input) };
  });
}
