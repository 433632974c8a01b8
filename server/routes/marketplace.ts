import { marketplaceStatusSchema } from "../../contract/index.ts";
import { changeRoute, documentedAs, readRoute, type RoutePlugin } from "../http/route-schema.ts";
import { initializeMarketplace, marketplaceStatus } from "../services/marketplace.ts";

const about = documentedAs("Marketplace");
const AUTHORITY_NOT_ADMIN = "Not an admin, no valid X-XSRF-TOKEN header, or the signing authority is not an admin wallet";

export const marketplaceRoutes: RoutePlugin = async (app, { ctx }) => {
  readRoute(app, "/status", about("marketplaceStatus", "The on-chain marketplace configuration", "read"), {
    payload: marketplaceStatusSchema,
    read: () => marketplaceStatus(ctx),
  });

  const initialize = about("initializeMarketplace", "Initialize the marketplace on chain, once; no body", "marketplace.initialize");
  changeRoute(app, "POST", "/initialize", initialize, {
    item: marketplaceStatusSchema,
    change: (_, __, admin) => initializeMarketplace(ctx, admin),
    also: [502, 503, 504],
    invalid: "The server's marketplace settings are invalid",
    forbidden: AUTHORITY_NOT_ADMIN,
    conflict: "The marketplace is already initialized, or its initialization is in progress",
  });
};
