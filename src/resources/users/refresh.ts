// After a user changes, more than the users list is out of date: the dashboard counts (a custom
// query Refine's resource invalidation does not reach) and the audit trail the History shows.
// Marking them stale refetches what is on screen now and the rest when it is next shown.
import { useCallback } from "react";
import { useQueryClient, type Query } from "@tanstack/react-query";
import { keys, useInvalidate } from "@refinedev/core";
import { endpoints } from "@/providers/endpoints";

const customPrefix = keys().data().mutation("custom").get();

/** A Refine custom query (key [..."custom", { url, ... }]) for one of these paths. */
function isCustomQueryFor(paths: string[]) {
  return (query: Query) => {
    const key = query.queryKey;
    if (key.length <= customPrefix.length || !customPrefix.every((segment, i) => key[i] === segment)) return false;
    const params = key[customPrefix.length] as { url?: unknown } | undefined;
    const url = typeof params?.url === "string" ? params.url : "";
    return paths.some((path) => url === path || url.endsWith(path));
  };
}

export function useRefreshUsers() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  return useCallback(
    async (id?: string) => {
      await Promise.all([
        invalidate({ resource: "users", invalidates: ["list", "many", "detail"], id }),
        queryClient.invalidateQueries({ predicate: isCustomQueryFor([endpoints.userStats, endpoints.audit]) }),
      ]);
    },
    [invalidate, queryClient],
  );
}
