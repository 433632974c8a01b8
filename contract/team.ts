// Beyond the core API: the admin team, managed from the console without a restart. ADMIN_WALLETS are
// its bootstrap owners (source "configuration", changed only there); an owner adds, changes and
// removes the others (source "team"). Granting a guarded role (owner, treasury) while payouts need two
// approvals is a proposal a second owner approves.
import { z } from "./zod.ts";
import { base58, optionalText, text, time } from "./primitives.ts";
import { PERMISSION_VALUES, TEAM_ROLE_VALUES } from "./permissions.ts";
import { body, fields } from "./schemas.ts";

export const teamRoleSchema = z.enum(TEAM_ROLE_VALUES as [string, ...string[]]).meta({ id: "TeamRole" });
export const permissionSchema = z.enum(PERMISSION_VALUES as [string, ...string[]]).meta({ id: "Permission" });

export const teamMemberSchema = z
  .object({
    publicKey: base58,
    role: teamRoleSchema,
    source: z.enum(["configuration", "team"]).meta({ description: "configuration: ADMIN_WALLETS (an owner, changed only there)" }),
    displayName: optionalText,
    userId: optionalText,
    addedBy: base58.nullish().meta({ description: "The owner who added it; null for ADMIN_WALLETS" }),
    addedAt: time.nullish(),
    updatedAt: time.nullish(),
  })
  .meta({ id: "TeamMember" });

export const teamProposalSchema = z
  .object({
    id: text,
    kind: z.enum(["add", "change"]),
    publicKey: base58,
    role: teamRoleSchema,
    reason: text,
    proposedBy: base58,
    proposedAt: time,
    expiresAt: time,
    status: z.enum(["pending", "approved", "rejected", "expired"]),
    decidedBy: base58.nullish(),
    decidedAt: time.nullish(),
  })
  .meta({ id: "TeamProposal", description: "A grant of a guarded role waiting for a second owner." });

export const addTeamMemberSchema = body({ publicKey: base58, role: teamRoleSchema, reason: fields.reason }).meta({ id: "AddTeamMember" });
export const changeTeamRoleSchema = body({ role: teamRoleSchema, reason: fields.reason }).meta({ id: "ChangeTeamRole" });

/** POST/PATCH answer: the member as it now stands (201/200), or the proposal a second owner must approve (202). */
export const teamChangeResultSchema = z
  .object({ member: teamMemberSchema.optional(), proposal: teamProposalSchema.optional() })
  .meta({ id: "TeamChangeResult" });

export type TeamMember = z.infer<typeof teamMemberSchema>;
export type TeamProposal = z.infer<typeof teamProposalSchema>;
export type TeamChangeResult = z.infer<typeof teamChangeResultSchema>;
