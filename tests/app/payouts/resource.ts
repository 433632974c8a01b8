// A throwaway resource's declaration, exactly as a real one is written in contract/resources/ (see
// docs/adding-a-resource.md); the test adds it to the registry's list as contract/resources/registry.ts would.
import { defineResource, listPaths } from "../../../contract/resources/define.ts";

export const payouts = defineResource({
  name: "payouts",
  label: "Payouts",
  icon: "orders",
  beyondSpec: true,
  record: { type: "payout", label: "Payout", schema: "ShopPayout", table: "payouts" },
  audit: {
    "payout.mark_paid": { label: "Payout marked paid", history: "Marked paid" },
  },
  api: { ...listPaths("/admin/payouts", "one", "update"), query: ["status"] },
});
