import { idParamsSchema, orderAssignmentsSchema, orderSchema } from "../../contract/index.ts";
import { BEYOND_SPEC, documentedAs, error, errors, ok, type RoutePlugin, needs } from "../http/route-schema.ts";
import { disputeAssignments, releaseDispute, takeDispute } from "../services/order-assignee.ts";

// Who works a dispute (beyond the core API): take it, let it go, and the session's admin's count.
// The console shows assignment only where GET /assignments answers (a core API answers 404).
const about = documentedAs("Orders");

export const orderAssigneeRoutes: RoutePlugin = async (app, { ctx }) => {
  app.get(
    "/assignments",
    {
      schema: {
        ...needs("read"),
        ...about("orderAssignments", "The disputes the session's admin took, and those nobody took (beyond the core API)", BEYOND_SPEC),
        response: { ...ok(orderAssignmentsSchema) },
      },
    },
    async (request) => ({ data: await disputeAssignments(ctx, request.admin) }),
  );

  app.post(
    "/:id/assignee",
    {
      schema: {
        ...needs("orders.manage"),
        ...about(
          "takeDispute",
          "Assign a DISPUTED order to the session's admin, audited; taking one's own again changes nothing (beyond the core API)",
          BEYOND_SPEC,
        ),
        params: idParamsSchema,
        response: {
          ...ok(orderSchema),
          ...errors(400, 404),
          ...error(409, "Another admin already took the dispute (the message names them), or the order is not DISPUTED"),
        },
      },
    },
    async (request) => ({ data: await takeDispute(ctx, request.admin, request.params.id) }),
  );

  app.delete(
    "/:id/assignee",
    {
      schema: {
        ...needs("orders.manage"),
        ...about(
          "releaseDispute",
          "Release a dispute the session's admin took, audited; one nobody holds stays as it is (beyond the core API)",
          BEYOND_SPEC,
        ),
        params: idParamsSchema,
        response: { ...ok(orderSchema), ...errors(400, 404), ...error(409, "Another admin holds the dispute (the message names them)") },
      },
    },
    async (request) => ({ data: await releaseDispute(ctx, request.admin, request.params.id) }),
  );
};
