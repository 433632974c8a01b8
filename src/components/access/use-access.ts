// What the signed-in admin may do, asked of Refine's access control (src/providers/access-control.ts)
// with Refine's own hooks, so every button, section and palette entry asks it one way. Antd-free: the
// sidebar, the palette and the routes use it.
import { useSyncExternalStore } from "react";
import { useQueries } from "@tanstack/react-query";
import { useCan, useCanWithoutCache } from "@refinedev/core";
import { grantsOf } from "@/providers/access-control";
import { authStore } from "@/providers/auth-store";
import { useSectionAvailability } from "@/components/routing/optional-section";
import { useSections, type AdminSection } from "@/components/routing/sections";

/** An action on a resource, as the resource's declaration names it (its `access`). */
export interface AccessCheck {
  resource: string;
  action: string;
}

export interface AccessAnswer {
  allowed: boolean;
  /** Why not ("Your role (Support) does not include Manage tokens"). */
  reason?: string;
}

const subscribe = (listener: () => void) => {
  const unsubscribe = authStore.subscribe(listener);
  return () => void unsubscribe();
};

/** The session's grants, in the answers' cache keys: another sign-in or a changed role asks again. */
function useGrants(): string {
  return useSyncExternalStore(subscribe, grantsOf);
}

/**
 * May the admin take `check`'s action (none given: yes)? Until the answer is in, yes: an API without
 * roles answers so, and the answer is a moment away.
 */
export function useAccess(check: AccessCheck | undefined): AccessAnswer {
  const grants = useGrants();
  const { data } = useCan({
    resource: check?.resource,
    action: check?.action ?? "",
    params: { grants },
    queryOptions: { enabled: Boolean(check) },
  });
  if (!check || !data || data.can) return { allowed: true };
  return { allowed: false, reason: data.reason };
}

/** The sections the admin may read (their list), of `entries`. */
export function useReadableSections(entries: readonly AdminSection[]): readonly AdminSection[] {
  const grants = useGrants();
  const { can } = useCanWithoutCache();
  const results = useQueries({
    queries: entries.map((entry) => ({
      queryKey: ["access", entry.resource.name, "list", grants],
      queryFn: () => can?.({ resource: entry.resource.name, action: "list" }) ?? Promise.resolve({ can: true }),
      enabled: Boolean(can),
    })),
  });
  return entries.filter((_, index) => results[index].data?.can !== false);
}

/**
 * The sections the sidebar and the palette offer: those the admin may read, and of those beyond the
 * core API, the ones the API has shown it has.
 */
export function useOfferedSections(): readonly AdminSection[] {
  const all = useSections();
  const availability = useSectionAvailability(all);
  const readable = useReadableSections(all);
  return readable.filter((entry) => !entry.optional || availability[entry.resource.name] === "available");
}
