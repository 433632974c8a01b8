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
    deletedBy: null as { publicKey: string; displayName: string | null } | null,
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
  return withDeleters(
    db,
    rows.map((row) => toProduct(row, byProduct.get(row.id) ?? [])),
  );
}

/**
 * Who deleted each deleted product: the admin of its latest deletion in the audit trail (the table
 * keeps when and why; the trail already says who, so the row does not repeat it).
 */
async function withDeleters(db: Db, products: ProductBody[]): Promise<ProductBody[]> {
  const deleted = products.filter((p) => p.isDeleted).map((p) => p.id);
  if (deleted.length === 0) return products;
  const entries = await db
    .selectFrom("auditLog")
    .leftJoin("users", "users.publicKey", "auditLog.adminPublicKey")
    .select(["auditLog.targetId", "auditLog.adminPublicKey", "users.displayName"])
    .where("auditLog.targetType", "=", "product")
    .where("auditLog.action", "=", "product.delete")
    .where("auditLog.targetId", "in", deleted)
    .orderBy("auditLog.id", "desc")
    .execute();
  const deleters = new Map<string, ProductBody["deletedBy"]>();
  for (const entry of entries) {
    if (!deleters.has(entry.targetId)) deleters.set(entry.targetId, { publicKey: entry.adminPublicKey, displayName: entry.displayName });
  }
  return products.map((p) => (p.isDeleted ? { ...p, deletedBy: deleters.get(p.id) ?? null } : p));
}

/** The listed products, the newest first; beyond the core API, with the deleted ones when asked. */
export const listProducts = (ctx: ServiceContext, q: ProductListQuery) => pageOfProducts(ctx, q, q.includeDeleted ? "all" : "listed");

/** Beyond the core API: the deleted products (the trash), the latest deletion first, with who deleted each. */
export const listDeletedProducts = (ctx: ServiceContext, q: ProductListQuery) => pageOfProducts(ctx, q, "deleted");

function pageOfProducts(ctx: ServiceContext, q: ProductListQuery, scope: "listed" | "deleted" | "all"): Promise<Paged<ProductBody>> {
  let query = ctx.db.selectFrom("products");
  if (scope === "listed") query = query.where("deletedAt", "is", null);
  if (scope === "deleted") query = query.where("deletedAt", "is not", null);
  if (q.category !== undefined) query = query.where("category", "=", q.category);
  if (q.isFeatured !== undefined) query = query.where("isFeatured", "=", flag(q.isFeatured));
  if (q.isActive !== undefined) query = query.where("isActive", "=", flag(q.isActive));
  if (q.search !== undefined) query = query.where(contains("title", q.search));
  if (q.shopId !== undefined) query = query.where("shopId", "=", q.shopId);
  const ordered = scope === "deleted" ? query.selectAll().orderBy("deletedAt", "desc") : query.selectAll().orderBy("createdAt", "desc");
  return pageOf(query, ordered.orderBy("id", "desc"), q, (rows) => withImages(ctx.db, rows));
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
    check(row: ProductRow, trx: Db): void | Promise<void>;
    /** Whether the change applies to a deleted product (a restore) or to a live one (all others). */
    onDeleted?: boolean;
    set: Partial<Pick<ProductRow, "isFeatured" | "isActive" | "statusReason" | "deletedAt" | "deleteReason">>;
    audited: (keyof ProductBody)[];
  },
): Promise<ProductBody> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await findProduct(trx, id);
    await change.check(before, trx);
    // The update asks again whether the product is (not) deleted: of two admins changing it at once,
    // the second waits for the first's row and then finds nothing to change, so one change is audited.
    const { numUpdatedRows } = await trx
      .updateTable("products")
      .set({ ...change.set, updatedAt: isoNow(ctx) })
      .where("id", "=", id)
      .where("deletedAt", change.onDeleted ? "is not" : "is", null)
      .executeTakeFirst();
    if (numUpdatedRows === 0n) {
      await change.check(await findProduct(trx, id), trx);
      throw conflict("The product changed meanwhile: try again");
    }
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

/** The restore's 409s, as the route documents them. */
export const NOT_DELETED = "The product is not deleted: another admin may have restored it already";
export const SHOP_GONE = "The product's shop no longer exists: a product cannot be restored without its shop";

async function shopExists(db: Db, shopId: string | null): Promise<boolean> {
  if (shopId === null) return false;
  return (await db.selectFrom("shops").select("id").where("id", "=", shopId).executeTakeFirst()) !== undefined;
}

export const restoreProduct = (ctx: ServiceContext, admin: AdminIdentity, id: string, reason: string) =>
  changeProduct(ctx, admin, id, {
    action: "product.restore",
    reason,
    onDeleted: true,
    check: async (row, trx) => {
      if (row.deletedAt === null) throw conflict(NOT_DELETED);
      if (!(await shopExists(trx, row.shopId))) throw conflict(SHOP_GONE);
    },
    // The deletion's reason stays in the audit trail; the product itself is live again.
    set: { deletedAt: null, deleteReason: null },
    audited: ["isDeleted", "deletedAt", "deleteReason"],
  });
