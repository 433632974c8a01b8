import { idParamsSchema, pagedListSchema, tokenCreateSchema, tokenListQuerySchema, tokenSchema, tokenUpdateSchema } from "../../contract/index.ts";
import { error, errors, ok, type ZodApp } from "../http/route-schema.ts";
import type { ServiceContext } from "../services/context.ts";
import { createToken, deactivateToken, hardDeleteToken, initializeSol, listTokens, updateToken } from "../services/tokens.ts";

const tags = ["Tokens"];

export async function tokenRoutes(app: ZodApp, ctx: ServiceContext): Promise<void> {
  app.get("/tokens/admin", {
    schema: {
      tags,
      operationId: "listTokens",
      summary: "List the SPL token whitelist (isActive is beyond SPEC)",
      querystring: tokenListQuerySchema,
      response: { ...ok(pagedListSchema(tokenSchema)), ...errors(400) },
    },
  }, async (request) => ({ data: await listTokens(ctx, request.query) }));

  app.post("/tokens/admin", {
    schema: {
      tags,
      operationId: "createToken",
      summary: "Add a token to the whitelist",
      body: tokenCreateSchema,
      response: { ...ok(tokenSchema, 201), ...errors(400), ...error(409, "A token with this mint address is already listed") },
    },
  }, async (request, reply) => reply.code(201).send({ data: await createToken(ctx, request.admin, request.body) }));

  app.post("/tokens/admin/initialize-sol", {
    schema: {
      tags,
      operationId: "initializeSol",
      summary: "Add native SOL (listed under the wrapped-SOL mint); no body",
      response: { ...ok(tokenSchema, 201), ...error(409, "Native SOL is already initialized") },
    },
  }, async (request, reply) => reply.code(201).send({ data: await initializeSol(ctx, request.admin) }));

  app.patch("/tokens/admin/:id", {
    schema: {
      tags,
      operationId: "updateToken",
      summary: "Edit a token or toggle isActive (its mint address cannot change)",
      params: idParamsSchema,
      body: tokenUpdateSchema,
      response: { ...ok(tokenSchema), ...errors(400, 404) },
    },
  }, async (request) => ({ data: await updateToken(ctx, request.admin, request.params.id, request.body) }));

  app.delete("/tokens/admin/:id", {
    schema: {
      tags,
      operationId: "deactivateToken",
      summary: "Deactivate a token (soft)",
      params: idParamsSchema,
      response: { ...ok(tokenSchema), ...errors(404) },
    },
  }, async (request) => ({ data: await deactivateToken(ctx, request.admin, request.params.id) }));

  app.delete("/tokens/admin/:id/hard", {
    schema: {
      tags,
      operationId: "hardDeleteToken",
      summary: "Delete a token for good; answers the deleted token",
      params: idParamsSchema,
      response: { ...ok(tokenSchema), ...errors(404) },
    },
  }, async (request) => ({ data: await hardDeleteToken(ctx, request.admin, request.params.id) }));
}
