// Routes are preloaded on hover or focus: after ROUTER.preloadDelayMs of intent, a sidebar
// link fetches its screen's chunk and warms the screen's first query under the exact key Refine's
// useTable/useCustom will look up, so the click renders from cache. React Router's declarative mode
// has no route loaders, so this is done here with Refine's data provider and TanStack's client.
import { useCallback, useEffect, useMemo, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { keys, useDataProvider, type BaseRecord } from "@refinedev/core";
import { ROUTER } from "@/config";
import { renderAhead } from "./screen-ahead";
import type { AdminSection } from "./sections";

export interface PreloadHandlers {
  onMouseEnter: () => void;
  onMouseLeave: () => void;
  onFocus: () => void;
  onBlur: () => void;
  onPointerDown: () => void;
  onClick: () => void;
}

/** The meta Refine derives from a resource (its `icon` is dropped, see Refine's sanitizeResource). */
function resourceMeta(entry: AdminSection): Record<string, unknown> {
  const { icon: _icon, ...meta } = entry.resource.meta;
  return meta;
}

/**
 * The query options of a section's first query (its `firstQuery`), under the very key the screen's
 * useTable/useCustom reads; undefined for a section without one.
 */
export interface FirstQueryOptions {
  queryKey: readonly unknown[];
  queryFn: (context: { queryKey: readonly unknown[]; signal: AbortSignal }) => Promise<unknown>;
}

export function firstQueryOptions(
  entry: AdminSection,
  provider: ReturnType<ReturnType<typeof useDataProvider>>,
): FirstQueryOptions | undefined {
  const first = entry.firstQuery;
  if (!first) return undefined;
  if (first.type === "list") {
    // Mirrors useTable → useList on a freshly opened list: page 1, no filters, no sorters.
    const resource = first.resource ?? entry.resource.name;
    const meta = resourceMeta(entry);
    const pagination = { currentPage: 1, pageSize: first.pageSize, mode: "server" as const };
    return {
      queryKey: keys()
        .data("default")
        .resource(resource)
        .action("list")
        .params({ ...meta, filters: [], pagination, sorters: [] })
        .get(),
      queryFn: ({ queryKey, signal }: { queryKey: readonly unknown[]; signal: AbortSignal }) =>
        provider.getList<BaseRecord>({
          resource,
          pagination,
          filters: [],
          sorters: [],
          meta: { ...meta, queryKey, signal },
        }),
    };
  }
  const custom = provider.custom;
  if (!custom) return undefined;
  // Mirrors useCustom({ url, method: "get" }).
  return {
    queryKey: keys().data().mutation("custom").params({ method: "get", url: first.url }).get(),
    queryFn: ({ queryKey, signal }: { queryKey: readonly unknown[]; signal: AbortSignal }) =>
      custom<BaseRecord>({ url: first.url, method: "get", meta: { queryKey, signal } }),
  };
}

export function usePreload() {
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider();
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  /** Fetches the section's code and first page together (each at most once while it is fresh). */
  const warm = useCallback(
    (entry: AdminSection) => {
      // A failed chunk is reported by the route's own import when the link is followed.
      const code = entry.load();
      const options = firstQueryOptions(entry, dataProvider());
      const data = options && queryClient.prefetchQuery({ ...options, staleTime: ROUTER.preloadStaleMs, gcTime: ROUTER.cacheLifetimeMs });
      return Promise.all([code, data]);
    },
    [dataProvider, queryClient],
  );

  const preload = useCallback(
    (entry: AdminSection) => {
      // With its code and first page here, the screen is rendered out of sight (screen-stack.tsx).
      warm(entry).then(
        () => (__BENCH_PLAIN_OUTLET__ ? undefined : renderAhead(entry.resource.list)),
        () => undefined,
      );
    },
    [warm],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  /**
   * Props for a link to `entry`: hovering or focusing it for ROUTER.preloadDelayMs preloads; pressing
   * or clicking it fetches at once.
   */
  const intentHandlers = useCallback(
    (entry: AdminSection): PreloadHandlers => {
      const name = entry.resource.name;
      const start = () => {
        if (timers.current.has(name)) return;
        timers.current.set(
          name,
          setTimeout(() => {
            timers.current.delete(name);
            preload(entry);
          }, ROUTER.preloadDelayMs),
        );
      };
      const cancel = () => {
        clearTimeout(timers.current.get(name));
        timers.current.delete(name);
      };
      // A click with no hover before it (a quick one, the keyboard's Enter) asks for the code and the
      // first page at once, side by side, rather than the page only once the code has come and rendered.
      const now = () => {
        cancel();
        void warm(entry).catch(() => undefined);
      };
      return { onMouseEnter: start, onFocus: start, onMouseLeave: cancel, onBlur: cancel, onPointerDown: now, onClick: now };
    },
    [preload, warm],
  );

  return useMemo(() => ({ preload, intentHandlers }), [preload, intentHandlers]);
}
