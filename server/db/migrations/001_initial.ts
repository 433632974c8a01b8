import { sql, type CreateTableBuilder, type Kysely } from "kysely";
import { engineOf } from "../engine.ts";
import { autoIncrementKey, createIndex, optional, required, textKey, timestamps } from "../columns.ts";

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
    .$call(textKey("nonce"))
    .$call(required("text", "publicKey", "message"))
    .$call(required("bigint", "createdAt", "expiresAt"))
    .execute();
  await db.schema.createIndex("nonces_key").on("nonces").columns(["publicKey", "expiresAt"]).execute();

  await db.schema
    .createTable("tokens")
    .$call(textKey())
    .addColumn("mintAddress", "text", (c) => c.notNull().unique())
    .$call(required("text", "symbol", "name"))
    .$call(required("integer", "decimals"))
    .$call(optional("text", "logoUrl"))
    .addColumn("isActive", "integer", (c) => c.notNull().defaultTo(1))
    .$call(timestamps)
    .execute();

  await db.schema
    .createTable("shops")
    .$call(textKey())
    .$call(required("text", "name"))
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .$call(optional("text", "logo", "description", "category"))
    .addColumn("sellerId", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("viewCount", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("isActive", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("isVerified", "integer", (c) => c.notNull().defaultTo(0))
    .$call(timestamps)
    .execute();
  await createIndex(db, "shops_created", "shops", ["createdAt", "id"]);

  await db.schema
    .createTable("products")
    .$call(textKey())
    .addColumn("shopId", "text", (c) => c.references("shops.id").onDelete("set null"))
    .$call(required("text", "title"))
    .$call(optional("text", "description"))
    .$call(required("bigint", "price"))
    .$call(required("text", "currencySymbol"))
    .$call(required("integer", "currencyDecimals"))
    .$call(optional("text", "currencyMint", "category"))
    .addColumn("stockQuantity", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("isFeatured", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("isActive", "integer", (c) => c.notNull().defaultTo(1))
    .$call(optional("text", "statusReason", "deletedAt", "deleteReason"))
    .$call(timestamps)
    .execute();
  await createIndex(db, "products_created", "products", ["createdAt", "id"]);
  await createIndex(db, "products_category", "products", ["category", "createdAt"]);
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
    .$call(autoIncrementKey(db))
    .$call(required("text", "createdAt", "adminPublicKey", "action", "targetType", "targetId"))
    .$call(optional("text", "reason", "before", "after", "transactionSignature", "cluster"))
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
