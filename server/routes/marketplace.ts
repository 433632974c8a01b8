import { auditAdminsSchema, auditEntrySchema, auditQuerySchema, marketplaceStatusSchema, pagedListSchema } from "../../contract/index.ts";
import { BEYOND_SPEC, documentedAs, error, errors, ok, type ZodApp } from "../http/route-schema.ts";
import { auditAdmins, listAudit } from "../services/audit.ts";
import type { ServiceContext } from "../services/context.ts";
import { initializeMarketplace, marketplaceStatus } from "../services/marketplace.ts";

const about = documentedAs("Marketplace");
const AUTHORITY_NOT_ADMIN = "Not an admin, no valid X-XSRF-TOKEN header, or the signing authority is not an admin wallet (SPEC §6)";

export async function marketplaceRoutes(app: ZodApp, ctx: ServiceContext): Promise<void> {
  app.get("/admin/marketplace/status", {
    schema: { ...about("marketplaceStatus", "The on-chain marketplace configuration"), response: ok(marketplaceStatusSchema) },
  }, async () => ({ data: await marketplaceStatus(ctx) }));

  app.post("/admin/marketplace/initialize", {
    schema: {
      ...about("initializeMarketplace", "Initialize the marketplace on chain, once; no body"),
      response: {
        ...ok(marketplaceStatusSchema),
        ...errors(502, 503, 504),
        ...error(400, "The server's marketplace settings are invalid"),
        ...error(403, AUTHORITY_NOT_ADMIN),
        ...error(409, "The marketplace is already initialized, or its initialization is in progress"),
      },
    },
  }, async (request) => ({ data: await initializeMarketplace(ctx, request.admin) }));

  app.get("/admin/audit", {
    schema: {
      ...documentedAs("Audit")(
        "listAudit",
        "The admin audit trail, newest first, narrowed by target, admin, action and time (from/to, inclusive) (beyond SPEC)",
        BEYOND_SPEC,
      ),
      querystring: auditQuerySchema,
      response: { ...ok(pagedListSchema(auditEntrySchema)), ...errors(400) },
    },
  }, async (request) => ({ data: await listAudit(ctx, request.query) }));

  app.get("/admin/audit/admins", {
    schema: {
      ...documentedAs("Audit")("listAuditAdmins", "Every admin wallet the audit trail names, for filtering it (beyond SPEC)", BEYOND_SPEC),
      response: ok(auditAdminsSchema),
    },
  }, async () => ({ data: await auditAdmins(ctx) }));
}
