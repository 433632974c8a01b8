// Refine's accessControlProvider: whether the signed-in admin may take an action on a resource, and
// if not, why. The session's permissions (GET /auth/validate, POST /auth/admin/verify: beyond the
// core API) against what the resource's declaration says each action needs (contract/resources/:
// its `access`; an action left out needs "read"). A session without a permissions list comes from
// an API without roles: every admin may do everything there, as before roles existed.
import type { AccessControlProvider, CanParams, CanReturnType } from "@refinedev/core";
import { PERMISSIONS, ROLES, type Permission } from "@contract/permissions";
import { RESOURCES, type ResourceDeclaration } from "@contract/resources";
import { authStore } from "@/providers/auth-store";

const ALLOWED: CanReturnType = { can: true };

const declarations = new Map<string, ResourceDeclaration>(
  (RESOURCES as readonly ResourceDeclaration[]).map((entry) => [entry.name, entry]),
);

/** The permission an action on a resource needs: its declaration's, else "read". */
export function permissionFor(resource: string | undefined, action: string): Permission {
  return (resource ? declarations.get(resource)?.access?.[action] : undefined) ?? "read";
}

/** The role as the reason names it: its label ("Support"), else as the API wrote it. */
function roleLabel(role: string | undefined): string {
  if (!role) return "No role";
  return role in ROLES ? ROLES[role as keyof typeof ROLES].label : role;
}

/** The answer for the stored session, at once (the provider's `can` is this, as Refine wants it: a promise). */
export function decide({ resource, action }: Pick<CanParams, "resource" | "action">): CanReturnType {
  const user = authStore.get().user;
  if (!user?.permissions) return ALLOWED;
  const needed = permissionFor(resource, action);
  if (user.permissions.includes(needed)) return ALLOWED;
  return { can: false, reason: `Your role (${roleLabel(user.teamRole)}) does not include ${PERMISSIONS[needed]}` };
}

/**
 * What the session's answers depend on, for their cache key: a sign-in as another admin, or a role
 * changed since, asks again.
 */
export function grantsOf(): string {
  const user = authStore.get().user;
  return user?.permissions ? `${user.teamRole ?? ""}:${[...user.permissions].sort().join(",")}` : "all";
}

export const accessControlProvider: AccessControlProvider = {
  can: (params) => Promise.resolve(decide(params)),
};
