// Single records with sensible defaults, for tests and tools that need one specific user, shop,
// product or order (e.g. a DISPUTED order between two real wallet keys). Bulk demo data is index.ts.
import { randomBytes, randomUUID } from "node:crypto";
import bs58 from "bs58";
import type { Insertable } from "kysely";
import type { Db } from "../db/connection.ts";
import type { OrderRow, OrdersTable, ProductRow, ProductsTable, UserRow, UsersTable } from "../db/schema.ts";
import type { ShopRow, ShopsTable } from "../resources/shops/tables.ts";
import { SOL } from "./catalog.ts";

/** A random 32-byte key in base58, shaped like any Solana address. */
export const randomAddress = (): string => bs58.encode(randomBytes(32));

const stamp = () => new Date().toISOString();

export async function createUserRecord(db: Db, values: Partial<Insertable<UsersTable>> = {}): Promise<UserRow> {
  const at = values.createdAt ?? stamp();
  const row: Insertable<UsersTable> & { id: string } = {
    id: randomUUID(),
    publicKey: randomAddress(),
    displayName: null,
    contactInfo: null,
    avatarUrl: null,
    role: "USER",
    verified: 0,
    disabled: 0,
    status: "active",
    deactivationReason: null,
    createdAt: at,
    updatedAt: at,
    ...values,
  };
  await db.insertInto("users").values(row).execute();
  return db.selectFrom("users").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow();
}

export async function createShopRecord(db: Db, values: Partial<Insertable<ShopsTable>> = {}): Promise<ShopRow> {
  const at = values.createdAt ?? stamp();
  const id = values.id ?? randomUUID();
  const row = {
    id,
    name: `Shop ${id.slice(0, 6)}`,
    slug: `shop-${id}`,
    logo: null,
    description: null,
    category: "Other",
    sellerId: values.sellerId === undefined ? (await createUserRecord(db)).id : values.sellerId,
    viewCount: 0,
    isActive: 1,
    isVerified: 0,
    createdAt: at,
    updatedAt: at,
    ...values,
  };
  await db.insertInto("shops").values(row).execute();
  return db.selectFrom("shops").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

export async function createProductRecord(
  db: Db,
  values: Partial<Insertable<ProductsTable>> & { images?: { url: string; thumbnailUrl?: string | null }[] } = {},
): Promise<ProductRow> {
  const { images = [], ...columns } = values;
  const at = columns.createdAt ?? stamp();
  const row = {
    id: randomUUID(),
    shopId: null,
    title: "Product",
    description: null,
    price: 1_000_000_000,
    currencySymbol: SOL.symbol,
    currencyDecimals: SOL.decimals,
    currencyMint: SOL.mint,
    category: "Other",
    stockQuantity: 1,
    isFeatured: 0,
    isActive: 1,
    statusReason: null,
    deletedAt: null,
    deleteReason: null,
    createdAt: at,
    updatedAt: at,
    ...columns,
  };
  await db.insertInto("products").values(row).execute();
  for (const [position, image] of images.entries()) {
    await db
      .insertInto("productImages")
      .values({ id: randomUUID(), productId: row.id, url: image.url, thumbnailUrl: image.thumbnailUrl ?? null, position })
      .execute();
  }
  return db.selectFrom("products").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow();
}

/** An order (ACTIVE, 1 SOL, random buyer and seller keys unless given). Insert in creation order. */
export async function createOrderRecord(db: Db, values: Partial<Insertable<OrdersTable>> = {}): Promise<OrderRow> {
  const at = values.createdAt ?? stamp();
  const row: Insertable<OrdersTable> & { id: string } = {
    id: randomUUID(),
    status: "ACTIVE",
    productId: null,
    shopId: null,
    productSnapshot: JSON.stringify({ title: "Product", description: null, price: 1_000_000_000, images: [] }),
    shopSnapshot: JSON.stringify({ name: "Shop", logo: null, category: "Other" }),
    quantity: 1,
    totalPrice: 1_000_000_000,
    currencySymbol: SOL.symbol,
    currencyDecimals: SOL.decimals,
    currencyMint: SOL.mint,
    buyerWalletAddress: randomAddress(),
    sellerWalletAddress: randomAddress(),
    createdAt: at,
    updatedAt: at,
    ...values,
  };
  await db.insertInto("orders").values(row).execute();
  return db.selectFrom("orders").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow();
}
