// After a user changes, more than the users list is out of date: the dashboard counts (a custom
// query Refine's resource invalidation does not reach) and the audit trail the History shows.
// Marking them stale refetches what is on screen now and the rest when it is next shown.
import { useCallback } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useInvalidate } from "@refinedev/core";
import { endpoints } from "@/providers/endpoints";
import { isCustomQueryFor } from "@/providers/query-policy";

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
