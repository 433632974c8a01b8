import { auditEntrySchema, auditQuerySchema, marketplaceStatusSchema, pagedListSchema } from "../../contract/index.ts";
import { BEYOND_SPEC, error, errors, ok, type ZodApp } from "../http/route-schema.ts";
import { listAudit } from "../services/audit.ts";
import type { ServiceContext } from "../services/context.ts";
import { initializeMarketplace, marketplaceStatus } from "../services/marketplace.ts";

const tags = ["Marketplace"];

export async function marketplaceRoutes(app: ZodApp, ctx: ServiceContext): Promise<void> {
  app.get("/admin/marketplace/status", {
    schema: { tags, operationId: "marketplaceStatus", summary: "The on-chain marketplace configuration", response: ok(marketplaceStatusSchema) },
  }, async () => ({ data: await marketplaceStatus(ctx) }));

  app.post("/admin/marketplace/initialize", {
    schema: {
      tags,
      operationId: "initializeMarketplace",
      summary: "Initialize the marketplace on chain, once; no body",
      response: {
        ...ok(marketplaceStatusSchema),
        ...errors(502, 503, 504),
        ...error(400, "The server's marketplace settings are invalid"),
        ...error(403, "Not an admin, no valid X-XSRF-TOKEN header, or the signing authority is not an admin wallet (SPEC §6)"),
        ...error(409, "The marketplace is already initialized, or its initialization is in progress"),
      },
    },
  }, async (request) => ({ data: await initializeMarketplace(ctx, request.admin) }));

  app.get("/admin/audit", {
    schema: {
      ...BEYOND_SPEC,
      tags: ["Audit"],
      operationId: "listAudit",
      summary: "The admin audit trail, newest first, optionally for one target (beyond SPEC)",
      querystring: auditQuerySchema,
      response: { ...ok(pagedListSchema(auditEntrySchema)), ...errors(400) },
    },
  }, async (request) => ({ data: await listAudit(ctx, request.query) }));
}
