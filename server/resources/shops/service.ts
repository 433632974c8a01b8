// Shops: filtered list with seller and counts, detail, the active/verified toggles, and stats.
import type { SelectQueryBuilder } from "kysely";
import type { ShopListQuery, ShopUpdateInput } from "../../../contract/index.ts";
import type { Database, Db } from "../../db/schema.ts";
import { notFound } from "../../http/errors.ts";
import { recordAudit } from "../../services/audit.ts";
import { bool, changed, flag, isoNow } from "../../services/context.ts";
import { contains, pageOf, type Paged } from "../../services/paging.ts";
import type { AdminIdentity, ServiceContext } from "../../services/ports.ts";

/** The shop columns plus its seller and counts; one query per page. */
function shopQuery(db: Db) {
  return db
    .selectFrom("shops")
    .leftJoin("users as seller", "seller.id", "shops.sellerId")
    .selectAll("shops")
    .select((eb) => [
      "seller.displayName as sellerDisplayName",
      "seller.publicKey as sellerPublicKey",
      eb
        .selectFrom("products as p")
        .select((p) => p.fn.countAll<number>().as("n"))
        .whereRef("p.shopId", "=", "shops.id")
        .where("p.deletedAt", "is", null)
        .$asScalar()
        .as("productCount"),
      eb
        .selectFrom("orders as o")
        .select((o) => o.fn.countAll<number>().as("n"))
        .whereRef("o.shopId", "=", "shops.id")
        .$asScalar()
        .as("orderCount"),
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
  if (q.isActive !== undefined) out = out.where("shops.isActive", "=", flag(q.isActive));
  if (q.isVerified !== undefined) out = out.where("shops.isVerified", "=", flag(q.isVerified));
  if (q.sellerId !== undefined) out = out.where("shops.sellerId", "=", q.sellerId);
  if (q.search !== undefined) {
    const text = q.search;
    out = out.where((eb) => eb.or([contains("shops.name", text), contains("shops.slug", text)]));
  }
  return out;
}

export async function listShops(ctx: ServiceContext, q: ShopListQuery): Promise<Paged<ShopBody>> {
  const rows = filtered(shopQuery(ctx.db), q).orderBy("shops.createdAt", "desc").orderBy("shops.id", "desc");
  return pageOf(filtered(ctx.db.selectFrom("shops"), q), rows, q, (list) => list.map(toShop));
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
        isActive: flag(input.isActive),
        isVerified: flag(input.isVerified),
        updatedAt: isoNow(ctx),
      })
      .where("id", "=", id)
      .execute();
    const after = await findShop(trx, id);
    await recordAudit(trx, ctx, admin, {
      action: "shop.update",
      targetType: "shop",
      targetId: id,
      ...changed(keys, before, after),
    });
    return after;
  });
}

export async function shopStats(ctx: ServiceContext) {
  const totals = await ctx.db
    .selectFrom("shops")
    .select((eb) => [
      eb.fn.countAll<number>().as("totalShops"),
      eb.fn.coalesce(eb.fn.sum<number>("isActive"), eb.lit(0)).as("activeShops"),
      eb.fn.coalesce(eb.fn.sum<number>("isVerified"), eb.lit(0)).as("verifiedShops"),
    ])
    .executeTakeFirstOrThrow();
  const byCategory = await ctx.db
    .selectFrom("shops")
    .select((eb) => ["category", eb.fn.countAll<number>().as("count")])
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
