// The shops' routes, under the registry's list path (/admin/shops): the list, the statistics, one
// shop, and the active/verified toggles.
import {
  idParamsSchema,
  shopListQuerySchema,
  shopListResponseSchema,
  shopSchema,
  shopStatsSchema,
  shopUpdateSchema,
} from "../../../contract/index.ts";
import { documentedAs, errors, ok, type RoutePlugin } from "../../http/route-schema.ts";
import { getShop, listShops, shopStats, updateShop } from "./service.ts";

const about = documentedAs("Shops");

export const shopRoutes: RoutePlugin = async (app, { ctx }) => {
  // The console reads the shop list as data + meta.total/meta.totalPages, not as a paged payload.
  app.get(
    "",
    {
      schema: {
        ...about("listShops", "List shops: the shops in data, the counts in meta"),
        querystring: shopListQuerySchema,
        response: { 200: shopListResponseSchema.describe("OK"), ...errors(400) },
      },
    },
    async (request) => {
      const { items, total, totalPages, page, limit } = await listShops(ctx, request.query);
      return { data: items, meta: { total, totalPages, page, limit } };
    },
  );

  app.get(
    "/stats",
    {
      schema: { ...about("shopStats", "Shop statistics"), response: ok(shopStatsSchema) },
    },
    async () => ({ data: await shopStats(ctx) }),
  );

  app.get(
    "/:id",
    {
      schema: { ...about("getShop", "One shop"), params: idParamsSchema, response: { ...ok(shopSchema), ...errors(404) } },
    },
    async (request) => ({ data: await getShop(ctx, request.params.id) }),
  );

  app.patch(
    "/:id",
    {
      schema: {
        ...about("updateShop", "Toggle a shop's isActive and isVerified"),
        params: idParamsSchema,
        body: shopUpdateSchema,
        response: { ...ok(shopSchema), ...errors(400, 404) },
      },
    },
    async (request) => ({ data: await updateShop(ctx, request.admin, request.params.id, request.body) }),
  );
};
