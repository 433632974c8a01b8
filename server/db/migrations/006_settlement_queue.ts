import { sql, type Kysely } from "kysely";
import { engineOf } from "../engine.ts";
import { createIndex, optional, required, textKey, timestamps } from "../columns.ts";
import { createPendingSettlements } from "./003_settlement.ts";

// settlements: one durable row per settlement (a dispute payout or the marketplace initialization),
// from the admin's accepted request to its outcome: pending (accepted, not signed) → submitted
// (signed: signature and the block height up to which it can land, stored before it is sent) →
// confirmed | failed (lastError in words). It replaces pendingSettlements, which only held the
// signed-but-unconfirmed disputes: those rows come over as `submitted`, then that table goes.
// At most one dispute settlement per order is in flight (pending or submitted): a unique index says so.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("settlements")
    .$call(textKey())
    .addColumn("orderId", "text", (c) => c.references("orders.id"))
    .$call(required("text", "kind", "status"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .$call(optional("text", "signature"))
    .$call(optional("bigint", "lastValidBlockHeight"))
    .$call(optional("text", "submittedAt", "lastError", "cluster"))
    .$call(required("text", "requestedBy", "requestedByUserId"))
    .$call(optional("text", "resolution"))
    .$call(optional("integer", "refundPercentage"))
    .$call(optional("text", "adminNotes"))
    .$call(timestamps)
    .execute();
  await createIndex(db, "settlements_status_created", "settlements", ["status", "createdAt"]);
  await createIndex(db, "settlements_created", "settlements", ["createdAt"]);
  await sql`CREATE UNIQUE INDEX settlements_in_flight ON settlements ("orderId") WHERE status IN ('pending', 'submitted') AND "orderId" IS NOT NULL`.execute(
    db,
  );
  const newId = engineOf(db) === "postgres" ? sql`gen_random_uuid()::text` : sql`lower(hex(randomblob(16)))`;
  await sql`
    INSERT INTO settlements (id, "orderId", kind, status, attempts, signature, "lastValidBlockHeight", "submittedAt", cluster, "requestedBy", "requestedByUserId",
                             resolution, "refundPercentage", "adminNotes", "createdAt", "updatedAt")
    SELECT ${newId}, p."orderId", 'dispute_payout', 'submitted', 1, p.signature, p."lastValidBlockHeight", p."createdAt",
           (SELECT o.cluster FROM orders o WHERE o.id = p."orderId"), p."adminPublicKey", p."adminUserId",
           p.resolution, p."refundPercentage", p."adminNotes", p."createdAt", p."createdAt"
    FROM "pendingSettlements" p`.execute(db);
  await db.schema.dropTable("pendingSettlements").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await createPendingSettlements(db).addColumn("lastValidBlockHeight", "integer").execute();
  await sql`
    INSERT INTO "pendingSettlements" ("orderId", signature, resolution, "refundPercentage", "adminNotes", "adminUserId", "adminPublicKey", "createdAt", "lastValidBlockHeight")
    SELECT "orderId", signature, resolution, "refundPercentage", COALESCE("adminNotes", ''), "requestedByUserId", "requestedBy", "createdAt", "lastValidBlockHeight"
    FROM settlements WHERE kind = 'dispute_payout' AND status = 'submitted' AND signature IS NOT NULL`.execute(db);
  await db.schema.dropTable("settlements").execute();
}
