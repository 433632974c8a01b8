// Who may do what: the permissions an admin's role grants, declared once. The server's routes each
// name the permission they need (their schema's `x-permission`, in the OpenAPI document) and answer
// 403 naming it; the console's access control answers `can` from the same names. With no team
// configured every admin is an owner: every permission, as before roles existed.

/** Every permission, with how the console names it ("Your role does not include Manage tokens"). */
export const PERMISSIONS = {
  read: "Read records",
  "users.manage": "Manage users",
  "catalog.manage": "Manage products and shops",
  "tokens.manage": "Manage tokens",
  "orders.manage": "Take and release disputes",
  "orders.notes": "Write order notes",
  "payouts.propose": "Resolve disputes and propose payouts",
  "payouts.approve": "Approve payouts",
  "settlements.retry": "Retry settlements",
  "marketplace.initialize": "Initialize the marketplace",
  "team.manage": "Manage the admin team",
  "audit.read": "Read the audit trail",
  export: "Export lists",
  "webhooks.manage": "Manage webhooks",
} as const;

export type Permission = keyof typeof PERMISSIONS;

export const PERMISSION_VALUES = Object.keys(PERMISSIONS) as Permission[];

/**
 * What a route needs besides a permission: `public` (anyone: sign-in, health, the document) or
 * `session` (any signed-in admin, whatever the role: the live feed, their own identity).
 */
export type RouteAccess = Permission | "public" | "session";

const ALL = PERMISSION_VALUES;

/** The roles, each a set of permissions. ADMIN_WALLETS are owners. */
export const ROLES = {
  owner: { label: "Owner", permissions: ALL },
  treasury: {
    label: "Treasury",
    permissions: ["read", "tokens.manage", "payouts.approve", "settlements.retry", "marketplace.initialize"],
  },
  operations: {
    label: "Operations",
    permissions: ["read", "users.manage", "catalog.manage", "orders.manage", "orders.notes", "payouts.propose"],
  },
  support: { label: "Support", permissions: ["read", "orders.notes"] },
  auditor: { label: "Auditor", permissions: ["read", "audit.read", "export"] },
} as const satisfies Record<string, { label: string; permissions: readonly Permission[] }>;

export type TeamRole = keyof typeof ROLES;

export const TEAM_ROLE_VALUES = Object.keys(ROLES) as TeamRole[];

/** Roles whose grant needs a second owner's approval when payouts need two approvals. */
export const GUARDED_ROLES: readonly TeamRole[] = ["owner", "treasury"];

export function permissionsOf(role: TeamRole): readonly Permission[] {
  return ROLES[role].permissions;
}

export function roleGrants(role: TeamRole, permission: Permission): boolean {
  return (ROLES[role].permissions as readonly Permission[]).includes(permission);
}

/** The 403's message for a missing permission: names it by key and in words. */
export function permissionDenied(permission: Permission): string {
  return `Permission required: ${permission} (${PERMISSIONS[permission]})`;
}
