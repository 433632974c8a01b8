// GET /api/v1/demo/wallet: the local demo admin keypair for the console's built-in demo wallet.
// It exists only when the context made one (loopback, not production); otherwise 404 like any
// unknown route, so a deployed server does not even reveal that the feature exists.
import { demoWalletSchema } from "../../contract/index.ts";
import type { AppContext } from "../context.ts";
import { notFound } from "../http/errors.ts";
import { BEYOND_SPEC, documentedAs, error, ok, type RoutePlugin } from "../http/route-schema.ts";

export const demoRoutes: RoutePlugin<AppContext> = async (app, { ctx }) => {
  app.get(
    "/wallet",
    {
      schema: {
        ...documentedAs("Demo")(
          "demoWallet",
          "The local demo admin wallet (reference server on loopback only; beyond the core API)",
          "public",
          BEYOND_SPEC,
        ),
        response: { ...ok(demoWalletSchema), ...error(404, "No demo wallet on this server (always so in production)") },
      },
    },
    async (request) => {
      const wallet = ctx.demoWallet;
      if (!wallet) throw notFound(`Route GET ${request.url.split("?")[0]}`);
      return { data: { publicKey: wallet.publicKey, secretKey: wallet.secretKey, label: wallet.label } };
    },
  );
};
