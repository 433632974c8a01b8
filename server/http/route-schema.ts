// The pieces every route schema is made of. Routes declare their params, query, body and responses
// with the contract's zod schemas through fastify-type-provider-zod: Fastify validates requests and
// serializes responses with them, handler types come from them, and the OpenAPI document
// (server/plugins/openapi.ts) is generated from them.
import type { RouteOptions } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { apiErrorSchema, dataOf } from "../../contract/index.ts";
import type { ServiceContext } from "../services/ports.ts";

/**
 * A route module: an encapsulated plugin whose routes are typed by their zod schemas, registered
 * under the path family it owns (its prefix) and given the context its handlers call the services
 * with (`{ ctx }`; see server/routes/index.ts).
 */
export type RoutePlugin<Context = ServiceContext> = FastifyPluginAsyncZod<{ ctx: Context }>;

/** What each error status means, as the document states it unless a route says more. */
const MEANING = {
  400: "Invalid request: `errors` names each bad field (or the body is not JSON)",
  401: "No live session: sign in again",
  403: "Not an admin (not whitelisted, disabled, or without an admin role), or a state-changing call without a valid X-XSRF-TOKEN header",
  404: "No such record",
  409: "The record's current state does not allow this",
  421: "This server does not answer for the request's Host: send PUBLIC_ORIGIN's host, a loopback name or an IP address",
  429: "Too many requests from this address: try again later",
  502: "The chain refused the transaction: nothing was paid or changed",
  503: "No settlement service is configured: nothing was changed",
  504: "The transaction was sent but its outcome is not known yet; it is finished later",
} as const;

export type ErrorStatus = keyof typeof MEANING;

/**
 * The 503 any API call may answer while the database cannot be reached or stays locked
 * (plugins/error-handler.ts): the document adds it to every operation (plugins/openapi.ts).
 */
export const DATABASE_UNAVAILABLE = "The database is unavailable (or busy): nothing was changed; call again after Retry-After seconds";

/** One documented error response: the one error shape `{ message, errors? }`. */
export function error<C extends ErrorStatus>(status: C, meaning: string = MEANING[status]): Record<C, typeof apiErrorSchema> {
  return { [status]: apiErrorSchema.describe(meaning) } as Record<C, typeof apiErrorSchema>;
}

/** Several documented error responses with their usual meaning. */
export function errors<C extends ErrorStatus>(...statuses: C[]): Record<C, typeof apiErrorSchema> {
  return Object.assign({}, ...statuses.map((status) => error(status)));
}

const SUCCESS = { 200: "OK", 201: "Created", 202: "Accepted: recorded, to be carried out later" } as const;

/** A 200 (or `status`) answering `{ data: payload }`. */
export function ok<T extends z.ZodType, S extends keyof typeof SUCCESS = 200>(
  payload: T,
  status: S = 200 as S,
): Record<S, ReturnType<typeof dataOf<T>>> {
  return { [status]: dataOf(payload).describe(SUCCESS[status]) } as Record<S, ReturnType<typeof dataOf<T>>>;
}

/**
 * What a call outside the admin guard needs, as the document's security requirements (the schemes
 * are declared in server/plugins/openapi.ts; the guard's routes get theirs from documentAdminGuard).
 * A call declaring none is open to anyone.
 */
export const NEEDS = {
  /** The session cookie. */
  session: { security: [{ session: [] }] },
  /** The X-XSRF-TOKEN header, and no session: signing in and out. */
  xsrf: { security: [{ xsrf: [] }] },
} as const;

/** Marks a call beyond the core API (the console copes without it). */
export const BEYOND_SPEC = { "x-beyond-spec": true } as const;

/**
 * onRoute hook of a resource beyond the core API (`beyondSpec` in its registry declaration,
 * contract/resources/): each of its operations is marked, none needs BEYOND_SPEC of its own.
 */
export function documentBeyondSpec(route: RouteOptions): void {
  route.schema = { ...route.schema, ...BEYOND_SPEC };
}

/** The document's words for a route: `about(operationId, summary)` under the group `tag`. */
export const documentedAs =
  (tag: string) =>
  (operationId: string, summary: string, marks: Partial<typeof BEYOND_SPEC> = {}) => ({ tags: [tag], operationId, summary, ...marks });
