import { idParamsSchema, reasonSchema, settlementListQuerySchema, settlementListSchema, settlementSchema } from "../../contract/index.ts";
import { BEYOND_SPEC, documentedAs, error, errors, ok, type ZodApp } from "../http/route-schema.ts";
import type { ServiceContext } from "../services/context.ts";
import { listSettlements, retrySettlement } from "../services/settlements.ts";

// The settlement queue (beyond SPEC): every dispute payout and marketplace initialization, and the
// retry of a failed one. Behind the admin guard like every /admin route.
const about = documentedAs("Settlements");

export async function settlementRoutes(app: ZodApp, ctx: ServiceContext): Promise<void> {
  app.get("/admin/settlements", {
    schema: {
      ...about("listSettlements", "The settlement queue, newest first, optionally one status's (beyond SPEC)", BEYOND_SPEC),
      querystring: settlementListQuerySchema,
      response: { ...ok(settlementListSchema), ...errors(400) },
    },
  }, async (request) => ({ data: await listSettlements(ctx, request.query) }));

  // The same checks as the first attempt (a dispute's order must still be DISPUTED), and the same
  // outcomes: 502 when the chain fails it again, 504 when its outcome is not known yet.
  app.post("/admin/settlements/:id/retry", {
    schema: {
      ...about("retrySettlement", "Send a failed settlement again, as decided; audited with the reason (beyond SPEC)", BEYOND_SPEC),
      params: idParamsSchema,
      body: reasonSchema,
      response: {
        ...ok(settlementSchema),
        ...errors(404, 502, 503, 504),
        ...error(400, "Invalid request (`errors` names each bad field), or a split the chain cannot pay"),
        ...error(409, "Only a failed settlement can be retried, and a dispute's only while its order is DISPUTED and not being settled"),
      },
    },
  }, async (request) => ({ data: await retrySettlement(ctx, request.admin, request.params.id, request.body.reason) }));
}
