import { auditAdminsSchema, auditEntrySchema, auditQuerySchema, pagedListSchema } from "../../contract/index.ts";
import { documentedAs, errors, ok, type RoutePlugin } from "../http/route-schema.ts";
import { auditAdmins, listAudit } from "../services/audit.ts";

// The admin audit trail: every admin action the services record, read-only here. Beyond the core
// API as the Activity resource is (contract/resources/activity.ts): the route index marks each
// operation.
const about = documentedAs("Audit");

export const auditRoutes: RoutePlugin = async (app, { ctx }) => {
  app.get(
    "",
    {
      schema: {
        ...about(
          "listAudit",
          "The admin audit trail, newest first, narrowed by target, admin, action and time (from/to, inclusive) (beyond the core API)",
        ),
        querystring: auditQuerySchema,
        response: { ...ok(pagedListSchema(auditEntrySchema)), ...errors(400) },
      },
    },
    async (request) => ({ data: await listAudit(ctx, request.query) }),
  );

  app.get(
    "/admins",
    {
      schema: {
        ...about("listAuditAdmins", "Every admin wallet the audit trail names, for filtering it (beyond the core API)"),
        response: ok(auditAdminsSchema),
      },
    },
    async () => ({ data: await auditAdmins(ctx) }),
  );
};
