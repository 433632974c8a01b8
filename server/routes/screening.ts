import {
  screeningAcknowledgeSchema,
  screeningHitListQuerySchema,
  screeningHitListSchema,
  screeningHitSchema,
  screeningListsSchema,
} from "../../contract/index.ts";
import { changeRoute, documentedAs, readRoute, type RoutePlugin } from "../http/route-schema.ts";
import { acknowledgeHit, listScreeningHits, screeningLists } from "../services/screening.ts";

// Wallet screening (services/screening.ts): the hits its refusals and re-screens stored, newest
// first, the lists this instance holds, and an admin's acknowledgement of a hit. Beyond the core API
// as the Screening resource is (contract/resources/screening.ts): the route index marks each operation.
const about = documentedAs("Screening");

export const screeningRoutes: RoutePlugin = async (app, { ctx }) => {
  readRoute(
    app,
    "",
    about("listScreeningHits", "The screening hits, newest first, optionally one status's (beyond the core API)", "read"),
    {
      payload: screeningHitListSchema,
      querystring: screeningHitListQuerySchema,
      read: (query) => listScreeningHits(ctx, query),
    },
  );

  readRoute(
    app,
    "/lists",
    about("screeningLists", "The screening lists this instance holds: names, version, load time (beyond the core API)", "read"),
    {
      payload: screeningListsSchema,
      read: async () => screeningLists(ctx),
    },
  );

  // Acknowledging is a payout decision's kind of responsibility: who may approve payouts may.
  const acknowledge = "Acknowledge a screening hit with a reason; audited (beyond the core API)";
  changeRoute(app, "POST", "/:id/acknowledge", about("acknowledgeScreeningHit", acknowledge, "payouts.approve"), {
    body: screeningAcknowledgeSchema,
    item: screeningHitSchema,
    change: (id, { reason }, admin) => acknowledgeHit(ctx, admin, id, reason),
    conflict: "This hit was already acknowledged",
  });
};
