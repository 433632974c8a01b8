import type { FastifyInstance } from "fastify";
import { shopListQuerySchema, shopUpdateSchema } from "../../contract/index.ts";
import { parseOr400 } from "../http/errors.ts";
import type { ServiceContext } from "../services/context.ts";
import { getShop, listShops, shopStats, updateShop } from "../services/shops.ts";

type Id = { Params: { id: string } };

export async function shopRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  // SPEC §7: the shop list is read as data + meta.total/meta.totalPages, not as a paged payload.
  app.get("/admin/shops", async (request) => {
    const { items, total, totalPages, page, limit } = await listShops(ctx, parseOr400(shopListQuerySchema, request.query));
    return { data: items, meta: { total, totalPages, page, limit } };
  });

  app.get("/admin/shops/stats", async () => ({ data: await shopStats(ctx) }));

  app.get<Id>("/admin/shops/:id", async (request) => ({ data: await getShop(ctx, request.params.id) }));

  app.patch<Id>("/admin/shops/:id", async (request) => {
    const input = parseOr400(shopUpdateSchema, request.body);
    return { data: await updateShop(ctx, request.admin, request.params.id, input) };
  });
}
