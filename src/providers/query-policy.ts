// How the console's queries retry. A client error (4xx: not found, not allowed, bad input) will not
// change on a second try; a server or network error might, once, like every query (QUERY_CACHE).
import type { HttpError } from "@refinedev/core";
import { QUERY_CACHE } from "@/config";

export const retryServerErrors = (failureCount: number, error: HttpError) =>
  !(error.statusCode >= 400 && error.statusCode < 500) && failureCount < QUERY_CACHE.retry;
