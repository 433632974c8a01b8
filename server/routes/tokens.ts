import type { FastifyInstance } from "fastify";
import { tokenCreateSchema, tokenListQuerySchema, tokenUpdateSchema } from "../../contract/index.ts";
import { parseOr400 } from "../http/errors.ts";
import type { ServiceContext } from "../services/context.ts";
import { createToken, deactivateToken, hardDeleteToken, initializeSol, listTokens, updateToken } from "../services/tokens.ts";

type Id = { Params: { id: string } };

export async function tokenRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  app.get("/tokens/admin", async (request) => ({ data: await listTokens(ctx, parseOr400(tokenListQuerySchema, request.query)) }));

  app.post("/tokens/admin", async (request, reply) => {
    const input = parseOr400(tokenCreateSchema, request.body);
    return reply.code(201).send({ data: await createToken(ctx, request.admin, input) });
  });

  app.post("/tokens/admin/initialize-sol", async (request, reply) =>
    reply.code(201).send({ data: await initializeSol(ctx, request.admin) }),
  );

  app.patch<Id>("/tokens/admin/:id", async (request) => {
    const input = parseOr400(tokenUpdateSchema, request.body);
    return { data: await updateToken(ctx, request.admin, request.params.id, input) };
  });

  app.delete<Id>("/tokens/admin/:id", async (request) => ({ data: await deactivateToken(ctx, request.admin, request.params.id) }));

  app.delete<Id>("/tokens/admin/:id/hard", async (request) => ({ data: await hardDeleteToken(ctx, request.admin, request.params.id) }));
}
