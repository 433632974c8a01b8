// The team's roles as the screen names them (contract/permissions.ts's labels), and a member as a
// list row (the API keys members by wallet: the row's id is its public key).
import { ROLES, TEAM_ROLE_VALUES, type TeamMember, type TeamRole } from "@contract";
import type { BadgeColor } from "@/components/value/badges";

export type TeamRow = TeamMember & { id: string };

export const asRow = (member: TeamMember): TeamRow => ({ ...member, id: member.publicKey });

export const roleLabel = (role: string): string => (role in ROLES ? ROLES[role as TeamRole].label : role);

export const ROLE_OPTIONS = TEAM_ROLE_VALUES.map((role) => ({ value: role, label: roleLabel(role) }));

export const ROLE_COLORS: Record<string, BadgeColor> = {
  owner: "gold",
  treasury: "purple",
  operations: "info",
  support: "cyan",
  auditor: "neutral",
};

export const SOURCE_LABELS: Record<TeamMember["source"], string> = { configuration: "ADMIN_WALLETS", team: "Team" };

/** What a 202 says: the grant waits for a second owner. */
export const AWAITING_SECOND_OWNER = "Waiting for a second owner's approval";
