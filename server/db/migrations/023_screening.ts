import type { Kysely } from "kysely";

// Wallet screening (services/screening.ts). screeningVersions: each version of the lists that some
// instance loaded, in order (seq); an instance records the version it loaded only when it differs from
// the latest, and the primary key makes that once across instances (the one whose insert wins audits
// the reload and re-screens). screeningHits: every listed address met, by a refusal (sign-in, payout,
// whitelisting) or a re-screen, with the list, entry and version that decided it; dedupeKey keeps one
// per order, party, address and entry, so a re-screen finds an acknowledged hit again without
// reopening it. settlements.screenedUnder, tokens.screenedUnder: the lists and version (JSON) a payout,
// or a token's whitelisting, was last screened under.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("screeningVersions")
    .addColumn("seq", "integer", (c) => c.primaryKey())
    .addColumn("version", "text", (c) => c.notNull())
    .addColumn("lists", "text", (c) => c.notNull())
    .addColumn("entries", "integer", (c) => c.notNull())
    .addColumn("loadedAt", "text", (c) => c.notNull())
    .addColumn("recordedAt", "text", (c) => c.notNull())
    .addColumn("rescreenedAt", "text")
    .execute();
  await db.schema
    .createTable("screeningHits")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("dedupeKey", "text", (c) => c.notNull().unique())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("orderId", "text")
    .addColumn("tokenMint", "text")
    .addColumn("party", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("listName", "text", (c) => c.notNull())
    .addColumn("entryId", "text")
    .addColumn("entryReason", "text")
    .addColumn("listVersion", "text", (c) => c.notNull())
    .addColumn("paidAmount", "text")
    .addColumn("paidSymbol", "text")
    .addColumn("paidDecimals", "integer")
    .addColumn("paidAt", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("acknowledgedBy", "text")
    .addColumn("acknowledgedAt", "text")
    .addColumn("acknowledgement", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("screening_hits_status").on("screeningHits").columns(["status", "createdAt"]).execute();
  await db.schema.alterTable("settlements").addColumn("screenedUnder", "text").execute();
  await db.schema.alterTable("tokens").addColumn("screenedUnder", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("tokens").dropColumn("screenedUnder").execute();
  await db.schema.alterTable("settlements").dropColumn("screenedUnder").execute();
  await db.schema.dropTable("screeningHits").execute();
  await db.schema.dropTable("screeningVersions").execute();
}
