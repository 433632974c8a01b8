// Audit actions ("<target>.<verb>", as the reference server records them) in the words an admin
// reads: each action's history label is declared with its resource (contract/resources/); two read
// more from the entry's values after.
import { auditActionNamed, verbLabel } from "@contract/resources";

const RESOLUTION_LABELS: Readonly<Record<string, string>> = {
  REFUND_BUYER: "refund to buyer",
  RELEASE_TO_SELLER: "released to seller",
  PARTIAL_REFUND: "partial refund",
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** "user.deactivate" → "Deactivated"; an undeclared "shop.suspend_all" → "Suspend all". */
export function actionLabel(action: string, after?: unknown): string {
  const verb = action.includes(".") ? action.slice(action.indexOf(".") + 1) : action;
  if (verb === "feature" && isRecord(after) && typeof after.isFeatured === "boolean") {
    return after.isFeatured ? "Featured" : "Unfeatured";
  }
  if (verb === "resolve_dispute" && isRecord(after) && typeof after.resolution === "string") {
    const resolution = RESOLUTION_LABELS[after.resolution];
    if (resolution) {
      const percent = after.resolution === "PARTIAL_REFUND" && typeof after.refundPercentage === "number";
      return `Dispute resolved (${resolution}${percent ? `, ${after.refundPercentage}% to buyer` : ""})`;
    }
  }
  return auditActionNamed(action)?.history ?? verbLabel(action);
}

/** The fields an update changed, from the entry's before/after snapshots ("verified, disabled"). */
export function changedFields(before: unknown, after: unknown): string[] {
  if (!isRecord(before) || !isRecord(after)) return [];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}
