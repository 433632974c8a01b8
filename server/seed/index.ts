// Demo data for a new database: users, shops, products with images, the token whitelist, and orders
// in every status. Deterministic for a given seed, sizes and clock. Only an empty database is filled.
import { sql } from "kysely";
import { bulkLoad } from "../db/bulk-load.ts";
import { isUniqueViolation } from "../db/engine.ts";
import type { OpenedDatabase } from "../db/connection.ts";
import { SEED_TOKENS } from "./catalog.ts";
import { ORDER_STATUSES } from "../../contract/index.ts";
import { generateOrders, generateProducts, generateShops, generateUsers, type SeedOrder } from "./generate.ts";
import { SeedRandom } from "./random.ts";

export interface SeedOptions {
  /** Orders to create (default 2000). */
  orders?: number;
  /** Users (default: one per five orders, at least 50). */
  users?: number;
  seed?: number;
  /** Created first, as verified ADMIN users, so these wallets can sign in to the demo. */
  adminWallets?: string[];
  /** The clock the data is laid out against (epoch ms; default now). Fix it for identical output. */
  now?: number;
}

export interface SeedSummary {
  seeded: boolean;
  /** Why nothing was written. */
  skipped?: string;
  users: number;
  shops: number;
  products: number;
  productImages: number;
  tokens: number;
  orders: number;
  ordersByStatus: Record<string, number>;
  ms: number;
}

export const DEFAULT_SEED = 20240611;
const DEFAULT_ORDERS = 2000;
const FILLED_TABLES = ["users", "tokens", "shops", "products", "orders"] as const;

const USER_COLUMNS = ["id", "publicKey", "displayName", "contactInfo", "avatarUrl", "role", "verified", "disabled", "status", "deactivationReason", "createdAt", "updatedAt"];
const TOKEN_COLUMNS = ["id", "mintAddress", "symbol", "name", "decimals", "logoUrl", "isActive", "createdAt", "updatedAt"];
const SHOP_COLUMNS = ["id", "name", "slug", "logo", "description", "category", "sellerId", "viewCount", "isActive", "isVerified", "createdAt", "updatedAt"];
const PRODUCT_COLUMNS = ["id", "shopId", "title", "description", "price", "currencySymbol", "currencyDecimals", "currencyMint", "category", "stockQuantity", "isFeatured", "isActive", "statusReason", "deletedAt", "deleteReason", "createdAt", "updatedAt"];
const IMAGE_COLUMNS = ["id", "productId", "url", "thumbnailUrl", "position"];
const ORDER_COLUMNS = ["id", "status", "productId", "shopId", "productSnapshot", "shopSnapshot", "quantity", "totalPrice", "currencySymbol", "currencyDecimals", "currencyMint", "buyerWalletAddress", "buyerContactInfo", "buyerShippingAddress", "sellerWalletAddress", "sellerContactInfo", "shippingState", "trackingInfo", "shippingNotes", "disputeRaisedAt", "disputeDescription", "escrowPDA", "transactionSignature", "notes", "createdAt", "confirmedAt", "shippedAt", "completedAt", "updatedAt"];

export async function seedDatabase(opened: Pick<OpenedDatabase, "db" | "sqlite">, opts: SeedOptions = {}): Promise<SeedSummary> {
  const started = Date.now();
  const empty: SeedSummary = {
    seeded: false,
    users: 0, shops: 0, products: 0, productImages: 0, tokens: 0, orders: 0,
    ordersByStatus: {},
    ms: 0,
  };
  const filled = await firstFilled(opened.db);
  if (filled) return { ...empty, skipped: `the database already has ${filled}` };

  const orderCount = Math.max(0, Math.floor(opts.orders ?? DEFAULT_ORDERS));
  const adminWallets = [...new Set(opts.adminWallets ?? [])];
  const userCount = Math.max(opts.users ?? Math.max(50, Math.ceil(orderCount / 5)), adminWallets.length + 10);
  const now = opts.now ?? Date.now();
  const r = new SeedRandom(opts.seed ?? DEFAULT_SEED);

  const users = generateUsers(r, userCount, adminWallets, now);
  const shops = generateShops(r, Math.max(8, Math.round(userCount / 40)), users, adminWallets.length, now);
  const products = generateProducts(r, shops, now);
  const byStatus: Record<string, number> = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0]));
  const tokens = SEED_TOKENS.map((token, i) => {
    const at = new Date(now - (400 - i) * 86_400_000).toISOString();
    return { id: r.uuid(), ...token, createdAt: at, updatedAt: at };
  });
  const images = products.flatMap((product) => product.images.map((image) => ({ ...image, productId: product.id })));

  try {
    await bulkLoad(opened, async (insert) => {
      await insert("users", USER_COLUMNS, users);
      await insert("tokens", TOKEN_COLUMNS, tokens);
      await insert("shops", SHOP_COLUMNS, shops);
      await insert("products", PRODUCT_COLUMNS, products);
      await insert("productImages", IMAGE_COLUMNS, images);
      await insert("orders", ORDER_COLUMNS, counted(generateOrders(r, orderCount, users, products, now), byStatus));
    });
  } catch (error) {
    // Instances started together on one empty database: the first one's load won (same seed, same
    // ids), this one's was rolled back whole.
    if (isUniqueViolation(error)) return { ...empty, skipped: "another instance seeded it meanwhile" };
    throw error;
  }
  return {
    seeded: true,
    users: users.length,
    shops: shops.length,
    products: products.length,
    productImages: images.length,
    tokens: tokens.length,
    orders: orderCount,
    ordersByStatus: byStatus,
    ms: Date.now() - started,
  };
}

/** The first of the demo tables that holds a row, if any. */
async function firstFilled(db: OpenedDatabase["db"]): Promise<string | undefined> {
  for (const table of FILLED_TABLES) {
    if (await db.selectFrom(table).select(sql`1`.as("one")).limit(1).executeTakeFirst()) return table;
  }
  return undefined;
}

/** The orders as they pass, each counted under its status. */
function* counted(orders: Iterable<SeedOrder>, byStatus: Record<string, number>): Generator<SeedOrder> {
  for (const order of orders) {
    byStatus[order.status as string]++;
    yield order;
  }
}
