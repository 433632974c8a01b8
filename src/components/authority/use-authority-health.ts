// The settlement authority's health (GET /admin/authority, beyond the core API): one query shared by the
// dashboard's card and the layout's cluster banner. An API without the call (404), or a server
// without settlement (503), simply has no health to show.
import { useCustom, type HttpError } from "@refinedev/core";
import type { AuthorityHealth } from "@contract";
import { endpoints } from "@/providers/endpoints";

/** The balance moves with every settlement: a minute old is fresh enough for a warning. */
const FRESH_MS = 60_000;

export function useAuthorityHealth() {
  const { query } = useCustom<AuthorityHealth, HttpError>({
    url: endpoints.authority,
    method: "get",
    errorNotification: false,
    queryOptions: { staleTime: FRESH_MS },
  });
  const status = query.error?.statusCode;
  return {
    health: query.data?.data,
    query,
    /** The API has no authority to report on: say nothing. */
    absent: status === 404 || status === 503,
  };
}
