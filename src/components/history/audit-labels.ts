// Audit actions ("<target>.<verb>", as the reference server records them) in the words an admin reads.

const VERB_LABELS: Readonly<Record<string, string>> = {
  create: "Created",
  update: "Updated",
  deactivate: "Deactivated",
  delete: "Deleted",
  enable: "Enabled",
  disable: "Disabled",
  restore: "Restored",
  initialize: "Initialized",
  initialize_sol: "SOL initialized",
  resolve_dispute: "Dispute resolved",
};

// Actions whose verb alone would say too little (token.delete is the hard delete, unlike
// product.delete; token.flag is a check's finding, not an edit; a settlement's verbs are about its
// payout under four eyes).
const ACTION_LABELS: Readonly<Record<string, string>> = {
  "token.delete": "Deleted permanently",
  "token.flag": "Flagged: its mint became risky",
  "settlement.propose": "Payout proposed",
  "settlement.approve": "Payout approved",
  "settlement.reject": "Payout rejected",
  "settlement.expire": "Payout proposal expired",
};

const RESOLUTION_LABELS: Readonly<Record<string, string>> = {
  REFUND_BUYER: "refund to buyer",
  RELEASE_TO_SELLER: "released to seller",
  PARTIAL_REFUND: "partial refund",
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function sentenceCase(text: string): string {
  const words = text.replace(/[_-]+/g, " ").trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : "Changed";
}

/** "user.deactivate" → "Deactivated"; an unknown "shop.suspend_all" → "Suspend all". */
export function actionLabel(action: string, after?: unknown): string {
  if (Object.hasOwn(ACTION_LABELS, action)) return ACTION_LABELS[action];
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
  return Object.hasOwn(VERB_LABELS, verb) ? VERB_LABELS[verb] : sentenceCase(verb);
}

/** The fields an update changed, from the entry's before/after snapshots ("verified, disabled"). */
export function changedFields(before: unknown, after: unknown): string[] {
  if (!isRecord(before) || !isRecord(after)) return [];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}
