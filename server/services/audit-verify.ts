// Re-checks, offline, every signed decision in the audit trail: the signature must be the entry's
// admin wallet's over the stored text (or, from a hardware wallet, over the stored never-sent
// transaction whose only instruction is a memo of that very text, its fee payer the admin's key), and the text (the part the server wrote) must name the
// entry's order and admin. Every approval of a proposed payout (four eyes) is checked too: by another
// admin than its proposer, and, when signed, over the very payout that was proposed. Anyone with the
// database can run it; nothing is trusted but the keys.
import type { DisputeResolution, Payout } from "../../contract/index.ts";
import type { AuditAction } from "../../contract/resources/index.ts";
import type { AuditRow, Db } from "../db/schema.ts";
import { memoTransactionProblem, memoTransactionSignature } from "../auth/memo-transaction.ts";
import { verifySolanaSignature } from "../auth/signature.ts";
import { json } from "./context.ts";
import { decisionHead, payoutLines } from "./signed-decisions.ts";

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
function problemOf(row: {
  targetId: string;
  adminPublicKey: string;
  decisionMessage: string;
  decisionSignature: string;
  decisionTransaction: string | null;
}): string | null {
  if (row.decisionTransaction !== null) {
    // A hardware wallet's: the text is the memo of a transaction never sent, signed by the admin's key.
    if (memoTransactionSignature(row.decisionTransaction) !== row.decisionSignature) return "the signature is not the stored transaction's";
    const problem = memoTransactionProblem(row.adminPublicKey, row.decisionTransaction, row.decisionMessage);
    if (problem) return `the signed transaction does not hold: ${problem}`;
  } else if (!verifySolanaSignature(row.adminPublicKey, row.decisionSignature, row.decisionMessage))
    return "the signature is not the admin wallet's over the stored text";
  const head = decisionHead(row.decisionMessage);
  if (!head.includes(`Order: ${row.targetId}`)) return "the signed text names another order";
  if (!head.includes(`Admin: ${row.adminPublicKey}`)) return "the signed text names another admin";
  return null;
}

const APPROVE: AuditAction = "settlement.approve";
const PROPOSE: AuditAction = "settlement.propose";

interface ProposalRecord {
  settlementId?: string;
  resolution?: DisputeResolution;
  refundPercentage?: number | null;
  payouts?: Payout[];
  proposedBy?: string;
}

/** Why this approval does not hold up (its own signature is checked as any other), or null. */
async function approvalProblem(db: Db, row: AuditRow): Promise<string | null> {
  const approval = json<ProposalRecord>(row.after) ?? {};
  if (!approval.proposedBy || approval.proposedBy === row.adminPublicKey) return "the payout was approved by its own proposer";
  if (!row.decisionMessage) return null;
  const proposals = await db
    .selectFrom("auditLog")
    .selectAll()
    .where("targetId", "=", row.targetId)
    .where("action", "=", PROPOSE)
    .execute();
  const proposal = proposals.map((p) => json<ProposalRecord>(p.after) ?? {}).find((p) => p.settlementId === approval.settlementId);
  if (!proposal?.resolution) return "the approved proposal is not in the audit trail";
  const lines = payoutLines({
    orderId: row.targetId,
    decision: { resolution: proposal.resolution, refundPercentage: proposal.refundPercentage },
    payouts: proposal.payouts ?? [],
  });
  const head = decisionHead(row.decisionMessage);
  return lines.every((line) => head.includes(line)) ? null : "the approver signed another payout than the one proposed";
}

export async function verifyAuditSignatures(db: Db): Promise<AuditVerification> {
  const rows = await db
    .selectFrom("auditLog")
    .selectAll()
    .where((eb) => eb.or([eb("decisionMessage", "is not", null), eb("decisionSignature", "is not", null), eb("action", "=", APPROVE)]))
    .orderBy("id")
    .execute();
  const failures: AuditSignatureFailure[] = [];
  for (const row of rows) {
    const { decisionMessage, decisionSignature } = row;
    const signed = decisionMessage !== null || decisionSignature !== null;
    let problem = !signed
      ? null
      : decisionMessage === null || decisionSignature === null
        ? "the text or the signature is missing"
        : problemOf({ ...row, decisionMessage, decisionSignature });
    if (!problem && row.action === APPROVE) problem = await approvalProblem(db, row);
    if (problem) failures.push({ auditId: String(row.id), targetId: row.targetId, adminPublicKey: row.adminPublicKey, problem });
  }
  return { checked: rows.length, failures };
}
