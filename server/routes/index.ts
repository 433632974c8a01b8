// The resource calls of SPEC §7 (users, tokens, products, shops, orders, marketplace) and the audit
// trail. The app registers this plugin under /api/v1 behind the admin guard, so every handler may
// rely on request.admin. Each route declares its params, query, body and responses with the contract's
// zod schemas (contract/): Fastify validates and serializes with them, and the OpenAPI document lists them.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ServiceContext } from "../services/context.ts";
import { authorityRoutes } from "./authority.ts";
import { marketplaceRoutes } from "./marketplace.ts";
import { orderRoutes } from "./orders.ts";
import { orderTimelineRoutes } from "./order-timeline.ts";
import { productRoutes } from "./products.ts";
import { settlementRoutes } from "./settlements.ts";
import { reconciliationRoutes } from "./reconciliation.ts";
import { shopRoutes } from "./shops.ts";
import { tokenRoutes } from "./tokens.ts";
import { userRoutes } from "./users.ts";

export async function resourceRoutes(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const { ctx } = opts;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  await userRoutes(typed, ctx);
  await tokenRoutes(typed, ctx);
  await productRoutes(typed, ctx);
  await shopRoutes(typed, ctx);
  await orderRoutes(typed, ctx);
  await orderTimelineRoutes(typed, ctx);
  await marketplaceRoutes(typed, ctx);
  await settlementRoutes(typed, ctx);
  await reconciliationRoutes(typed, ctx);
  await authorityRoutes(typed, ctx);
}
