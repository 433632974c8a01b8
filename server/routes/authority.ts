import { authorityHealthSchema } from "../../contract/index.ts";
import { BEYOND_SPEC, documentedAs, errors, ok, type RoutePlugin } from "../http/route-schema.ts";
import { authorityHealth } from "../services/authority.ts";

const about = documentedAs("Settlement");

export const authorityRoutes: RoutePlugin = async (app, { ctx }) => {
  app.get(
    "",
    {
      schema: {
        ...about(
          "authorityHealth",
          "The settlement authority: cluster, SOL balance, settlements it can still pay for (beyond the core API)",
          BEYOND_SPEC,
        ),
        response: { ...ok(authorityHealthSchema), ...errors(503) },
      },
    },
    async () => ({ data: await authorityHealth(ctx) }),
  );
};
