// Exists only for `npm run bench:nav` (App.tsx renders it in a `vite build --mode bench` only): lets the bench drop the cached queries no screen shows, so a
// filter change it times fetches (as the first use of that filter does) instead of answering from cache.
import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";

declare global {
  interface Window {
    /** Removes every inactive query from Refine's cache; returns how many were left. */
    __benchDropInactiveQueries?: () => number;
  }
}

export function BenchProbe() {
  const client = useQueryClient();
  useEffect(() => {
    window.__benchDropInactiveQueries = () => {
      client.removeQueries({ type: "inactive" });
      return client.getQueryCache().getAll().length;
    };
    return () => {
      delete window.__benchDropInactiveQueries;
    };
  }, [client]);
  return null;
}
