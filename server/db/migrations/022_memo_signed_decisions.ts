import type { Kysely } from "kysely";

// Decisions signed by hardware wallets: the wallet signs a never-sent transaction whose memo is the
// decision's text (server/auth/memo-transaction.ts), so its signature is over that transaction, not
// the text. The transaction (base64) travels with the text and the signature, to the audit entry,
// where `npm run audit:verify` checks it again. Null for decisions signed as a plain message.

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ["settlements", "auditLog"]) {
    await db.schema.alterTable(table).addColumn("decisionTransaction", "text").execute();
  }
  await db.schema.alterTable("settlements").addColumn("approvalTransaction", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("settlements").dropColumn("approvalTransaction").execute();
  for (const table of ["auditLog", "settlements"]) {
    await db.schema.alterTable(table).dropColumn("decisionTransaction").execute();
  }
}
