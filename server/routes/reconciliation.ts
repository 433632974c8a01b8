import { reconciliationSchema } from "../../contract/index.ts";
import { BEYOND_SPEC, documentedAs, readRoute, type RoutePlugin } from "../http/route-schema.ts";
import { reconcile } from "../services/reconciliation.ts";

const about = documentedAs("Orders");

export const reconciliationRoutes: RoutePlugin = async (app, { ctx }) => {
  // Reads only (the database and the chain): a GET, safe to call from the console at any time.
  const summary = "Every order with an escrow compared with the escrow on chain: the mismatches (beyond the core API)";
  readRoute(app, "", about("reconcile", summary, BEYOND_SPEC, "read"), {
    payload: reconciliationSchema,
    read: () => reconcile(ctx),
    also: [502, 503],
  });
};
