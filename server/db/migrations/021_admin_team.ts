import type { Kysely } from "kysely";
import { createIndex, optional, required, textKey } from "../columns.ts";

// The admin team (beyond the core API): the wallets an owner added, with their role, read on every
// request so a change holds on every instance at the next one. ADMIN_WALLETS are not rows here: they
// are the configuration's owners. A grant of a guarded role under four eyes waits in team_proposals
// for a second owner, like a payout proposal.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("adminTeam")
    .$call(textKey("publicKey"))
    .$call(required("text", "role", "addedBy", "addedAt", "updatedAt"))
    .execute();
  await db.schema
    .createTable("teamProposals")
    .$call(textKey())
    .$call(required("text", "kind", "publicKey", "role", "reason", "proposedBy", "proposedAt", "expiresAt", "status"))
    .$call(optional("text", "decidedBy", "decidedAt"))
    .execute();
  await createIndex(db, "team_proposals_status", "teamProposals", ["status", "proposedAt"]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("teamProposals").execute();
  await db.schema.dropTable("adminTeam").execute();
}
