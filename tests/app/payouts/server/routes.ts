// A throwaway resource's routes, exactly as a real module writes them in
// server/resources/<name>/routes.ts (see docs/adding-a-resource.md): registered under the
// declaration's list path, /admin/payouts, behind the admin guard.
import { changeRoute, documentedAs, getOneRoute, listRoute, type RoutePlugin } from "../../../../server/http/route-schema.ts";
import { payoutListQuerySchema, payoutSchema, payoutUpdateSchema } from "../contract.ts";
import { getPayout, listPayouts, markPaid } from "./service.ts";

const about = documentedAs("Payouts");

export const payoutRoutes: RoutePlugin = async (app, { ctx }) => {
  listRoute(app, about("listPayouts", "What the marketplace owes its shops, newest first, optionally one status's"), {
    querystring: payoutListQuerySchema,
    item: payoutSchema,
    list: (query) => listPayouts(ctx, query),
  });

  getOneRoute(app, about("getPayout", "One payout"), { item: payoutSchema, get: (id) => getPayout(ctx, id) });

  changeRoute(app, "PATCH", "/:id", about("updatePayout", "Mark a pending payout paid; audited"), {
    body: payoutUpdateSchema,
    item: payoutSchema,
    change: (id, _paid, admin) => markPaid(ctx, admin, id),
    conflict: "The payout is paid already",
  });
};
