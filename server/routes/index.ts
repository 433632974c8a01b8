// The resource calls of SPEC §7 (users, tokens, products, shops, orders, marketplace) and the audit
// trail. The app registers this plugin under /api/v1 behind the admin guard, so every handler may
// rely on request.admin. Bodies and queries are checked with the shared SPEC §5 rules (contract/).
import type { FastifyInstance } from "fastify";
import type { ServiceContext } from "../services/context.ts";
import { marketplaceRoutes } from "./marketplace.ts";
import { orderRoutes } from "./orders.ts";
import { productRoutes } from "./products.ts";
import { shopRoutes } from "./shops.ts";
import { tokenRoutes } from "./tokens.ts";
import { userRoutes } from "./users.ts";

export async function resourceRoutes(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const { ctx } = opts;
  await userRoutes(app, ctx);
  await tokenRoutes(app, ctx);
  await productRoutes(app, ctx);
  await shopRoutes(app, ctx);
  await orderRoutes(app, ctx);
  await marketplaceRoutes(app, ctx);
}
