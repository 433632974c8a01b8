import type { FastifyInstance } from "fastify";
import { productFeatureSchema, productListQuerySchema, productStatusSchema, reasonSchema } from "../../contract/index.ts";
import { parseOr400 } from "../http/errors.ts";
import type { ServiceContext } from "../services/context.ts";
import {
  getProduct,
  listProducts,
  productCategories,
  restoreProduct,
  setActive,
  setFeatured,
  softDelete,
} from "../services/products.ts";

type Id = { Params: { id: string } };

export async function productRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  app.get("/admin/products", async (request) => ({
    data: await listProducts(ctx, parseOr400(productListQuerySchema, request.query)),
  }));

  app.get("/products/categories", async () => ({ data: await productCategories(ctx) }));

  app.get<Id>("/products/:id", async (request) => ({ data: await getProduct(ctx, request.params.id) }));

  app.put<Id>("/products/:id/feature", async (request) => {
    const { featured } = parseOr400(productFeatureSchema, request.body);
    return { data: await setFeatured(ctx, request.admin, request.params.id, featured) };
  });

  app.patch<Id>("/admin/products/:id", async (request) => {
    const { isActive, reason } = parseOr400(productStatusSchema, request.body);
    return { data: await setActive(ctx, request.admin, request.params.id, isActive, reason) };
  });

  app.delete<Id>("/admin/products/:id", async (request) => {
    const { reason } = parseOr400(reasonSchema, request.body);
    return { data: await softDelete(ctx, request.admin, request.params.id, reason) };
  });

  // Beyond SPEC: undoes a soft deletion ("can be reversed by an admin").
  app.post<Id>("/admin/products/:id/restore", async (request) => {
    const { reason } = parseOr400(reasonSchema, request.body);
    return { data: await restoreProduct(ctx, request.admin, request.params.id, reason) };
  });
}
