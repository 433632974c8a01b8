// How the console's queries treat failures. A client error (4xx: not found, not allowed, bad input)
// will not change on a second try; a server or network error might, once, like every query
// (QUERY_CACHE). A call beyond the core API that the API answers 404 to does not exist there: it is
// remembered for the rest of the session (per running app, i.e. query client) and not asked again.
import { useEffect } from "react";
import { keys, type HttpError } from "@refinedev/core";
import { useQueryClient, type Query, type QueryClient } from "@tanstack/react-query";
import { QUERY_CACHE } from "@/config";

/** Refine's query client settings: every query's cache time, retry and refetching (QUERY_CACHE). */
export const reactQuery = {
  clientConfig: {
    defaultOptions: {
      queries: {
        staleTime: QUERY_CACHE.staleTimeMs,
        retry: retryServerErrors,
        refetchOnWindowFocus: QUERY_CACHE.refetchOnWindowFocus,
      },
    },
  },
};

function retryServerErrors(failureCount: number, error: unknown): boolean {
  const status = (error as Partial<HttpError> | null)?.statusCode ?? 0;
  return !(status >= 400 && status < 500) && failureCount < QUERY_CACHE.retry;
}

/** Calls this session (this running app's query client) has learnt something of: one memory per kind. */
function sessionCalls() {
  const known = new WeakMap<QueryClient, Set<string>>();
  return {
    has: (queryClient: QueryClient, call: string): boolean => known.get(queryClient)?.has(call) ?? false,
    add(queryClient: QueryClient, call: string): void {
      known.set(queryClient, (known.get(queryClient) ?? new Set<string>()).add(call));
    },
  };
}

const missingCalls = sessionCalls();
const presentCalls = sessionCalls();

/** Whether this session (this running app's query client) has seen the API answer 404 to `call`. */
export const isKnownMissing = missingCalls.has;

/** Remembers for the session that the API lacks `call`: what needs it hides and stops asking. */
export const rememberMissing = missingCalls.add;

/** Whether this session has already seen the API answer 404 to the call named `call`. */
export function useKnownMissing(call: string): boolean {
  return isKnownMissing(useQueryClient(), call);
}

/** Whether `error` says the call named `call` does not exist (404); if so, remembered for the session. */
export function useRememberMissing(call: string, error: HttpError | null | undefined): boolean {
  const queryClient = useQueryClient();
  const notFound = error?.statusCode === 404;
  useEffect(() => {
    if (notFound) rememberMissing(queryClient, call);
  }, [call, notFound, queryClient]);
  return notFound;
}

/**
 * Whether the API has `call` (it answered it once this session, `present` now): a screen that shows
 * it only where it exists keeps it shown while its answer is read again.
 */
export function useRememberPresent(call: string, present: boolean): boolean {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (present) presentCalls.add(queryClient, call);
  }, [call, present, queryClient]);
  return present || presentCalls.has(queryClient, call);
}

const customPrefix = keys().data().mutation("custom").get();

/**
 * A Refine custom query (key [..."custom", { url, ... }]) for one of these paths: what Refine's
 * resource invalidation does not reach (the dashboard's counts, the audit trail, a timeline).
 */
export function isCustomQueryFor(paths: string[]) {
  return (query: Query) => {
    const key = query.queryKey;
    if (key.length <= customPrefix.length || !customPrefix.every((segment, i) => key[i] === segment)) return false;
    const params = key[customPrefix.length] as { url?: unknown } | undefined;
    const url = typeof params?.url === "string" ? params.url : "";
    return paths.some((path) => url === path || url.endsWith(path));
  };
}
