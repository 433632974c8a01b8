import { sql, type CreateTableBuilder, type Kysely } from "kysely";
import { engineOf } from "../engine.ts";

// The first schema: every table of schema.ts. Later changes are new migration files.
// Epoch milliseconds and amounts in base units are "bigint": the same 64-bit integer as "integer" on
// SQLite, and wider than PostgreSQL's 32-bit "integer".
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = engineOf(db) === "postgres";
  // The lists of users and orders (and the nonces) are ordered by SQLite's rowid, its insertion order
  // (list-families.ts). PostgreSQL has none, so these tables get a column of that name, numbered in
  // insertion order too.
  const withRowid = <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>): CreateTableBuilder<TB, C> =>
    postgres ? (table.addColumn("rowid", "bigint", (c) => c.generatedAlwaysAsIdentity()) as CreateTableBuilder<TB, C>) : table;
  await withRowid(db.schema.createTable("users"))
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("publicKey", "text", (c) => c.notNull().unique())
    .addColumn("displayName", "text")
    .addColumn("contactInfo", "text")
    .addColumn("avatarUrl", "text")
    .addColumn("role", "text", (c) => c.notNull().defaultTo("USER"))
    .addColumn("verified", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("disabled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("status", "text")
    .addColumn("deactivationReason", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("users_created").on("users").columns(["createdAt", "id"]).execute();
  await db.schema.createIndex("users_role").on("users").columns(["role", "createdAt"]).execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("userId", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("publicKey", "text", (c) => c.notNull())
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .addColumn("lastSeenAt", "bigint", (c) => c.notNull())
    .addColumn("expiresAt", "bigint", (c) => c.notNull())
    .addColumn("revokedAt", "bigint")
    .addColumn("ip", "text")
    .addColumn("userAgent", "text")
    .execute();
  await db.schema.createIndex("sessions_user").on("sessions").column("userId").execute();

  await withRowid(db.schema.createTable("nonces"))
    .addColumn("nonce", "text", (c) => c.primaryKey())
    .addColumn("publicKey", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .addColumn("expiresAt", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("nonces_key").on("nonces").columns(["publicKey", "expiresAt"]).execute();

  await db.schema
    .createTable("tokens")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("mintAddress", "text", (c) => c.notNull().unique())
    .addColumn("symbol", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("decimals", "integer", (c) => c.notNull())
    .addColumn("logoUrl", "text")
    .addColumn("isActive", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("shops")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("logo", "text")
    .addColumn("description", "text")
    .addColumn("category", "text")
    .addColumn("sellerId", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("viewCount", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("isActive", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("isVerified", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("shops_created").on("shops").columns(["createdAt", "id"]).execute();

  await db.schema
    .createTable("products")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("shopId", "text", (c) => c.references("shops.id").onDelete("set null"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("price", "bigint", (c) => c.notNull())
    .addColumn("currencySymbol", "text", (c) => c.notNull())
    .addColumn("currencyDecimals", "integer", (c) => c.notNull())
    .addColumn("currencyMint", "text")
    .addColumn("category", "text")
    .addColumn("stockQuantity", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("isFeatured", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("isActive", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("statusReason", "text")
    .addColumn("deletedAt", "text")
    .addColumn("deleteReason", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("products_created").on("products").columns(["createdAt", "id"]).execute();
  await db.schema.createIndex("products_category").on("products").columns(["category", "createdAt"]).execute();
  await db.schema.createIndex("products_shop").on("products").column("shopId").execute();

  await db.schema
    .createTable("productImages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("productId", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("thumbnailUrl", "text")
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("product_images_product").on("productImages").columns(["productId", "position"]).execute();

  await withRowid(db.schema.createTable("orders"))
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("productId", "text")
    .addColumn("shopId", "text")
    .addColumn("productSnapshot", "text")
    .addColumn("shopSnapshot", "text")
    .addColumn("quantity", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("totalPrice", "bigint", (c) => c.notNull())
    .addColumn("currencySymbol", "text", (c) => c.notNull())
    .addColumn("currencyDecimals", "integer", (c) => c.notNull())
    .addColumn("currencyMint", "text")
    .addColumn("buyerWalletAddress", "text", (c) => c.notNull())
    .addColumn("buyerContactInfo", "text")
    .addColumn("buyerShippingAddress", "text")
    .addColumn("sellerWalletAddress", "text", (c) => c.notNull())
    .addColumn("sellerContactInfo", "text")
    .addColumn("shippingState", "text")
    .addColumn("trackingInfo", "text")
    .addColumn("shippingNotes", "text")
    .addColumn("disputeRaisedAt", "text")
    .addColumn("disputeDescription", "text")
    .addColumn("escrowPDA", "text")
    .addColumn("transactionSignature", "text")
    .addColumn("settlementSignature", "text")
    .addColumn("settlementStatus", "text")
    .addColumn("resolution", "text")
    .addColumn("refundPercentage", "integer")
    .addColumn("adminNotes", "text")
    .addColumn("resolvedAt", "text")
    .addColumn("resolvedBy", "text")
    .addColumn("notes", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("confirmedAt", "text")
    .addColumn("shippedAt", "text")
    .addColumn("completedAt", "text")
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("orders_created").on("orders").columns(["createdAt", "id"]).execute();
  await db.schema.createIndex("orders_status").on("orders").columns(["status", "createdAt", "id"]).execute();

  await db.schema
    .createTable("auditLog")
    .addColumn("id", "integer", (c) => (postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("adminPublicKey", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("targetType", "text", (c) => c.notNull())
    .addColumn("targetId", "text", (c) => c.notNull())
    .addColumn("reason", "text")
    .addColumn("before", "text")
    .addColumn("after", "text")
    .addColumn("transactionSignature", "text")
    .addColumn("cluster", "text")
    .execute();
  await db.schema.createIndex("audit_target").on("auditLog").columns(["targetType", "targetId", "id"]).execute();

  await db.schema
    .createTable("marketplaceConfig")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("initialized", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("configPDA", "text")
    .addColumn("authority", "text")
    .addColumn("disputeResolutionLimit", "integer")
    .addColumn("reportThreshold", "integer")
    .addColumn("transactionSignature", "text")
    .addColumn("cluster", "text")
    .addColumn("initializedAt", "text")
    .execute();

  await db.schema
    .createTable("counters")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "counters",
    "marketplaceConfig",
    "auditLog",
    "orders",
    "productImages",
    "products",
    "shops",
    "tokens",
    "nonces",
    "sessions",
    "users",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
