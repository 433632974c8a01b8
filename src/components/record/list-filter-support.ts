// Whether the API applies a list filter beyond the core API (the records' links: a user's orders,
// a shop's products). An API ignores a query parameter it does not know, so a list it was asked to
// narrow would come back whole, and nothing in the answer would say so. What it applies is what its
// published contract (GET /openapi.json) lists as the parameters of the list's call; an API without
// the document (a 404) applies none, which is remembered for the session like every missing call
// (query-policy.ts). The document is read once per session, only where a link needs it.
import { useCustom } from "@refinedev/core";
import { resourceNamed } from "@contract/resources";
import { endpoints } from "@/providers/endpoints";
import { useKnownMissing, useRememberMissing, useRememberPresent } from "@/providers/query-policy";

export const OPENAPI_CALL = "openApi";

interface Parameter {
  name?: unknown;
  in?: unknown;
}
interface ApiDocument {
  paths?: Record<string, { get?: { parameters?: Parameter[] } } | undefined>;
}

/** The query parameters `document` lists for GET `path`. */
function queryParameters(document: ApiDocument | undefined, path: string): string[] {
  const parameters = document?.paths?.[path]?.get?.parameters;
  return Array.isArray(parameters)
    ? parameters.filter((p) => p.in === "query" && typeof p.name === "string").map((p) => String(p.name))
    : [];
}

/**
 * Whether the API narrows `resource`'s list by `field`: true once its document lists the parameter,
 * false when it does not (or there is no document), undefined while that is not known yet.
 */
export function useListFilterSupport(resource: string, field: string): boolean | undefined {
  const known = useKnownMissing(OPENAPI_CALL);
  const { query } = useCustom<ApiDocument>({
    url: endpoints.openApi,
    method: "get",
    // The screens say nothing about it: a link the API cannot serve is simply left out.
    errorNotification: false,
    queryOptions: { enabled: !known, retry: false, staleTime: Infinity, gcTime: Infinity },
  });
  const notFound = useRememberMissing(OPENAPI_CALL, query.error);
  const listed = query.data ? queryParameters(query.data.data, resourceNamed(resource).api?.list ?? "").includes(field) : false;
  const present = useRememberPresent(`${OPENAPI_CALL}:${resource}.${field}`, listed);
  if (known || notFound || query.isError) return false;
  if (present) return true;
  return query.data ? false : undefined;
}
