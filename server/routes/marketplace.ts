import { marketplaceStatusSchema } from "../../contract/index.ts";
import { documentedAs, error, errors, ok, readRoute, type RoutePlugin } from "../http/route-schema.ts";
import { initializeMarketplace, marketplaceStatus } from "../services/marketplace.ts";

const about = documentedAs("Marketplace");
const AUTHORITY_NOT_ADMIN = "Not an admin, no valid X-XSRF-TOKEN header, or the signing authority is not an admin wallet";

export const marketplaceRoutes: RoutePlugin = async (app, { ctx }) => {
  readRoute(app, "/status", about("marketplaceStatus", "The on-chain marketplace configuration", "read"), {
    payload: marketplaceStatusSchema,
    read: () => marketplaceStatus(ctx),
  });

  app.post(
    "/initialize",
    {
      schema: {
        ...about("initializeMarketplace", "Initialize the marketplace on chain, once; no body", "marketplace.initialize"),
        response: {
          ...ok(marketplaceStatusSchema),
          ...errors(502, 503, 504),
          ...error(400, "The server's marketplace settings are invalid"),
          ...error(403, AUTHORITY_NOT_ADMIN),
          ...error(409, "The marketplace is already initialized, or its initialization is in progress"),
        },
      },
    },
    async (request) => ({ data: await initializeMarketplace(ctx, request.admin) }),
  );
};
