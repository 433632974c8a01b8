import { defineResource } from "./define.ts";

/** The marketplace's on-chain configuration: its status and its one-time initialization. */
export const marketplace = defineResource({
  name: "marketplace",
  label: "Marketplace",
  record: { type: "marketplace", label: "Marketplace", singleton: true },
  audit: {
    "marketplace.initialize": { label: "Marketplace initialized", history: "Initialized" },
  },
  access: { initialize: "marketplace.initialize" },
});
