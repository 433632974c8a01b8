import {
  idParamsSchema,
  pagedListSchema,
  productCategorySchema,
  productFeatureSchema,
  productListQuerySchema,
  productSchema,
  productStatusSchema,
  reasonSchema,
} from "../../contract/index.ts";
import { BEYOND_SPEC, error, errors, ok, type ZodApp } from "../http/route-schema.ts";
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

const tags = ["Products"];
const deleted = error(409, "The product is deleted: restore it first");

export async function productRoutes(app: ZodApp, ctx: ServiceContext): Promise<void> {
  app.get("/admin/products", {
    schema: {
      tags,
      operationId: "listProducts",
      summary: "List products (isActive, includeDeleted and search are beyond SPEC)",
      querystring: productListQuerySchema,
      response: { ...ok(pagedListSchema(productSchema)), ...errors(400) },
    },
  }, async (request) => ({ data: await listProducts(ctx, request.query) }));

  app.get("/products/categories", {
    schema: {
      tags,
      operationId: "productCategories",
      summary: "Categories of the listed products, with how many each holds",
      response: ok(productCategorySchema.array()),
    },
  }, async () => ({ data: await productCategories(ctx) }));

  app.get("/products/:id", {
    schema: { tags, operationId: "getProduct", summary: "One product", params: idParamsSchema, response: { ...ok(productSchema), ...errors(404) } },
  }, async (request) => ({ data: await getProduct(ctx, request.params.id) }));

  app.put("/products/:id/feature", {
    schema: {
      tags,
      operationId: "featureProduct",
      summary: "Feature or unfeature a product",
      params: idParamsSchema,
      body: productFeatureSchema,
      response: { ...ok(productSchema), ...errors(400, 404), ...deleted },
    },
  }, async (request) => ({ data: await setFeatured(ctx, request.admin, request.params.id, request.body.featured) }));

  app.patch("/admin/products/:id", {
    schema: {
      tags,
      operationId: "setProductActive",
      summary: "Enable or disable a product, with a reason",
      params: idParamsSchema,
      body: productStatusSchema,
      response: { ...ok(productSchema), ...errors(400, 404), ...deleted },
    },
  }, async (request) => {
    const { isActive, reason } = request.body;
    return { data: await setActive(ctx, request.admin, request.params.id, isActive, reason) };
  });

  app.delete("/admin/products/:id", {
    schema: {
      tags,
      operationId: "deleteProduct",
      summary: "Delete a product (soft: an admin can restore it), with a reason in the body",
      params: idParamsSchema,
      body: reasonSchema,
      response: { ...ok(productSchema), ...errors(400, 404), ...error(409, "The product is already deleted") },
    },
  }, async (request) => ({ data: await softDelete(ctx, request.admin, request.params.id, request.body.reason) }));

  app.post("/admin/products/:id/restore", {
    schema: {
      ...BEYOND_SPEC,
      tags,
      operationId: "restoreProduct",
      summary: "Restore a deleted product, with a reason (beyond SPEC)",
      params: idParamsSchema,
      body: reasonSchema,
      response: { ...ok(productSchema), ...errors(400, 404), ...error(409, "The product is not deleted") },
    },
  }, async (request) => ({ data: await restoreProduct(ctx, request.admin, request.params.id, request.body.reason) }));
}
