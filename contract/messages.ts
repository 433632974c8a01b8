// Every validation message, in one place. The SPEC §5 texts are quoted word for word; the others
// cover inputs SPEC §5 leaves without a message (decimals, reasons, query parameters).
import {
  ADMIN_NOTES_MAX,
  REASON_MAX,
  DECIMALS_MAX,
  DECIMALS_MIN,
  REFUND_PERCENT_MAX,
  REFUND_PERCENT_MIN,
} from "./constants.ts";

export const MESSAGES = {
  // SPEC §5, verbatim.
  invalidAddress: "Invalid Solana address",
  symbolRequired: "Symbol is required",
  symbolTooLong: "Symbol too long",
  nameRequired: "Name is required",
  nameTooLong: "Name too long",
  invalidUrl: "Invalid URL",
  invalidEmail: "Invalid email",
  adminNotesRequired: "Admin notes are required",
  adminNotesTooLong: `Admin notes must be less than ${ADMIN_NOTES_MAX} characters`,
  refundPercentage: `Refund percentage must be between ${REFUND_PERCENT_MIN} and ${REFUND_PERCENT_MAX}`,
  // Ours.
  decimalsRequired: "Decimals are required",
  decimalsRange: `Decimals must be an integer from ${DECIMALS_MIN} to ${DECIMALS_MAX}`,
  refundPercentageRequired: "Refund percentage is required for a partial refund",
  signedDecision: "The signed decision must be an object with the decision's nonce and the wallet's signature",
  refundPercentageWhole: "Refund percentage must be a whole number",
  resolution: "Resolution must be one of REFUND_BUYER, RELEASE_TO_SELLER, PARTIAL_REFUND",
  role: "Role must be one of USER, ADMIN, MARKETPLACE_AUTHORITY",
  displayNameTooLong: "Display name must be at most 100 characters",
  statusTooLong: "Status must be at most 50 characters",
  reasonRequired: "Reason is required",
  reasonTooLong: `Reason must be at most ${REASON_MAX} characters`,
  boolean: "Must be true or false",
  queryBoolean: 'Must be "true" or "false"',
  page: "Page must be a whole number of at least 1",
  limit: "Limit must be a whole number from 1 to 100",
  orderFilter: "Filter must be one of new, ongoing, in_dispute, completed",
  orderSort: "Sort must be deadline",
  settlementStatus: "status must be one of pending, submitted, confirmed, failed",
  textTooLong: "Must be at most 100 characters",
  nothingToUpdate: "Nothing to update: send at least one field",
  bodyObject: "The request body must be a JSON object",
  wrappedSol: "Wrapped SOL is native SOL: add it with Init SOL, not as an ordinary token",
  controlCharacters: (label: string) => `${label} must not contain control or bidirectional-override characters`,
} as const;
