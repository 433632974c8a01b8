import { authorityHealthSchema } from "../../contract/index.ts";
import { BEYOND_SPEC, documentedAs, errors, ok, type ZodApp } from "../http/route-schema.ts";
import { authorityHealth } from "../services/authority.ts";
import type { ServiceContext } from "../services/context.ts";

const about = documentedAs("Settlement");

export async function authorityRoutes(app: ZodApp, ctx: ServiceContext): Promise<void> {
  app.get("/admin/authority", {
    schema: {
      ...about("authorityHealth", "The settlement authority: cluster, SOL balance, settlements it can still pay for (beyond SPEC)", BEYOND_SPEC),
      response: { ...ok(authorityHealthSchema), ...errors(503) },
    },
  }, async () => ({ data: await authorityHealth(ctx) }));
}
