import {
  idParamsSchema,
  pagedListSchema,
  reasonSchema,
  userListQuerySchema,
  userSchema,
  userSearchParamsSchema,
  userSearchQuerySchema,
  userStatsSchema,
  userUpdateSchema,
} from "../../contract/index.ts";
import { error, errors, ok, type ZodApp } from "../http/route-schema.ts";
import type { ServiceContext } from "../services/context.ts";
import { deactivateUser, getUser, listUsers, searchUsers, updateUser, userStats } from "../services/users.ts";

const tags = ["Users"];
const userPage = pagedListSchema(userSchema);
const selfLockout = "The user is already disabled, or the change would lock you out (your own account stays an enabled admin)";

export async function userRoutes(app: ZodApp, ctx: ServiceContext): Promise<void> {
  app.get("/users", {
    schema: { tags, operationId: "listUsers", summary: "List users", querystring: userListQuerySchema, response: { ...ok(userPage), ...errors(400) } },
  }, async (request) => ({ data: listUsers(ctx, request.query) }));

  app.get("/users/search/:term", {
    schema: {
      tags,
      operationId: "searchUsers",
      summary: "Search users by display name, email or public key",
      params: userSearchParamsSchema,
      querystring: userSearchQuerySchema,
      response: { ...ok(userPage), ...errors(400) },
    },
  }, async (request) => {
    const { page, limit } = request.query;
    return { data: await searchUsers(ctx, request.params.term, page, limit) };
  });

  app.get("/users/:id", {
    schema: { tags, operationId: "getUser", summary: "One user", params: idParamsSchema, response: { ...ok(userSchema), ...errors(404) } },
  }, async (request) => ({ data: await getUser(ctx, request.params.id) }));

  app.patch("/users/:id", {
    schema: {
      tags,
      operationId: "updateUser",
      summary: "Edit a user",
      params: idParamsSchema,
      body: userUpdateSchema,
      response: { ...ok(userSchema), ...errors(400, 404), ...error(409, selfLockout) },
    },
  }, async (request) => ({ data: await updateUser(ctx, request.admin, request.params.id, request.body) }));

  app.patch("/users/:id/deactivate", {
    schema: {
      tags,
      operationId: "deactivateUser",
      summary: "Deactivate a user, with a reason",
      params: idParamsSchema,
      body: reasonSchema,
      response: { ...ok(userSchema), ...errors(400, 404), ...error(409, selfLockout) },
    },
  }, async (request) => ({ data: await deactivateUser(ctx, request.admin, request.params.id, request.body.reason) }));

  app.get("/admin/users/stats", {
    schema: { tags, operationId: "userStats", summary: "User statistics", response: ok(userStatsSchema) },
  }, async () => ({ data: await userStats(ctx) }));
}
