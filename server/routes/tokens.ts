import {
  mintRiskQuerySchema,
  mintRiskReportSchema,
  tokenCreateSchema,
  tokenListQuerySchema,
  tokenSchema,
  tokenUpdateSchema,
} from "../../contract/index.ts";
import {
  BEYOND_SPEC,
  changeRoute,
  createRoute,
  documentedAs,
  getOneRoute,
  listRoute,
  readRoute,
  type RoutePlugin,
} from "../http/route-schema.ts";
import { checkMint, tokenRiskReport } from "../services/token-risk.ts";
import { createToken, deactivateToken, hardDeleteToken, initializeSol, listTokens, updateToken } from "../services/tokens.ts";

const about = documentedAs("Tokens");

export const tokenRoutes: RoutePlugin = async (app, { ctx }) => {
  listRoute(app, about("listTokens", "List the SPL token whitelist (isActive is beyond the core API)", "read"), {
    querystring: tokenListQuerySchema,
    item: tokenSchema,
    list: (query) => listTokens(ctx, query),
  });

  const create = "Add a token to the whitelist, once its mint passed the on-chain check (a refused mint: 400 naming mintAddress)";
  createRoute(app, about("createToken", create, "tokens.manage"), {
    body: tokenCreateSchema,
    item: tokenSchema,
    create: (input, admin) => createToken(ctx, admin, input),
    also: [502],
    conflict: "A token with this mint address is already listed",
  });

  const initialize = about("initializeSol", "Add native SOL (listed under the wrapped-SOL mint); no body", "tokens.manage");
  createRoute(app, initialize, {
    url: "/initialize-sol",
    item: tokenSchema,
    create: (_, admin) => initializeSol(ctx, admin),
    conflict: "Native SOL is already initialized",
  });

  const update =
    "Edit a token or toggle isActive (its mint address cannot change; re-activating checks the mint again, a change of decimals checks them against the mint's)";
  changeRoute(app, "PATCH", "/:id", about("updateToken", update, "tokens.manage"), {
    body: tokenUpdateSchema,
    item: tokenSchema,
    change: (id, changes, admin) => updateToken(ctx, admin, id, changes),
    also: [502],
    conflict: "The token kept changing while this edit was checked: reload it and try again",
  });

  const mintRisk = "A mint read from the configured chain now, before it is whitelisted: what adding it would meet (changes nothing)";
  readRoute(app, "/mint-risk", about("mintRisk", mintRisk, "tokens.manage", BEYOND_SPEC), {
    payload: mintRiskReportSchema,
    querystring: mintRiskQuerySchema,
    read: ({ mintAddress }) => checkMint(ctx, mintAddress),
    also: [502],
  });

  const risk = "The token's mint read from the configured chain now: program, decimals, authorities and each extension judged";
  getOneRoute(app, about("tokenRisk", risk, BEYOND_SPEC, "read"), {
    url: "/:id/risk",
    item: mintRiskReportSchema,
    get: (id, admin) => tokenRiskReport(ctx, admin, id),
    also: [502],
  });

  changeRoute(app, "DELETE", "/:id", about("deactivateToken", "Deactivate a token (soft)", "tokens.manage"), {
    item: tokenSchema,
    change: (id, _, admin) => deactivateToken(ctx, admin, id),
  });

  const hardDelete = about("hardDeleteToken", "Delete a token for good; answers the deleted token", "tokens.manage");
  changeRoute(app, "DELETE", "/:id/hard", hardDelete, { item: tokenSchema, change: (id, _, admin) => hardDeleteToken(ctx, admin, id) });
};
