// The shops' routes, under the registry's list path (/admin/shops): the list, the statistics, one
// shop, and the active/verified toggles.
import { shopListQuerySchema, shopListResponseSchema, shopSchema, shopStatsSchema, shopUpdateSchema } from "../../../contract/index.ts";
import { changeRoute, documentedAs, errors, getOneRoute, readRoute, type RoutePlugin } from "../../http/route-schema.ts";
import { getShop, listShops, shopStats, updateShop } from "./service.ts";

const about = documentedAs("Shops");

export const shopRoutes: RoutePlugin = async (app, { ctx }) => {
  // The console reads the shop list as data + meta.total/meta.totalPages, not as a paged payload.
  app.get(
    "",
    {
      schema: {
        ...about("listShops", "List shops: the shops in data, the counts in meta", "read"),
        querystring: shopListQuerySchema,
        response: { 200: shopListResponseSchema.describe("OK"), ...errors(400) },
      },
    },
    async (request) => {
      const { items, total, totalPages, page, limit } = await listShops(ctx, request.query);
      return { data: items, meta: { total, totalPages, page, limit } };
    },
  );

  readRoute(app, "/stats", about("shopStats", "Shop statistics", "read"), { payload: shopStatsSchema, read: () => shopStats(ctx) });

  getOneRoute(app, about("getShop", "One shop", "read"), { item: shopSchema, get: (id) => getShop(ctx, id) });

  changeRoute(app, "PATCH", "/:id", about("updateShop", "Toggle a shop's isActive and isVerified", "catalog.manage"), {
    body: shopUpdateSchema,
    item: shopSchema,
    change: (id, changes, admin) => updateShop(ctx, admin, id, changes),
  });
};
