// Shops: filtered list with seller and counts, detail, the active/verified toggles, and stats.
import { sql, type SelectQueryBuilder } from "kysely";
import type { ShopListQuery, ShopUpdateInput } from "../../contract/index.ts";
import type { Db } from "../db/connection.ts";
import type { Database } from "../db/schema.ts";
import { notFound } from "../http/errors.ts";
import { recordAudit } from "./audit.ts";
import { bool, isoNow, pick } from "./context.ts";
import { containsPattern, paged, type Paged } from "./paging.ts";
import type { AdminIdentity, ServiceContext } from "./ports.ts";

/** The shop columns plus its seller and counts; one query per page. */
function shopQuery(db: Db) {
  return db
    .selectFrom("shops")
    .leftJoin("users as seller", "seller.id", "shops.sellerId")
    .selectAll("shops")
    .select([
      "seller.displayName as sellerDisplayName",
      "seller.publicKey as sellerPublicKey",
      sql<number>`(SELECT COUNT(*) FROM products p WHERE p.shopId = shops.id AND p.deletedAt IS NULL)`.as("productCount"),
      sql<number>`(SELECT COUNT(*) FROM orders o WHERE o.shopId = shops.id)`.as("orderCount"),
    ]);
}

type ShopQueryRow = Awaited<ReturnType<ReturnType<typeof shopQuery>["executeTakeFirstOrThrow"]>>;

export function toShop(row: ShopQueryRow) {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    logo: row.logo,
    description: row.description,
    category: row.category,
    seller: row.sellerPublicKey ? { id: row.sellerId, displayName: row.sellerDisplayName, publicKey: row.sellerPublicKey } : null,
    productCount: row.productCount,
    orderCount: row.orderCount,
    viewCount: row.viewCount,
    isActive: bool(row.isActive),
    isVerified: bool(row.isVerified),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
export type ShopBody = ReturnType<typeof toShop>;

function filtered<O>(query: SelectQueryBuilder<Database, "shops", O>, q: ShopListQuery) {
  let out = query;
  if (q.category !== undefined) out = out.where("shops.category", "=", q.category);
  if (q.isActive !== undefined) out = out.where("shops.isActive", "=", Number(q.isActive));
  if (q.isVerified !== undefined) out = out.where("shops.isVerified", "=", Number(q.isVerified));
  if (q.search !== undefined) {
    const pattern = containsPattern(q.search);
    out = out.where((eb) =>
      eb.or([sql<boolean>`shops.name LIKE ${pattern} ESCAPE '\\'`, sql<boolean>`shops.slug LIKE ${pattern} ESCAPE '\\'`]),
    );
  }
  return out;
}

export async function listShops(ctx: ServiceContext, q: ShopListQuery): Promise<Paged<ShopBody>> {
  const { total } = await filtered(ctx.db.selectFrom("shops"), q)
    .select(sql<number>`COUNT(*)`.as("total"))
    .executeTakeFirstOrThrow();
  const rows = await filtered(shopQuery(ctx.db), q)
    .orderBy("shops.createdAt", "desc")
    .orderBy("shops.id", "desc")
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  return paged(rows.map(toShop), total, q.page, q.limit);
}

async function findShop(db: Db, id: string): Promise<ShopBody> {
  const row = await shopQuery(db).where("shops.id", "=", id).executeTakeFirst();
  if (!row) throw notFound("Shop");
  return toShop(row);
}

export const getShop = (ctx: ServiceContext, id: string) => findShop(ctx.db, id);

export async function updateShop(ctx: ServiceContext, admin: AdminIdentity, id: string, input: ShopUpdateInput): Promise<ShopBody> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await findShop(trx, id);
    const keys = Object.keys(input).filter((k) => input[k as keyof ShopUpdateInput] !== undefined);
    await trx
      .updateTable("shops")
      .set({
        isActive: input.isActive === undefined ? undefined : Number(input.isActive),
        isVerified: input.isVerified === undefined ? undefined : Number(input.isVerified),
        updatedAt: isoNow(ctx),
      })
      .where("id", "=", id)
      .execute();
    const after = await findShop(trx, id);
    await recordAudit(trx, ctx, admin, {
      action: "shop.update",
      targetType: "shop",
      targetId: id,
      before: pick(before, keys),
      after: pick(after, keys),
    });
    return after;
  });
}

export async function shopStats(ctx: ServiceContext) {
  const totals = await ctx.db
    .selectFrom("shops")
    .select([
      sql<number>`COUNT(*)`.as("totalShops"),
      sql<number>`COALESCE(SUM(isActive), 0)`.as("activeShops"),
      sql<number>`COALESCE(SUM(isVerified), 0)`.as("verifiedShops"),
    ])
    .executeTakeFirstOrThrow();
  const byCategory = await ctx.db
    .selectFrom("shops")
    .select(["category", sql<number>`COUNT(*)`.as("count")])
    .groupBy("category")
    .orderBy("category")
    .execute();
  return {
    ...totals,
    inactiveShops: totals.totalShops - totals.activeShops,
    unverifiedShops: totals.totalShops - totals.verifiedShops,
    byCategory,
  };
}
