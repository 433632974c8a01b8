import {
  reasonSchema,
  userListQuerySchema,
  userSchema,
  userSearchParamsSchema,
  userSearchQuerySchema,
  userStatsSchema,
  userUpdateSchema,
} from "../../contract/index.ts";
import { changeRoute, documentedAs, getOneRoute, listRoute, readRoute, type RoutePlugin } from "../http/route-schema.ts";
import { deactivateUser, getUser, listUsers, searchUsers, updateUser, userStats } from "../services/users.ts";

const about = documentedAs("Users");
const lockout = "The user is already disabled, or the change would lock you out (your own account stays an enabled admin)";

export const userRoutes: RoutePlugin = async (app, { ctx }) => {
  listRoute(app, about("listUsers", "List users", "read"), {
    querystring: userListQuerySchema,
    item: userSchema,
    list: (query) => listUsers(ctx, query),
  });

  listRoute(app, about("searchUsers", "Search users by display name, email or public key", "read"), {
    url: "/search/:term",
    params: userSearchParamsSchema,
    querystring: userSearchQuerySchema,
    item: userSchema,
    list: ({ page, limit }, { params }) => searchUsers(ctx, params.term, page, limit),
  });

  getOneRoute(app, about("getUser", "One user", "read"), { item: userSchema, get: (id) => getUser(ctx, id) });

  changeRoute(app, "PATCH", "/:id", about("updateUser", "Edit a user", "users.manage"), {
    body: userUpdateSchema,
    item: userSchema,
    change: (id, changes, admin) => updateUser(ctx, admin, id, changes),
    conflict: lockout,
  });

  changeRoute(app, "PATCH", "/:id/deactivate", about("deactivateUser", "Deactivate a user, with a reason", "users.manage"), {
    body: reasonSchema,
    item: userSchema,
    change: (id, { reason }, admin) => deactivateUser(ctx, admin, id, reason),
    conflict: lockout,
  });
};

/** Under /admin/users, apart from the users' own calls. */
export const userStatsRoutes: RoutePlugin = async (app, { ctx }) => {
  readRoute(app, "/stats", about("userStats", "User statistics", "read"), { payload: userStatsSchema, read: () => userStats(ctx) });
};
