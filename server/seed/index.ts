// Demo data for a new database: users, shops, products with images, the token whitelist, and orders
// in every status. Deterministic for a given seed, sizes and clock. Only an empty database is filled.
import type { OpenedDatabase } from "../db/connection.ts";
import { rebuildStatements } from "../db/list-families.ts";
import { SEED_TOKENS } from "./catalog.ts";
import { ORDER_STATUSES } from "../../contract/index.ts";
import { generateOrders, generateProducts, generateShops, generateUsers } from "./generate.ts";
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

export async function seedDatabase(opened: Pick<OpenedDatabase, "sqlite">, opts: SeedOptions = {}): Promise<SeedSummary> {
  const started = Date.now();
  const { sqlite } = opened;
  const empty: SeedSummary = {
    seeded: false,
    users: 0, shops: 0, products: 0, productImages: 0, tokens: 0, orders: 0,
    ordersByStatus: {},
    ms: 0,
  };
  const filled = FILLED_TABLES.find((t) => (sqlite.prepare(`SELECT EXISTS (SELECT 1 FROM ${t}) AS any`).get() as { any: number }).any);
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

  const insertUser = inserter(sqlite, "users", ["id", "publicKey", "displayName", "contactInfo", "avatarUrl", "role", "verified", "disabled", "status", "deactivationReason", "createdAt", "updatedAt"]);
  const insertToken = inserter(sqlite, "tokens", ["id", "mintAddress", "symbol", "name", "decimals", "logoUrl", "isActive", "createdAt", "updatedAt"]);
  const insertShop = inserter(sqlite, "shops", ["id", "name", "slug", "logo", "description", "category", "sellerId", "viewCount", "isActive", "isVerified", "createdAt", "updatedAt"]);
  const insertProduct = inserter(sqlite, "products", ["id", "shopId", "title", "description", "price", "currencySymbol", "currencyDecimals", "currencyMint", "category", "stockQuantity", "isFeatured", "isActive", "statusReason", "deletedAt", "deleteReason", "createdAt", "updatedAt"]);
  const insertImage = inserter(sqlite, "productImages", ["id", "productId", "url", "thumbnailUrl", "position"]);
  const insertOrder = inserter(sqlite, "orders", ["id", "status", "productId", "shopId", "productSnapshot", "shopSnapshot", "quantity", "totalPrice", "currencySymbol", "currencyDecimals", "currencyMint", "buyerWalletAddress", "buyerContactInfo", "buyerShippingAddress", "sellerWalletAddress", "sellerContactInfo", "shippingState", "trackingInfo", "shippingNotes", "disputeRaisedAt", "disputeDescription", "escrowPDA", "transactionSignature", "notes", "createdAt", "confirmedAt", "shippedAt", "completedAt", "updatedAt"]);

  // The list-count triggers cost ~20 writes per row; for a bulk load it is far cheaper to drop them,
  // count once at the end, and put them back, all in the one transaction (all or nothing).
  const triggers = sqlite
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN ('orders', 'users')")
    .all() as { name: string; sql: string }[];
  const cacheSize = sqlite.pragma("cache_size", { simple: true });
  sqlite.pragma("cache_size = -262144");
  let images = 0;
  try {
    sqlite.transaction(() => {
      for (const t of triggers) sqlite.exec(`DROP TRIGGER ${t.name}`);
      for (const user of users) insertUser(user);
      SEED_TOKENS.forEach((token, i) => {
        const at = new Date(now - (400 - i) * 86_400_000).toISOString();
        insertToken({ id: r.uuid(), ...token, createdAt: at, updatedAt: at });
      });
      for (const shop of shops) insertShop(shop);
      for (const product of products) {
        insertProduct(product);
        for (const image of product.images) insertImage({ ...image, productId: product.id });
        images += product.images.length;
      }
      generateOrders(r, orderCount, users, products, now, (order) => {
        insertOrder(order);
        byStatus[order.status as string]++;
      });
      for (const statement of rebuildStatements()) sqlite.exec(statement);
      for (const t of triggers) sqlite.exec(t.sql);
    })();
  } finally {
    sqlite.pragma(`cache_size = ${cacheSize}`);
  }
  // Fresh statistics help the planner pick the list indexes on a big table.
  sqlite.exec("PRAGMA optimize");
  return {
    seeded: true,
    users: users.length,
    shops: shops.length,
    products: products.length,
    productImages: images,
    tokens: SEED_TOKENS.length,
    orders: orderCount,
    ordersByStatus: byStatus,
    ms: Date.now() - started,
  };
}

/** A prepared INSERT taking a row object (extra properties ignored). */
function inserter(sqlite: OpenedDatabase["sqlite"], table: string, columns: string[]) {
  const statement = sqlite.prepare(`INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`);
  return (row: object) => {
    const values = row as Record<string, unknown>;
    statement.run(columns.map((c) => values[c] ?? null));
  };
}
