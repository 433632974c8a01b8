import {
  productCategorySchema,
  productFeatureSchema,
  productListQuerySchema,
  productSchema,
  productStatusSchema,
  reasonSchema,
} from "../../contract/index.ts";
import { BEYOND_SPEC, changeRoute, documentedAs, getOneRoute, listRoute, readRoute, type RoutePlugin } from "../http/route-schema.ts";
import {
  getProduct,
  listDeletedProducts,
  listProducts,
  NOT_DELETED,
  productCategories,
  restoreProduct,
  setActive,
  setFeatured,
  SHOP_GONE,
  softDelete,
} from "../services/products.ts";

const about = documentedAs("Products");
const NOT_WHILE_DELETED = "The product is deleted: restore it first";

/** The admin's calls on products, under /admin/products. */
export const adminProductRoutes: RoutePlugin = async (app, { ctx }) => {
  listRoute(app, about("listProducts", "List products (isActive, includeDeleted and search are beyond the core API)", "read"), {
    querystring: productListQuerySchema,
    item: productSchema,
    list: (query) => listProducts(ctx, query),
  });

  const trash = "List deleted products, with who deleted each, when and why (beyond the core API)";
  listRoute(app, about("listDeletedProducts", trash, BEYOND_SPEC, "read"), {
    url: "/deleted",
    querystring: productListQuerySchema,
    item: productSchema,
    list: (query) => listDeletedProducts(ctx, query),
  });

  changeRoute(app, "PATCH", "/:id", about("setProductActive", "Enable or disable a product, with a reason", "catalog.manage"), {
    body: productStatusSchema,
    item: productSchema,
    change: (id, { isActive, reason }, admin) => setActive(ctx, admin, id, isActive, reason),
    conflict: NOT_WHILE_DELETED,
  });

  changeRoute(
    app,
    "DELETE",
    "/:id",
    about("deleteProduct", "Delete a product (soft: an admin can restore it), with a reason in the body", "catalog.manage"),
    {
      body: reasonSchema,
      item: productSchema,
      change: (id, { reason }, admin) => softDelete(ctx, admin, id, reason),
      conflict: "The product is already deleted",
    },
  );

  const restore = about("restoreProduct", "Restore a deleted product, with a reason (beyond the core API)", BEYOND_SPEC, "catalog.manage");
  changeRoute(app, "POST", "/:id/restore", restore, {
    body: reasonSchema,
    item: productSchema,
    change: (id, { reason }, admin) => restoreProduct(ctx, admin, id, reason),
    conflict: `${NOT_DELETED}; or: ${SHOP_GONE}`,
  });
};

/** The calls under /products, outside /admin. */
export const productRoutes: RoutePlugin = async (app, { ctx }) => {
  readRoute(app, "/categories", about("productCategories", "Categories of listed products, with how many each holds", "read"), {
    payload: productCategorySchema.array(),
    read: () => productCategories(ctx),
  });

  getOneRoute(app, about("getProduct", "One product", "read"), { item: productSchema, get: (id) => getProduct(ctx, id) });

  changeRoute(app, "PUT", "/:id/feature", about("featureProduct", "Feature or unfeature a product", "catalog.manage"), {
    body: productFeatureSchema,
    item: productSchema,
    change: (id, { featured }, admin) => setFeatured(ctx, admin, id, featured),
    conflict: NOT_WHILE_DELETED,
  });
};
