import { orderAssignmentsSchema, orderSchema } from "../../contract/index.ts";
import { BEYOND_SPEC, changeRoute, documentedAs, readRoute, type RoutePlugin } from "../http/route-schema.ts";
import { disputeAssignments, releaseDispute, takeDispute } from "../services/order-assignee.ts";

// Who works a dispute (beyond the core API): take it, let it go, and the session's admin's count.
// The console shows assignment only where GET /assignments answers (a core API answers 404).
const about = documentedAs("Orders");

export const orderAssigneeRoutes: RoutePlugin = async (app, { ctx }) => {
  const assignments = "The disputes the session's admin took, and those nobody took (beyond the core API)";
  readRoute(app, "/assignments", about("orderAssignments", assignments, "read", BEYOND_SPEC), {
    payload: orderAssignmentsSchema,
    read: (_, admin) => disputeAssignments(ctx, admin),
  });

  const take = "Assign a DISPUTED order to the session's admin, audited; taking one's own again changes nothing (beyond the core API)";
  changeRoute(app, "POST", "/:id/assignee", about("takeDispute", take, "orders.manage", BEYOND_SPEC), {
    item: orderSchema,
    change: (id, _, admin) => takeDispute(ctx, admin, id),
    conflict: "Another admin already took the dispute (the message names them), or the order is not DISPUTED",
  });

  const release =
    "Release a dispute the session's admin took, or, for an owner (team.manage), one another admin took; audited; one nobody holds stays as it is (beyond the core API)";
  changeRoute(app, "DELETE", "/:id/assignee", about("releaseDispute", release, "orders.manage", BEYOND_SPEC), {
    item: orderSchema,
    change: (id, _, admin) => releaseDispute(ctx, admin, id),
    conflict: "Another admin holds the dispute and the session's admin is not an owner (the message names the holder)",
  });
};
