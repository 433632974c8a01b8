import { auditAdminsSchema, auditEntrySchema, auditQuerySchema } from "../../contract/index.ts";
import { documentedAs, listRoute, readRoute, type RoutePlugin } from "../http/route-schema.ts";
import { auditAdmins, listAudit } from "../services/audit.ts";

// The admin audit trail: every admin action the services record, read-only here. Beyond the core
// API as the Activity resource is (contract/resources/activity.ts): the route index marks each
// operation.
const about = documentedAs("Audit");

export const auditRoutes: RoutePlugin = async (app, { ctx }) => {
  const trail =
    "The admin audit trail, newest first, narrowed by target, admin, action and time (from/to, inclusive) (beyond the core API)";
  listRoute(app, about("listAudit", trail, "audit.read"), {
    querystring: auditQuerySchema,
    item: auditEntrySchema,
    list: (query) => listAudit(ctx, query),
  });

  readRoute(
    app,
    "/admins",
    about("listAuditAdmins", "Every admin wallet the audit trail names, for filtering it (beyond the core API)", "audit.read"),
    {
      payload: auditAdminsSchema,
      read: () => auditAdmins(ctx),
    },
  );
};
