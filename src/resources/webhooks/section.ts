// The Webhooks section (contract/resources/webhooks.ts): beyond the core API, shown once the API has
// answered its first page of endpoints, and hidden quietly when that answers 404.
import { screen } from "@/components/routing/lazy-screen";
import { defineSection } from "../define";

export const webhooksSection = defineSection("webhooks", {
  load: screen(() => import("./list"), "WebhooksList"),
});
