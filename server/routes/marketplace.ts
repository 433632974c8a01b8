import type { FastifyInstance } from "fastify";
import { auditQuerySchema } from "../../contract/index.ts";
import { parseOr400 } from "../http/errors.ts";
import { listAudit } from "../services/audit.ts";
import type { ServiceContext } from "../services/context.ts";
import { initializeMarketplace, marketplaceStatus } from "../services/marketplace.ts";

export async function marketplaceRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  app.get("/admin/marketplace/status", async () => ({ data: await marketplaceStatus(ctx) }));

  app.post("/admin/marketplace/initialize", async (request) => ({ data: await initializeMarketplace(ctx, request.admin) }));

  // Beyond SPEC: the audit trail, newest first, optionally for one target.
  app.get("/admin/audit", async (request) => ({ data: await listAudit(ctx, parseOr400(auditQuerySchema, request.query)) }));
}
