// Products: admin list (category/featured filters), detail, categories, featuring, enabling with a
// reason, and soft deletion that keeps its reason and can be restored.
import type { ProductListQuery } from "../../contract/index.ts";
import type { AuditAction } from "../../contract/resources/index.ts";
import type { Db, ProductRow } from "../db/schema.ts";
import { conflict } from "../http/errors.ts";
import { recordAudit } from "./audit.ts";
import { bool, changed, findById, flag, isoNow } from "./context.ts";
import { contains, pageOf, type Paged } from "./paging.ts";
import type { AdminIdentity, ServiceContext } from "./ports.ts";

interface ImageRow {
  productId: string;
  url: string;
  thumbnailUrl: string | null;
}

export function toProduct(row: ProductRow, images: ImageRow[]) {
  return {
    id: row.id,
    shopId: row.shopId,
    title: row.title,
    description: row.description,
    price: row.price,
    currency: { symbol: row.currencySymbol, decimals: row.currencyDecimals, mintAddress: row.currencyMint },
    category: row.category,
    stockQuantity: row.stockQuantity,
    isFeatured: bool(row.isFeatured),
    isActive: bool(row.isActive),
    statusReason: row.statusReason,
    isDeleted: row.deletedAt !== null,
    deletedAt: row.deletedAt,
    deleteReason: row.deleteReason,
    images: images.map((i) => ({ url: i.url, thumbnailUrl: i.thumbnailUrl })),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
export type ProductBody = ReturnType<typeof toProduct>;

/** Images of many products in one query, in their display order. */
async function withImages(db: Db, rows: ProductRow[]): Promise<ProductBody[]> {
  if (rows.length === 0) return [];
  const images = await db
    .selectFrom("productImages")
    .select(["productId", "url", "thumbnailUrl"])
    .where(
      "productId",
      "in",
      rows.map((r) => r.id),
    )
    .orderBy("productId")
    .orderBy("position")
    .execute();
  const byProduct = new Map<string, ImageRow[]>();
  for (const image of images) {
    const list = byProduct.get(image.productId) ?? [];
    list.push(image);
    byProduct.set(image.productId, list);
  }
  return rows.map((row) => toProduct(row, byProduct.get(row.id) ?? []));
}

export async function listProducts(ctx: ServiceContext, q: ProductListQuery): Promise<Paged<ProductBody>> {
  let query = ctx.db.selectFrom("products");
  if (!q.includeDeleted) query = query.where("deletedAt", "is", null);
  if (q.category !== undefined) query = query.where("category", "=", q.category);
  if (q.isFeatured !== undefined) query = query.where("isFeatured", "=", flag(q.isFeatured));
  if (q.isActive !== undefined) query = query.where("isActive", "=", flag(q.isActive));
  if (q.search !== undefined) query = query.where(contains("title", q.search));
  return pageOf(query, query.selectAll().orderBy("createdAt", "desc").orderBy("id", "desc"), q, (rows) => withImages(ctx.db, rows));
}

const findProduct = (db: Db, id: string) => findById(db, "products", id);

export async function getProduct(ctx: ServiceContext, id: string): Promise<ProductBody> {
  const [product] = await withImages(ctx.db, [await findProduct(ctx.db, id)]);
  return product;
}

/** Categories of the listed (not deleted) products, with how many each holds. */
export async function productCategories(ctx: ServiceContext): Promise<{ category: string; count: number }[]> {
  const rows = await ctx.db
    .selectFrom("products")
    .select((eb) => ["category", eb.fn.countAll<number>().as("count")])
    .where("deletedAt", "is", null)
    .where("category", "is not", null)
    .groupBy("category")
    .orderBy("category")
    .execute();
  return rows.map((r) => ({ category: r.category as string, count: r.count }));
}

function assertNotDeleted(row: ProductRow): void {
  if (row.deletedAt !== null) throw conflict("The product is deleted: restore it first");
}

/** One audited change of a product: read, check, update, audit, in one transaction. */
async function changeProduct(
  ctx: ServiceContext,
  admin: AdminIdentity,
  id: string,
  change: {
    action: AuditAction;
    reason: string | null;
    check(row: ProductRow): void;
    set: Partial<Pick<ProductRow, "isFeatured" | "isActive" | "statusReason" | "deletedAt" | "deleteReason">>;
    audited: (keyof ProductBody)[];
  },
): Promise<ProductBody> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await findProduct(trx, id);
    change.check(before);
    await trx
      .updateTable("products")
      .set({ ...change.set, updatedAt: isoNow(ctx) })
      .where("id", "=", id)
      .execute();
    const after = await findProduct(trx, id);
    const [beforeBody, afterBody] = await withImages(trx, [before, after]);
    await recordAudit(trx, ctx, admin, {
      action: change.action,
      targetType: "product",
      targetId: id,
      reason: change.reason,
      ...changed(change.audited, beforeBody, afterBody),
    });
    return afterBody;
  });
}

export const setFeatured = (ctx: ServiceContext, admin: AdminIdentity, id: string, featured: boolean) =>
  changeProduct(ctx, admin, id, {
    action: "product.feature",
    reason: null,
    check: assertNotDeleted,
    set: { isFeatured: Number(featured) },
    audited: ["isFeatured"],
  });

export const setActive = (ctx: ServiceContext, admin: AdminIdentity, id: string, isActive: boolean, reason: string) =>
  changeProduct(ctx, admin, id, {
    action: isActive ? "product.enable" : "product.disable",
    reason,
    check: assertNotDeleted,
    set: { isActive: Number(isActive), statusReason: reason },
    audited: ["isActive", "statusReason"],
  });

export const softDelete = (ctx: ServiceContext, admin: AdminIdentity, id: string, reason: string) =>
  changeProduct(ctx, admin, id, {
    action: "product.delete",
    reason,
    check: (row) => {
      if (row.deletedAt !== null) throw conflict("The product is already deleted");
    },
    set: { deletedAt: isoNow(ctx), deleteReason: reason },
    audited: ["isDeleted", "deletedAt", "deleteReason"],
  });

export const restoreProduct = (ctx: ServiceContext, admin: AdminIdentity, id: string, reason: string) =>
  changeProduct(ctx, admin, id, {
    action: "product.restore",
    reason,
    check: (row) => {
      if (row.deletedAt === null) throw conflict("The product is not deleted");
    },
    // The deletion's reason stays in the audit trail; the product itself is live again.
    set: { deletedAt: null, deleteReason: null },
    audited: ["isDeleted", "deletedAt", "deleteReason"],
  });
