// /api/v1/admin/team (beyond the core API): the admin team and the grants waiting for a second owner.
// Every call needs team.manage (owners); the rules are services/team.ts's.
import { z } from "zod";
import { pageQuerySchema, reasonSchema } from "../../contract/index.ts";
import {
  addTeamMemberSchema,
  changeTeamRoleSchema,
  teamChangeResultSchema,
  teamMemberSchema,
  teamProposalSchema,
} from "../../contract/team.ts";
import type { TeamRole } from "../../contract/permissions.ts";
import type { AppContext } from "../context.ts";
import { documentedAs, error, errors, listRoute, ok, readRoute, type RoutePlugin } from "../http/route-schema.ts";
import {
  addTeamMember,
  approveTeamProposal,
  changeTeamRole,
  listTeam,
  listTeamProposals,
  rejectTeamProposal,
  removeTeamMember,
} from "../services/team.ts";

const about = documentedAs("Team", "team.manage");
const keyParams = z.object({ publicKey: z.string().max(64) });
const idParams = z.object({ id: z.string().max(64) });
const RULES =
  "A wallet in ADMIN_WALLETS (change it there); a change leaving no owner or fewer holders of payouts.approve than PAYOUT_APPROVALS; a wallet already on the team or with a grant pending";

export const teamRoutes: RoutePlugin<AppContext> = async (app, { ctx }) => {
  // The whole team is a few rows: paged in memory, as the console's lists ask.
  listRoute(app, about("listTeam", "The admin team: ADMIN_WALLETS' owners, then the wallets an owner added"), {
    querystring: pageQuerySchema,
    item: teamMemberSchema,
    list: async ({ page, limit }) => {
      const members = await listTeam(ctx);
      return {
        items: members.slice((page - 1) * limit, page * limit),
        total: members.length,
        page,
        limit,
        totalPages: Math.ceil(members.length / limit),
      };
    },
  });

  app.post(
    "",
    {
      schema: {
        ...about("addTeamMember", "Add a wallet with a role, with a reason (202: a guarded role under four eyes waits for a second owner)"),
        body: addTeamMemberSchema,
        response: { ...ok(teamChangeResultSchema, 201), ...ok(teamChangeResultSchema, 202), ...errors(400), ...error(409, RULES) },
      },
    },
    async (request, reply) => {
      const change = await addTeamMember(ctx, request.admin, { ...request.body, role: request.body.role as TeamRole });
      return reply.code(change.proposal ? 202 : 201).send({ data: change });
    },
  );

  app.patch(
    "/:publicKey",
    {
      schema: {
        ...about(
          "changeTeamRole",
          "Change a team wallet's role, with a reason (202: a guarded role under four eyes waits for a second owner)",
        ),
        params: keyParams,
        body: changeTeamRoleSchema,
        response: { ...ok(teamChangeResultSchema), ...ok(teamChangeResultSchema, 202), ...errors(400, 404), ...error(409, RULES) },
      },
    },
    async (request, reply) => {
      const role = request.body.role as TeamRole;
      const change = await changeTeamRole(ctx, request.admin, request.params.publicKey, { ...request.body, role });
      return reply.code(change.proposal ? 202 : 200).send({ data: change });
    },
  );

  app.delete(
    "/:publicKey",
    {
      schema: {
        ...about("removeTeamMember", "Remove a team wallet, with a reason: its sessions end, its pending proposals expire"),
        params: keyParams,
        body: reasonSchema,
        response: { ...ok(teamChangeResultSchema), ...errors(400, 404), ...error(409, RULES) },
      },
    },
    async (request) => ({ data: { member: await removeTeamMember(ctx, request.admin, request.params.publicKey, request.body.reason) } }),
  );

  readRoute(app, "/proposals", about("listTeamProposals", "The grants proposed, newest first (those past their end expired)"), {
    payload: z.array(teamProposalSchema),
    read: () => listTeamProposals(ctx),
  });

  app.post(
    "/proposals/:id/approve",
    {
      schema: {
        ...about("approveTeamProposal", "Approve a grant as a second owner: it is applied under the rules in force now"),
        params: idParams,
        response: {
          ...ok(teamChangeResultSchema),
          ...errors(404),
          ...error(403, "Its proposer cannot approve it, nor the local demo wallet (or the usual admin-guard refusals)"),
          ...error(409, `Not pending (approved, rejected or expired), its proposer no longer an owner; or: ${RULES}`),
        },
      },
    },
    async (request) => ({ data: await approveTeamProposal(ctx, request.admin, request.params.id) }),
  );

  app.post(
    "/proposals/:id/reject",
    {
      schema: {
        ...about("rejectTeamProposal", "Reject a grant, with a reason: nothing changes"),
        params: idParams,
        body: reasonSchema,
        response: { ...ok(teamProposalSchema), ...errors(400, 404), ...error(409, "Not pending: approved, rejected or expired") },
      },
    },
    async (request) => ({ data: await rejectTeamProposal(ctx, request.admin, request.params.id, request.body.reason) }),
  );
};
