// Re-checks, offline, every signed decision in the audit trail: the signature must be the entry's
// admin wallet's over the stored text, and the text (the part the server wrote) must name the
// entry's order and admin. Anyone with the database can run it; nothing is trusted but the keys.
import type { Db } from "../db/schema.ts";
import { verifySolanaSignature } from "../auth/signature.ts";
import { decisionHead } from "./signed-decisions.ts";

export interface AuditSignatureFailure {
  auditId: string;
  targetId: string;
  adminPublicKey: string;
  problem: string;
}

export interface AuditVerification {
  checked: number;
  failures: AuditSignatureFailure[];
}

/** Why this signed entry does not hold up, or null when it does. */
function problemOf(row: { targetId: string; adminPublicKey: string; decisionMessage: string; decisionSignature: string }): string | null {
  if (!verifySolanaSignature(row.adminPublicKey, row.decisionSignature, row.decisionMessage)) return "the signature is not the admin wallet's over the stored text";
  const head = decisionHead(row.decisionMessage);
  if (!head.includes(`Order: ${row.targetId}`)) return "the signed text names another order";
  if (!head.includes(`Admin: ${row.adminPublicKey}`)) return "the signed text names another admin";
  return null;
}

export async function verifyAuditSignatures(db: Db): Promise<AuditVerification> {
  const rows = await db
    .selectFrom("auditLog")
    .select(["id", "targetId", "adminPublicKey", "decisionMessage", "decisionSignature"])
    .where((eb) => eb.or([eb("decisionMessage", "is not", null), eb("decisionSignature", "is not", null)]))
    .orderBy("id")
    .execute();
  const failures: AuditSignatureFailure[] = [];
  for (const row of rows) {
    const { decisionMessage, decisionSignature } = row;
    const problem =
      decisionMessage === null || decisionSignature === null
        ? "the text or the signature is missing"
        : problemOf({ ...row, decisionMessage, decisionSignature });
    if (problem) failures.push({ auditId: String(row.id), targetId: row.targetId, adminPublicKey: row.adminPublicKey, problem });
  }
  return { checked: rows.length, failures };
}
