import { reconciliationSchema } from "../../contract/index.ts";
import { BEYOND_SPEC, documentedAs, errors, ok, type ZodApp } from "../http/route-schema.ts";
import type { ServiceContext } from "../services/context.ts";
import { reconcile } from "../services/reconciliation.ts";

const about = documentedAs("Orders");

export async function reconciliationRoutes(app: ZodApp, ctx: ServiceContext): Promise<void> {
  // Reads only (the database and the chain): a GET, safe to call from the console at any time.
  app.get("/admin/reconciliation", {
    schema: {
      ...about("reconcile", "Every order with an escrow compared with the escrow on chain: the mismatches (beyond SPEC)", BEYOND_SPEC),
      response: { ...ok(reconciliationSchema), ...errors(502, 503) },
    },
  }, async () => ({ data: await reconcile(ctx) }));
}
