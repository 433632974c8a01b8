// GET /api/v1/demo/wallet: the local demo admin keypair for the console's built-in demo wallet.
// It exists only when the context made one (loopback, not production); otherwise 404 like any
// unknown route, so a deployed server does not even reveal that the feature exists.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.ts";
import { notFound } from "../http/errors.ts";

export async function demoRoutes(app: FastifyInstance, opts: { ctx: AppContext }): Promise<void> {
  app.get("/demo/wallet", async (request) => {
    const wallet = opts.ctx.demoWallet;
    if (!wallet) throw notFound(`Route GET ${request.url.split("?")[0]}`);
    return { data: { publicKey: wallet.publicKey, secretKey: wallet.secretKey, label: wallet.label } };
  });
}
