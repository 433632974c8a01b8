// Audit actions ("<target>.<verb>", as the reference server records them) in the words an admin
// reads: each action's history label is declared with its resource (contract/resources/); two read
// more from the entry's values after. What a change changed reads field by field, before → after.
import type { AuditFieldChange } from "@contract";
import { auditActionNamed, verbLabel } from "@contract/resources";
import { shortMint, shortWallet } from "@/utils/format";

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

/** One field a change changed, as an admin reads it: "Active", "Yes", "No". */
export interface ChangeLine {
  field: string;
  label: string;
  before: string;
  after: string;
}

interface FieldWords {
  label: string;
  value?: (value: unknown) => string;
}

const yesNo = (value: unknown) => (value ? "Yes" : "No");
const wallet = (value: unknown) => (typeof value === "string" ? shortWallet(value) : valueText(value));

// Each field in the words its screen uses: a product's, shop's or token's Status reads Active/Inactive; a
// user's Active column reads Yes/No of not being disabled. An undeclared field reads as its key in words.
const FIELD_WORDS: Readonly<Record<string, FieldWords>> = {
  isActive: { label: "Status", value: (v) => (v ? "Active" : "Inactive") },
  disabled: { label: "Active", value: (v) => yesNo(!v) },
  verified: { label: "Verified", value: yesNo },
  isVerified: { label: "Verified", value: yesNo },
  isFeatured: { label: "Featured", value: yesNo },
  displayName: { label: "Display name" },
  contactInfo: { label: "Email" },
  deactivationReason: { label: "Deactivation reason" },
  mintAddress: { label: "Mint address", value: (v) => (typeof v === "string" ? shortMint(v) : valueText(v)) },
  resolution: { label: "Resolution", value: (v) => (typeof v === "string" && RESOLUTION_LABELS[v]) || valueText(v) },
  refundPercentage: { label: "Refund to buyer", value: (v) => (typeof v === "number" ? `${v}%` : valueText(v)) },
  configPDA: { label: "Config PDA", value: wallet },
  authority: { label: "Authority", value: wallet },
  proposedBy: { label: "Proposed by", value: wallet },
  approvedBy: { label: "Approved by", value: wallet },
  signature: { label: "Transaction", value: wallet },
};

/** A value as a line shows it: none as "—", a flag as Yes/No, a number in en-US digits. */
function valueText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return yesNo(value);
  if (typeof value === "number") return value.toLocaleString("en-US");
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

/** "deactivationReason" → "Deactivation reason". */
function fieldLabel(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The entry's changed fields, each before → after in words ("Active: Yes → No"); none for an entry without them. */
export function changeLines(changes: readonly AuditFieldChange[] | null | undefined): ChangeLine[] {
  return (changes ?? []).map(({ field, before, after }) => {
    const words = FIELD_WORDS[field];
    const show = words?.value ?? valueText;
    return { field, label: words?.label ?? fieldLabel(field), before: show(before), after: show(after) };
  });
}
