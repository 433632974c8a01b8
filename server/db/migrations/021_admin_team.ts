import type { Kysely } from "kysely";

// The admin team (beyond the core API): the wallets an owner added, with their role, read on every
// request so a change holds on every instance at the next one. ADMIN_WALLETS are not rows here: they
// are the configuration's owners. A grant of a guarded role under four eyes waits in team_proposals
// for a second owner, like a payout proposal.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("adminTeam")
    .addColumn("publicKey", "text", (c) => c.primaryKey())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("addedBy", "text", (c) => c.notNull())
    .addColumn("addedAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("teamProposals")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("publicKey", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("proposedBy", "text", (c) => c.notNull())
    .addColumn("proposedAt", "text", (c) => c.notNull())
    .addColumn("expiresAt", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("decidedBy", "text")
    .addColumn("decidedAt", "text")
    .execute();
  await db.schema.createIndex("team_proposals_status").on("teamProposals").columns(["status", "proposedAt"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("teamProposals").execute();
  await db.schema.dropTable("adminTeam").execute();
}
