import type { Kysely } from "kysely";
import { createIndex, optional, required, textKey } from "../columns.ts";

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
    .$call(required("text", "version", "lists"))
    .$call(required("integer", "entries"))
    .$call(required("text", "loadedAt", "recordedAt"))
    .$call(optional("text", "rescreenedAt"))
    .execute();
  await db.schema
    .createTable("screeningHits")
    .$call(textKey())
    .addColumn("dedupeKey", "text", (c) => c.notNull().unique())
    .$call(required("text", "kind"))
    .$call(optional("text", "orderId", "tokenMint"))
    .$call(required("text", "party", "address", "listName"))
    .$call(optional("text", "entryId", "entryReason"))
    .$call(required("text", "listVersion"))
    .$call(optional("text", "paidAmount", "paidSymbol"))
    .$call(optional("integer", "paidDecimals"))
    .$call(optional("text", "paidAt"))
    .$call(required("text", "status"))
    .$call(optional("text", "acknowledgedBy", "acknowledgedAt", "acknowledgement"))
    .$call(required("text", "createdAt"))
    .execute();
  await createIndex(db, "screening_hits_status", "screeningHits", ["status", "createdAt"]);
  await db.schema.alterTable("settlements").addColumn("screenedUnder", "text").execute();
  await db.schema.alterTable("tokens").addColumn("screenedUnder", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("tokens").dropColumn("screenedUnder").execute();
  await db.schema.alterTable("settlements").dropColumn("screenedUnder").execute();
  await db.schema.dropTable("screeningHits").execute();
  await db.schema.dropTable("screeningVersions").execute();
}
