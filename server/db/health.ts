// Whether the database answers, for the readiness probe (plugins/operations.ts).
import { sql } from "kysely";
import type { Db } from "./schema.ts";

/** Resolves once the database has run a statement; rejects with why not. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
