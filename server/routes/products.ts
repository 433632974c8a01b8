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
import { BEYOND_SPEC, documentedAs, error, errors, ok, type RoutePlugin } from "../http/route-schema.ts";
import { getProduct, listProducts, productCategories, restoreProduct, setActive, setFeatured, softDelete } from "../services/products.ts";

const about = documentedAs("Products");
/** The answer of a change to one product, refused with `conflict` when its state does not allow it. */
const changed = (conflict: string) => ({ ...ok(productSchema), ...errors(400, 404), ...error(409, conflict) });
const NOT_WHILE_DELETED = "The product is deleted: restore it first";

/** The admin's calls on products, under /admin/products. */
export const adminProductRoutes: RoutePlugin = async (app, { ctx }) => {
  app.get(
    "",
    {
      schema: {
        ...about("listProducts", "List products (isActive, includeDeleted and search are beyond the core API)"),
        querystring: productListQuerySchema,
        response: { ...ok(pagedListSchema(productSchema)), ...errors(400) },
      },
    },
    async (request) => ({ data: await listProducts(ctx, request.query) }),
  );

  app.patch(
    "/:id",
    {
      schema: {
        ...about("setProductActive", "Enable or disable a product, with a reason"),
        params: idParamsSchema,
        body: productStatusSchema,
        response: changed(NOT_WHILE_DELETED),
      },
    },
    async (request) => {
      const { isActive, reason } = request.body;
      return { data: await setActive(ctx, request.admin, request.params.id, isActive, reason) };
    },
  );

  app.delete(
    "/:id",
    {
      schema: {
        ...about("deleteProduct", "Delete a product (soft: an admin can restore it), with a reason in the body"),
        params: idParamsSchema,
        body: reasonSchema,
        response: changed("The product is already deleted"),
      },
    },
    async (request) => ({ data: await softDelete(ctx, request.admin, request.params.id, request.body.reason) }),
  );

  app.post(
    "/:id/restore",
    {
      schema: {
        ...about("restoreProduct", "Restore a deleted product, with a reason (beyond the core API)", BEYOND_SPEC),
        params: idParamsSchema,
        body: reasonSchema,
        response: changed("The product is not deleted"),
      },
    },
    async (request) => ({ data: await restoreProduct(ctx, request.admin, request.params.id, request.body.reason) }),
  );
};

/** The calls under /products, outside /admin. */
export const productRoutes: RoutePlugin = async (app, { ctx }) => {
  app.get(
    "/categories",
    {
      schema: {
        ...about("productCategories", "Categories of listed products, with how many each holds"),
        response: ok(productCategorySchema.array()),
      },
    },
    async () => ({ data: await productCategories(ctx) }),
  );

  app.get(
    "/:id",
    {
      schema: { ...about("getProduct", "One product"), params: idParamsSchema, response: { ...ok(productSchema), ...errors(404) } },
    },
    async (request) => ({ data: await getProduct(ctx, request.params.id) }),
  );

  app.put(
    "/:id/feature",
    {
      schema: {
        ...about("featureProduct", "Feature or unfeature a product"),
        params: idParamsSchema,
        body: productFeatureSchema,
        response: changed(NOT_WHILE_DELETED),
      },
    },
    async (request) => ({ data: await setFeatured(ctx, request.admin, request.params.id, request.body.featured) }),
  );
};
