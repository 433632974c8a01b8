import type { Kysely } from "kysely";

// What a decision text states it pays (JSON, the preview's payouts), kept with the challenge: a signed
// decision then pays exactly that or nothing, and an approval is compared with its proposal by amounts,
// not by searching the text. Null for challenges written before.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("decisionChallenges").addColumn("payouts", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("decisionChallenges").dropColumn("payouts").execute();
}
