// Demo data for a new database: users, shops, products with images, the token whitelist, orders in
// every status, and each resource module's rows (server/resources/<name>/seed.ts). Deterministic for
// a given seed, sizes and clock. Only an empty database is filled.
import { sql } from "kysely";
import { ORDER_STATUSES } from "../../contract/index.ts";
import { bulkLoad } from "../db/bulk-load.ts";
import type { OpenedDatabase } from "../db/connection.ts";
import { isUniqueViolation } from "../db/engine.ts";
import type { ResourceModule } from "../resources/define.ts";
import { RESOURCE_MODULES } from "../resources/index.ts";
import type { SeedShop } from "../resources/shops/seed.ts";
import { SEED_TOKENS } from "./catalog.ts";
import { generateOrders, generateProducts, type SeedOrder, type SeedProduct } from "./generate.ts";
import { SeedRandom } from "./random.ts";
import { inSeedOrder, type Demo, type SeedStep } from "./steps.ts";
import { generateUsers, type SeedUser } from "./users.ts";

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
  /** The resource modules whose rows are seeded too (default: server/resources/index.ts's). */
  resourceModules?: readonly ResourceModule[];
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
  /** The rows written, by table: those above and the resource modules'. */
  rows: Record<string, number>;
  ms: number;
}

export const DEFAULT_SEED = 20240611;
const DEFAULT_ORDERS = 2000;
const USER_COLUMNS = [
  "id",
  "publicKey",
  "displayName",
  "contactInfo",
  "avatarUrl",
  "role",
  "verified",
  "disabled",
  "status",
  "deactivationReason",
  "createdAt",
  "updatedAt",
];
const TOKEN_COLUMNS = ["id", "mintAddress", "symbol", "name", "decimals", "logoUrl", "isActive", "createdAt", "updatedAt"];
const PRODUCT_COLUMNS = [
  "id",
  "shopId",
  "title",
  "description",
  "price",
  "currencySymbol",
  "currencyDecimals",
  "currencyMint",
  "category",
  "stockQuantity",
  "isFeatured",
  "isActive",
  "statusReason",
  "deletedAt",
  "deleteReason",
  "createdAt",
  "updatedAt",
];
const IMAGE_COLUMNS = ["id", "productId", "url", "thumbnailUrl", "position"];
const ORDER_COLUMNS = [
  "id",
  "status",
  "productId",
  "shopId",
  "productSnapshot",
  "shopSnapshot",
  "quantity",
  "totalPrice",
  "currencySymbol",
  "currencyDecimals",
  "currencyMint",
  "buyerWalletAddress",
  "buyerContactInfo",
  "buyerShippingAddress",
  "sellerWalletAddress",
  "sellerContactInfo",
  "shippingState",
  "trackingInfo",
  "shippingNotes",
  "disputeRaisedAt",
  "disputeDescription",
  "escrowPDA",
  "transactionSignature",
  "notes",
  "createdAt",
  "confirmedAt",
  "shippedAt",
  "completedAt",
  "updatedAt",
];

/** The core's steps, in their order; the shops' (their module's) run where the products need them. */
function coreSteps(userCount: number, orderCount: number, byStatus: Record<string, number>): SeedStep[] {
  return [
    { table: "users", columns: USER_COLUMNS, rows: ({ r, now, adminWallets }) => generateUsers(r, userCount, adminWallets, now) },
    {
      table: "products",
      columns: PRODUCT_COLUMNS,
      reads: ["shops"],
      rows: ({ r, now, rows }) => generateProducts(r, rows<SeedShop>("shops"), now),
    },
    {
      table: "productImages",
      columns: IMAGE_COLUMNS,
      reads: ["products"],
      rows: ({ rows }) =>
        rows<SeedProduct>("products").flatMap((product) => product.images.map((image) => ({ ...image, productId: product.id }))),
    },
    {
      table: "tokens",
      columns: TOKEN_COLUMNS,
      rows: ({ r, now }) =>
        SEED_TOKENS.map((token, i) => {
          const at = new Date(now - (400 - i) * 86_400_000).toISOString();
          return { id: r.uuid(), ...token, createdAt: at, updatedAt: at };
        }),
    },
    {
      table: "orders",
      columns: ORDER_COLUMNS,
      reads: ["users", "products"],
      rows: ({ r, now, rows }) =>
        counted(generateOrders(r, orderCount, rows<SeedUser>("users"), rows<SeedProduct>("products"), now), byStatus),
    },
  ];
}

export async function seedDatabase(opened: Pick<OpenedDatabase, "db" | "sqlite">, opts: SeedOptions = {}): Promise<SeedSummary> {
  const started = Date.now();
  const orderCount = Math.max(0, Math.floor(opts.orders ?? DEFAULT_ORDERS));
  const adminWallets = [...new Set(opts.adminWallets ?? [])];
  const userCount = Math.max(opts.users ?? Math.max(50, Math.ceil(orderCount / 5)), adminWallets.length + 10);
  const byStatus: Record<string, number> = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0]));
  const modules = opts.resourceModules ?? RESOURCE_MODULES;
  const steps = inSeedOrder([...coreSteps(userCount, orderCount, byStatus), ...modules.flatMap((module) => module.seed)]);
  const written: Record<string, number> = {};
  /** What was written; nothing when the database was left alone. */
  const summary = (seeded: boolean): SeedSummary => {
    const rows = seeded ? written : {};
    return {
      seeded,
      users: rows.users ?? 0,
      shops: rows.shops ?? 0,
      products: rows.products ?? 0,
      productImages: rows.productImages ?? 0,
      tokens: rows.tokens ?? 0,
      orders: rows.orders ?? 0,
      ordersByStatus: seeded ? byStatus : {},
      rows,
      ms: seeded ? Date.now() - started : 0,
    };
  };

  const filled = await firstFilled(opened.db, steps);
  if (filled) return { ...summary(false), skipped: `the database already has ${filled}` };

  // The rows a later step reads are kept; the others (a million orders) stream into the table.
  const read = new Set(steps.flatMap((step) => step.reads ?? []));
  const made = new Map<string, readonly object[]>();
  const demo: Demo = {
    r: new SeedRandom(opts.seed ?? DEFAULT_SEED),
    now: opts.now ?? Date.now(),
    adminWallets,
    rows: <Row extends object>(table: string) => (made.get(table) ?? []) as readonly Row[],
  };
  try {
    await bulkLoad(opened, async (insert) => {
      for (const step of steps) {
        const rows = read.has(step.table) ? [...step.rows(demo)] : step.rows(demo);
        if (Array.isArray(rows)) made.set(step.table, rows);
        written[step.table] = 0;
        await insert(
          step.table,
          step.columns,
          tally(rows, () => written[step.table]++),
        );
      }
    });
  } catch (error) {
    // Instances started together on one empty database: the first one's load won (same seed, same
    // ids), this one's was rolled back whole.
    if (isUniqueViolation(error)) return { ...summary(false), skipped: "another instance seeded it meanwhile" };
    throw error;
  }
  return summary(true);
}

/** The first of the seeded tables that holds a row, if any. */
async function firstFilled(db: OpenedDatabase["db"], steps: readonly SeedStep[]): Promise<string | undefined> {
  for (const { table } of steps) {
    if (
      await db
        .selectFrom(table)
        .select(sql`1`.as("one"))
        .limit(1)
        .executeTakeFirst()
    )
      return table;
  }
  return undefined;
}

/** The rows as they pass, each told to `count`. */
function* tally<T>(rows: Iterable<T>, count: () => void): Generator<T> {
  for (const row of rows) {
    count();
    yield row;
  }
}

/** The orders as they pass, each counted under its status. */
function* counted(orders: Iterable<SeedOrder>, byStatus: Record<string, number>): Generator<SeedOrder> {
  for (const order of orders) {
    byStatus[order.status as string]++;
    yield order;
  }
}
