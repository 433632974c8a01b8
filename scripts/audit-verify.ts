// `npm run audit:verify`: re-checks every signed decision in the audit trail of the configured
// database (DATABASE_URL, else DATABASE_PATH), offline: no chain, no server. Opens the database read-only, so it may run
// beside the server. Exits 1 on any entry that does not hold up, 0 when all do (2 when it could not check).
import { pathToFileURL } from "node:url";
import { databaseTarget, parseConfig } from "../server/config.ts";
import { openReadOnlyDatabase } from "../server/db/connection.ts";
import { verifyAuditSignatures, type AuditVerification } from "../server/services/audit-verify.ts";

export function formatVerification(result: AuditVerification): string {
  const summary = `Checked ${result.checked} signed decisions and approvals in the audit trail: ${result.failures.length} failed`;
  return [
    summary,
    ...result.failures.map((f) => `  audit #${f.auditId} (order ${f.targetId}, admin ${f.adminPublicKey}): ${f.problem}`),
  ].join("\n");
}

export async function main(env: Record<string, string | undefined> = process.env): Promise<number> {
  try {
    const { db, close } = openReadOnlyDatabase(databaseTarget(parseConfig(env)));
    try {
      const result = await verifyAuditSignatures(db);
      console.log(formatVerification(result));
      return result.failures.length === 0 ? 0 : 1;
    } finally {
      await close();
    }
  } catch (error) {
    console.error(`Audit verification could not run: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}
