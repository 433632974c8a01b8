import { defineResource } from "./define.ts";

/** The settlement queue: what was, or is to be, sent on chain (dispute payouts, the marketplace's initialization). */
export const settlements = defineResource({
  name: "settlements",
  label: "Settlements",
  beyondSpec: true,
  record: { label: "Settlement", schema: "Settlement", table: "settlements" },
  // Recorded against what is settled: the order of a dispute payout, or the marketplace.
  audit: {
    "settlement.retry": { label: "Settlement retried", targets: ["order", "marketplace"] },
    // A dispute payout under four eyes.
    "settlement.propose": { label: "Payout proposed", history: "Payout proposed", targets: ["order"] },
    "settlement.approve": { label: "Payout approved", history: "Payout approved", targets: ["order"] },
    "settlement.reject": { label: "Payout rejected", history: "Payout rejected", targets: ["order"] },
    "settlement.expire": { label: "Payout proposal expired", history: "Payout proposal expired", targets: ["order"] },
  },
  api: { list: "/admin/settlements", query: ["status"] },
  access: { approve: "payouts.approve", reject: "payouts.approve", retry: "settlements.retry", export: "export" },
});
