import { authorityHealthSchema } from "../../contract/index.ts";
import { BEYOND_SPEC, documentedAs, readRoute, type RoutePlugin } from "../http/route-schema.ts";
import { authorityHealth } from "../services/authority.ts";

const about = documentedAs("Settlement");

export const authorityRoutes: RoutePlugin = async (app, { ctx }) => {
  const summary = "The settlement authority: cluster, SOL balance, settlements it can still pay for (beyond the core API)";
  readRoute(app, "", about("authorityHealth", summary, BEYOND_SPEC, "read"), {
    payload: authorityHealthSchema,
    read: () => authorityHealth(ctx),
    also: [503],
  });
};
