import {
  decisionChallengeSchema,
  disputeDecisionSchema,
  disputePreviewSchema,
  disputeResolutionSchema,
  orderDailyStatsQuerySchema,
  orderDailyStatsSchema,
  orderListQuerySchema,
  orderSchema,
  orderStatsSchema,
  payoutPreviewSchema,
  payoutProposalSchema,
  resolveDisputeResponseSchema,
} from "../../contract/index.ts";
import {
  BEYOND_SPEC,
  changeRoute,
  documentedAs,
  getOneRoute,
  listRoute,
  proposal,
  readRoute,
  type RoutePlugin,
} from "../http/route-schema.ts";
import { orderDailyStats } from "../services/order-daily-stats.ts";
import { getOrder, listOrders, orderStats, resolveDispute } from "../services/orders.ts";
import { previewDisputeResolution } from "../services/preview.ts";
import { writeDecision } from "../services/signed-decisions.ts";

const about = documentedAs("Orders");
const SPLIT_REFUSED =
  "Invalid request (`errors` names each bad field), a split the chain cannot pay (a share below the rent-exempt minimum), " +
  "or a signedDecision that is missing (REQUIRE_SIGNED_DECISIONS), expired, used, for another resolution or not by the session's wallet";
const NOT_RESOLVABLE =
  "Only a DISPUTED order can be resolved; or it is already settled, being settled, or its escrow is empty or held by another authority";

const NOT_RESOLVABLE_YET = "Only a DISPUTED order can be resolved; or it is already settled or being settled";

/** The answers of a call made before resolving (preview, decision): the resolve's refusals, none from the chain's outcome. */
const askedBeforeResolving = (conflict: string) => ({ also: [502 as const, 503 as const], conflict });

export const orderRoutes: RoutePlugin = async (app, { ctx }) => {
  listRoute(app, about("listOrders", "List orders, optionally one filter's (sort and search are beyond the core API)", "read"), {
    querystring: orderListQuerySchema,
    item: orderSchema,
    list: (query, { admin }) => listOrders(ctx, admin, query),
  });

  readRoute(app, "/stats", about("orderStats", "Order statistics", "read"), { payload: orderStatsSchema, read: () => orderStats(ctx) });

  const daily =
    "Orders and disputes per UTC day over the last `days` days, with the window's volume by token, status mix and median time to resolve a dispute (beyond the core API)";
  readRoute(app, "/stats/daily", about("orderDailyStats", daily, "read", BEYOND_SPEC), {
    payload: orderDailyStatsSchema,
    querystring: orderDailyStatsQuerySchema,
    read: ({ days }) => orderDailyStats(ctx, days),
  });

  getOneRoute(app, about("getOrder", "One order", "read"), { item: orderSchema, get: (id) => getOrder(ctx, id) });

  // Checks in the order a caller can act on: a bad body (400), an unknown order (404), an order that
  // is not disputed (409), and only then whether settlement is available at all (503). Under four
  // eyes (PAYOUT_APPROVALS=2) the resolution is a proposal instead (202): nothing is sent yet.
  const resolve = "Resolve a disputed order: the escrow is settled on chain (or, with PAYOUT_APPROVALS=2, the payout is proposed: 202)";
  changeRoute(app, "POST", "/:id/resolve-dispute", about("resolveDispute", resolve, "payouts.propose"), {
    body: disputeResolutionSchema,
    item: resolveDisputeResponseSchema,
    proposed: payoutProposalSchema,
    change: async (id, resolution, admin) => {
      const outcome = await resolveDispute(ctx, admin, id, resolution);
      return outcome.proposal ? proposal(outcome.proposal) : outcome.settled;
    },
    also: [502, 503, 504],
    invalid: SPLIT_REFUSED,
    forbidden: "Under PAYOUT_APPROVALS=2, the local demo wallet cannot propose payouts (or the usual admin-guard refusals)",
    conflict: `${NOT_RESOLVABLE}; or a proposed payout of it awaits approval; or the escrow changed since the decision was signed`,
  });

  // The resolve call's body (its notes optional: the preview comes before they are written) and its
  // refusals; a settlement the chain would refuse is not an error here but the preview's failed simulation.
  const preview = "What a resolution would pay, from a simulation of its transaction; changes nothing (beyond the core API)";
  changeRoute(app, "POST", "/:id/resolve-dispute/preview", about("previewDisputeResolution", preview, "read", BEYOND_SPEC), {
    body: disputePreviewSchema,
    item: payoutPreviewSchema,
    change: (id, body) => previewDisputeResolution(ctx, id, body),
    ...askedBeforeResolving("Only a DISPUTED order can be previewed; or it is already settled or being settled"),
  });

  // The decision in words for the session's wallet to sign; its nonce and signature then go with the
  // resolve call (signedDecision). Its existence is how the console knows to sign.
  const decision = "The resolution written out for the admin's wallet to sign, with a fresh nonce (beyond the core API)";
  changeRoute(app, "POST", "/:id/resolve-dispute/decision", about("writeDisputeDecision", decision, "read", BEYOND_SPEC), {
    body: disputeDecisionSchema,
    item: decisionChallengeSchema,
    change: (id, body, admin) => writeDecision(ctx, admin, id, body),
    ...askedBeforeResolving(`${NOT_RESOLVABLE_YET}, or its transaction would fail`),
  });
};
