import type { FastifyInstance } from "fastify";
import { reasonSchema, userListQuerySchema, userSearchParamsSchema, userSearchQuerySchema, userUpdateSchema } from "../../contract/index.ts";
import { parseOr400 } from "../http/errors.ts";
import type { ServiceContext } from "../services/context.ts";
import { deactivateUser, getUser, listUsers, searchUsers, updateUser, userStats } from "../services/users.ts";

type Id = { Params: { id: string } };

export async function userRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  app.get("/users", async (request) => ({ data: listUsers(ctx, parseOr400(userListQuerySchema, request.query)) }));

  app.get<{ Params: { term: string } }>("/users/search/:term", async (request) => {
    const { term } = parseOr400(userSearchParamsSchema, request.params);
    const { page, limit } = parseOr400(userSearchQuerySchema, request.query);
    return { data: await searchUsers(ctx, term, page, limit) };
  });

  app.get<Id>("/users/:id", async (request) => ({ data: await getUser(ctx, request.params.id) }));

  app.patch<Id>("/users/:id", async (request) => {
    const input = parseOr400(userUpdateSchema, request.body);
    return { data: await updateUser(ctx, request.admin, request.params.id, input) };
  });

  app.patch<Id>("/users/:id/deactivate", async (request) => {
    const { reason } = parseOr400(reasonSchema, request.body);
    return { data: await deactivateUser(ctx, request.admin, request.params.id, reason) };
  });

  app.get("/admin/users/stats", async () => ({ data: await userStats(ctx) }));
}
