import { defineResource } from "./define.ts";

/** Wallet screening (beyond the core API): the listed addresses met, to be acknowledged by an admin. */
export const screening = defineResource({
  name: "screening",
  label: "Screening",
  beyondSpec: true,
  record: { label: "Screening hit", type: "screening", schema: "ScreeningHit", table: "screeningHits" },
  audit: {
    "screening.reload": { label: "Screening lists reloaded", history: "Lists reloaded" },
    // A refused sign-in, payout or whitelisting: against the order for a payout, else the hit.
    "screening.refuse": { label: "Refused by screening", history: "Refused by screening", targets: ["screening", "order"] },
    "screening.acknowledge": { label: "Screening hit acknowledged", history: "Acknowledged" },
  },
  api: { list: "/admin/screening", query: ["status"] },
  access: { list: "read", acknowledge: "payouts.approve" },
});
