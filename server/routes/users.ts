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
import { documentedAs, error, errors, ok, type RoutePlugin } from "../http/route-schema.ts";
import { deactivateUser, getUser, listUsers, searchUsers, updateUser, userStats } from "../services/users.ts";

const about = documentedAs("Users");
const userPage = { ...ok(pagedListSchema(userSchema)), ...errors(400) };
const oneUser = { ...ok(userSchema), ...errors(404) };
const lockout = "The user is already disabled, or the change would lock you out (your own account stays an enabled admin)";
const changedUser = { ...ok(userSchema), ...errors(400, 404), ...error(409, lockout) };

export const userRoutes: RoutePlugin = async (app, { ctx }) => {
  app.get(
    "",
    {
      schema: { ...about("listUsers", "List users"), querystring: userListQuerySchema, response: userPage },
    },
    async (request) => ({ data: await listUsers(ctx, request.query) }),
  );

  app.get(
    "/search/:term",
    {
      schema: {
        ...about("searchUsers", "Search users by display name, email or public key"),
        params: userSearchParamsSchema,
        querystring: userSearchQuerySchema,
        response: userPage,
      },
    },
    async (request) => ({ data: await searchUsers(ctx, request.params.term, request.query.page, request.query.limit) }),
  );

  app.get(
    "/:id",
    {
      schema: { ...about("getUser", "One user"), params: idParamsSchema, response: oneUser },
    },
    async (request) => ({ data: await getUser(ctx, request.params.id) }),
  );

  app.patch(
    "/:id",
    {
      schema: { ...about("updateUser", "Edit a user"), params: idParamsSchema, body: userUpdateSchema, response: changedUser },
    },
    async (request) => ({ data: await updateUser(ctx, request.admin, request.params.id, request.body) }),
  );

  app.patch(
    "/:id/deactivate",
    {
      schema: {
        ...about("deactivateUser", "Deactivate a user, with a reason"),
        params: idParamsSchema,
        body: reasonSchema,
        response: changedUser,
      },
    },
    async (request) => ({ data: await deactivateUser(ctx, request.admin, request.params.id, request.body.reason) }),
  );
};

/** Under /admin/users, apart from the users' own calls. */
export const userStatsRoutes: RoutePlugin = async (app, { ctx }) => {
  app.get(
    "/stats",
    {
      schema: { ...about("userStats", "User statistics"), response: ok(userStatsSchema) },
    },
    async () => ({ data: await userStats(ctx) }),
  );
};
