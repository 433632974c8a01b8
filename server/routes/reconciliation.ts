import { reconciliationSchema } from "../../contract/index.ts";
import { BEYOND_SPEC, documentedAs, errors, ok, type RoutePlugin } from "../http/route-schema.ts";
import { reconcile } from "../services/reconciliation.ts";

const about = documentedAs("Orders");

export const reconciliationRoutes: RoutePlugin = async (app, { ctx }) => {
  // Reads only (the database and the chain): a GET, safe to call from the console at any time.
  app.get(
    "",
    {
      schema: {
        ...about(
          "reconcile",
          "Every order with an escrow compared with the escrow on chain: the mismatches (beyond the core API)",
          BEYOND_SPEC,
        ),
        response: { ...ok(reconciliationSchema), ...errors(502, 503) },
      },
    },
    async () => ({ data: await reconcile(ctx) }),
  );
};
