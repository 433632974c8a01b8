import { sql, type Kysely } from "kysely";

// Several instances on one database.
// - settlements.claimedBy / claimedUntil: the re-check worker that holds a row (a lease, epoch ms).
//   Workers claim rows with row locks (FOR UPDATE SKIP LOCKED on PostgreSQL) and then this lease, so
//   two instances never resume the same settlement; a crashed worker's lease simply runs out.
// - One marketplace initialization in flight at a time, as one dispute settlement per order
//   (settlements_in_flight): concurrent requests on several instances cannot both send one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("settlements").addColumn("claimedBy", "text").execute();
  await db.schema.alterTable("settlements").addColumn("claimedUntil", "bigint").execute();
  // Were two ever left in flight, the older ones end failed (nothing of theirs can still land:
  // the chain holds one config account), so the index below can be built.
  await sql`
    UPDATE settlements SET status = 'failed', "lastError" = 'Superseded by a later initialization'
    WHERE kind = 'marketplace_initialization' AND status IN ('pending', 'submitted')
      AND id <> (SELECT id FROM settlements WHERE kind = 'marketplace_initialization' AND status IN ('pending', 'submitted')
                 ORDER BY "createdAt" DESC LIMIT 1)`.execute(db);
  await sql`CREATE UNIQUE INDEX settlements_one_initialization ON settlements (kind)
    WHERE kind = 'marketplace_initialization' AND status IN ('pending', 'submitted')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS settlements_one_initialization`.execute(db);
  await db.schema.alterTable("settlements").dropColumn("claimedUntil").execute();
  await db.schema.alterTable("settlements").dropColumn("claimedBy").execute();
}
