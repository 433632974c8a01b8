// A throwaway resource's routes, exactly as a real module writes them in
// server/resources/<name>/routes.ts (see docs/adding-a-resource.md): registered under the
// declaration's list path, /admin/payouts, behind the admin guard.
import { idParamsSchema, pagedListSchema } from "../../../../contract/index.ts";
import { documentedAs, error, errors, ok, type RoutePlugin } from "../../../../server/http/route-schema.ts";
import { payoutListQuerySchema, payoutSchema, payoutUpdateSchema } from "../contract.ts";
import { getPayout, listPayouts, markPaid } from "./service.ts";

const about = documentedAs("Payouts");

export const payoutRoutes: RoutePlugin = async (app, { ctx }) => {
  app.get(
    "",
    {
      schema: {
        ...about("listPayouts", "What the marketplace owes its shops, newest first, optionally one status's"),
        querystring: payoutListQuerySchema,
        response: { ...ok(pagedListSchema(payoutSchema)), ...errors(400) },
      },
    },
    async (request) => ({ data: await listPayouts(ctx, request.query) }),
  );

  app.get(
    "/:id",
    {
      schema: { ...about("getPayout", "One payout"), params: idParamsSchema, response: { ...ok(payoutSchema), ...errors(404) } },
    },
    async (request) => ({ data: await getPayout(ctx, request.params.id) }),
  );

  app.patch(
    "/:id",
    {
      schema: {
        ...about("updatePayout", "Mark a pending payout paid; audited"),
        params: idParamsSchema,
        body: payoutUpdateSchema,
        response: { ...ok(payoutSchema), ...errors(400, 404), ...error(409, "The payout is paid already") },
      },
    },
    async (request) => ({ data: await markPaid(ctx, request.admin, request.params.id) }),
  );
};
