// An audit trail entry as GET /admin/audit answers it, for the console tests: a user's update by the
// test admin, changed as each test needs.
import type { AuditEntry } from "@contract";

export const AUDIT_ADMIN = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";

export function auditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: "1",
    createdAt: "2025-03-04T15:06:00.000Z",
    adminPublicKey: AUDIT_ADMIN,
    action: "user.update",
    targetType: "user",
    targetId: "u-1",
    reason: null,
    before: null,
    after: null,
    transactionSignature: null,
    cluster: null,
    ...overrides,
  };
}
