import {
  decisionChallengeSchema,
  disputeDecisionSchema,
  disputePreviewSchema,
  disputeResolutionSchema,
  idParamsSchema,
  orderDailyStatsQuerySchema,
  orderDailyStatsSchema,
  orderListQuerySchema,
  orderSchema,
  orderStatsSchema,
  payoutPreviewSchema,
  payoutProposalSchema,
  resolveDisputeResponseSchema,
} from "../../contract/index.ts";
import type { z } from "zod";
import {
  BEYOND_SPEC,
  documentedAs,
  error,
  errors,
  getOneRoute,
  listRoute,
  ok,
  readRoute,
  type RoutePlugin,
  needs,
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
const askedBeforeResolving = <T extends z.ZodType>(payload: T, conflict: string) => ({
  ...ok(payload),
  ...errors(400, 404, 502, 503),
  ...error(409, conflict),
});

export const orderRoutes: RoutePlugin = async (app, { ctx }) => {
  listRoute(
    app,
    { ...about("listOrders", "List orders, optionally one filter's (sort and search are beyond the core API)"), ...needs("read") },
    {
      querystring: orderListQuerySchema,
      item: orderSchema,
      list: (query, { admin }) => listOrders(ctx, admin, query),
    },
  );

  readRoute(
    app,
    "/stats",
    { ...about("orderStats", "Order statistics"), ...needs("read") },
    { payload: orderStatsSchema, read: () => orderStats(ctx) },
  );

  app.get(
    "/stats/daily",
    {
      schema: {
        ...needs("read"),
        ...about(
          "orderDailyStats",
          "Orders and disputes per UTC day over the last `days` days, with the window's volume by token, status mix and median time to resolve a dispute (beyond the core API)",
          BEYOND_SPEC,
        ),
        querystring: orderDailyStatsQuerySchema,
        response: { ...ok(orderDailyStatsSchema), ...errors(400) },
      },
    },
    async (request) => ({ data: await orderDailyStats(ctx, request.query.days) }),
  );

  getOneRoute(app, { ...about("getOrder", "One order"), ...needs("read") }, { item: orderSchema, get: (id) => getOrder(ctx, id) });

  // Checks in the order a caller can act on: a bad body (400), an unknown order (404), an order that
  // is not disputed (409), and only then whether settlement is available at all (503). Under four
  // eyes (PAYOUT_APPROVALS=2) the resolution is a proposal instead (202): nothing is sent yet.
  app.post(
    "/:id/resolve-dispute",
    {
      schema: {
        ...needs("payouts.propose"),
        ...about(
          "resolveDispute",
          "Resolve a disputed order: the escrow is settled on chain (or, with PAYOUT_APPROVALS=2, the payout is proposed: 202)",
        ),
        params: idParamsSchema,
        body: disputeResolutionSchema,
        response: {
          ...ok(resolveDisputeResponseSchema),
          ...ok(payoutProposalSchema, 202),
          ...errors(404, 502, 503, 504),
          ...error(400, SPLIT_REFUSED),
          ...error(403, "Under PAYOUT_APPROVALS=2, the local demo wallet cannot propose payouts (or the usual admin-guard refusals)"),
          ...error(
            409,
            `${NOT_RESOLVABLE}; or a proposed payout of it awaits approval; or the escrow changed since the decision was signed`,
          ),
        },
      },
    },
    async (request, reply) => {
      const outcome = await resolveDispute(ctx, request.admin, request.params.id, request.body);
      return outcome.proposal ? reply.code(202).send({ data: outcome.proposal }) : { data: outcome.settled };
    },
  );

  // The resolve call's body (its notes optional: the preview comes before they are written) and its
  // refusals; a settlement the chain would refuse is not an error here but the preview's failed simulation.
  app.post(
    "/:id/resolve-dispute/preview",
    {
      schema: {
        ...needs("read"),
        ...about(
          "previewDisputeResolution",
          "What a resolution would pay, from a simulation of its transaction; changes nothing (beyond the core API)",
          BEYOND_SPEC,
        ),
        params: idParamsSchema,
        body: disputePreviewSchema,
        response: askedBeforeResolving(
          payoutPreviewSchema,
          "Only a DISPUTED order can be previewed; or it is already settled or being settled",
        ),
      },
    },
    async (request) => ({ data: await previewDisputeResolution(ctx, request.params.id, request.body) }),
  );

  // The decision in words for the session's wallet to sign; its nonce and signature then go with the
  // resolve call (signedDecision). Its existence is how the console knows to sign.
  app.post(
    "/:id/resolve-dispute/decision",
    {
      schema: {
        ...needs("read"),
        ...about(
          "writeDisputeDecision",
          "The resolution written out for the admin's wallet to sign, with a fresh nonce (beyond the core API)",
          BEYOND_SPEC,
        ),
        params: idParamsSchema,
        body: disputeDecisionSchema,
        response: askedBeforeResolving(decisionChallengeSchema, `${NOT_RESOLVABLE_YET}, or its transaction would fail`),
      },
    },
    async (request) => ({ data: await writeDecision(ctx, request.admin, request.params.id, request.body) }),
  );
};
