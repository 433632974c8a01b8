// The pieces every route schema is made of. Routes declare their params, query, body and responses
// with the contract's zod schemas through fastify-type-provider-zod: Fastify validates requests and
// serializes responses with them, handler types come from them, and the OpenAPI document
// (server/plugins/openapi.ts) is generated from them.
import type { RouteOptions } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { apiErrorSchema, dataOf, idParamsSchema, pagedListSchema, type RouteAccess } from "../../contract/index.ts";
import type { AdminIdentity, ServiceContext } from "../services/ports.ts";

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
  403: "Not an admin (not whitelisted, disabled, or without an admin role), a team role without the operation's x-permission (the message names it), or a state-changing call without a valid X-XSRF-TOKEN header",
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

/**
 * The permission a route needs (contract/permissions.ts), spread into its schema: the OpenAPI
 * document shows it as `x-permission`, and the permission guard answers 403 naming it to a session
 * whose role lacks it. Every route declares one ("public" and "session" for those outside the roles).
 */
export const needs = (access: RouteAccess) => ({ "x-permission": access }) as const;

/**
 * onRoute hook of a scope whose routes a plugin of another package registers (the API reference's
 * pages, the console's files): open to anyone, declared so like every other route.
 */
export function declarePublic(route: RouteOptions): void {
  route.schema = { ...route.schema, ...needs("public") };
}

/** Marks a call beyond the core API (the console copes without it). */
export const BEYOND_SPEC = { "x-beyond-spec": true } as const;

/**
 * onRoute hook of a resource beyond the core API (`beyondSpec` in its registry declaration,
 * contract/resources/): each of its operations is marked, none needs BEYOND_SPEC of its own.
 */
export function documentBeyondSpec(route: RouteOptions): void {
  route.schema = { ...route.schema, ...BEYOND_SPEC };
}

/** A mark on a route in the document: the permission it needs (as `needs` declares it), or BEYOND_SPEC. */
type Mark = RouteAccess | typeof BEYOND_SPEC;
/** The marks of one route, merged: a later mark of a kind replaces an earlier one. */
type Marks = Partial<typeof BEYOND_SPEC & ReturnType<typeof needs>>;

/**
 * The document's words for a route: `about(operationId, summary, ...marks)` under the group `tag`, the
 * marks in the order given (the document lists them so), then the permission every route of the module
 * needs when it has one (`access`).
 */
export const documentedAs =
  (tag: string, access?: RouteAccess) =>
  (operationId: string, summary: string, ...marks: Mark[]) => ({
    tags: [tag],
    operationId,
    summary,
    ...marks.reduce<Marks>((merged, mark) => ({ ...merged, ...(typeof mark === "string" ? needs(mark) : mark) }), {}),
    ...(access && needs(access)),
  });

// ---- Routes many resources declare alike ----
// The list, the one record, the read (of a query, or of nothing) and the change to one record: declared once
// here, each module registers them on its own (encapsulated) instance with its schemas and services.
// The type provider cannot resolve a generic schema's type: the helpers' signatures carry the types
// (what Fastify validated is the query's, params' or body's schema output; the answer is `item`'s).

/** A route's words (documentedAs) and the permission it needs (`...needs(...)`). */
type About = ReturnType<ReturnType<typeof documentedAs>> & Partial<ReturnType<typeof needs>>;
type RouteApp = Parameters<RoutePlugin<unknown>>[0];
type Id = z.output<typeof idParamsSchema>["id"];
type Responses = Record<number, z.ZodType>;

/** GET "": a page of `item`s for the query (and the path's `params`, when it has some); 400 names a bad field. */
export function listRoute<Q extends z.ZodType, T extends z.ZodType, P extends z.ZodType = z.ZodUndefined>(
  app: RouteApp,
  about: About,
  route: {
    querystring: Q;
    item: T;
    /** The page for the query, asked by the session's admin (an "Assigned to me" filter reads them) at the path's params. */
    list: (
      query: z.output<Q>,
      asked: { admin: AdminIdentity; params: z.output<P> },
    ) => Promise<z.output<ReturnType<typeof pagedListSchema<T>>>>;
    /** The list's path under the module's prefix; "" (the prefix itself) unless given. */
    url?: string;
    params?: P;
  },
): void {
  const { querystring, item, list, url = "", params } = route;
  const schema = { ...about, ...(params && { params }), querystring, response: { ...ok(pagedListSchema(item)), ...errors(400) } };
  app.get(url, { schema }, async (request) => ({
    data: await list(request.query as z.output<Q>, { admin: request.admin, params: request.params as z.output<P> }),
  }));
}

/** GET `url` ("/:id" unless given): one record's `item`, or 404 (or one of `also`). */
export function getOneRoute<T extends z.ZodType>(
  app: RouteApp,
  about: About,
  route: { item: T; get: (id: Id, admin: AdminIdentity) => Promise<z.output<T>>; url?: string; also?: ErrorStatus[] },
): void {
  const { item, get, url = "/:id", also = [] } = route;
  const response: Responses = { ...ok(item), ...errors(404, ...also) };
  app.get(url, { schema: { ...about, params: idParamsSchema, response } }, async (request) => ({
    data: await get((request.params as { id: Id }).id, request.admin),
  }));
}

/** GET `url`: `payload`, read for the `querystring` (when it takes one: 400 names a bad query field) and the session's admin, or one of `also`. */
export function readRoute<T extends z.ZodType, Q extends z.ZodType = z.ZodUndefined>(
  app: RouteApp,
  url: string,
  about: About,
  route: { payload: T; querystring?: Q; read: (query: z.output<Q>, admin: AdminIdentity) => Promise<z.output<T>>; also?: ErrorStatus[] },
): void {
  const { payload, querystring, read, also = [] } = route;
  const response: Responses = { ...ok(payload), ...errors(...(querystring ? [400 as const] : []), ...also) };
  app.get(url, { schema: { ...about, ...(querystring && { querystring }), response } }, async (request) => ({
    data: await read(request.query as z.output<Q>, request.admin),
  }));
}

/** A change that became a proposal awaiting a second admin's approval (four eyes): answered 202 with `data`. */
class Proposal<T> {
  constructor(readonly data: T) {}
}

/** What a changeRoute's `change` answers when, under four eyes, the change was only proposed. */
export const proposal = <T>(data: T): Proposal<T> => new Proposal(data);

/** The record a change's `url` names by its `:id`; a url without one changes the module's one thing (the marketplace). */
type IdIn<U extends string> = U extends `${string}:id${string}` ? Id : undefined;

/**
 * `method` on `url` changing one record (or asking what a change would do), by its `body` when it takes one: the
 * changed `item` (or the answer), or 400 naming a bad body field, 404 when `url` names the record by :id, one of
 * `also`, and the route's own words for 400, 403 and 409 (the record's state refuses the change) when `invalid`,
 * `forbidden` or `conflict` gives them. With `proposed`, a change that four eyes turn into a proposal (`change`
 * answers `proposal(...)`) is answered 202 with it.
 */
export function changeRoute<U extends string, T extends z.ZodType, B extends z.ZodType = z.ZodUndefined, P extends z.ZodType = z.ZodNever>(
  app: RouteApp,
  method: "PATCH" | "PUT" | "POST" | "DELETE",
  url: U,
  about: About,
  route: {
    body?: B;
    item: T;
    proposed?: P;
    change: (id: IdIn<U>, body: z.output<B>, admin: AdminIdentity) => Promise<z.output<T> | Proposal<z.output<P>>>;
    invalid?: string;
    forbidden?: string;
    conflict?: string;
    also?: ErrorStatus[];
  },
): void {
  const { body, item, proposed, change, invalid, forbidden, conflict, also = [] } = route;
  const ofRecord = url.includes(":id");
  const response: Responses = {
    ...ok(item),
    ...(proposed && ok(proposed, 202)),
    ...errors(...(body ? [400 as const] : []), ...(ofRecord ? [404 as const] : []), ...also),
    ...(invalid !== undefined && error(400, invalid)),
    ...(forbidden !== undefined && error(403, forbidden)),
    ...(conflict !== undefined && error(409, conflict)),
  };
  app.route({
    method,
    url,
    schema: { ...about, ...(ofRecord && { params: idParamsSchema }), ...(body && { body }), response },
    handler: async (request, reply) => {
      const answer = await change((request.params as { id: IdIn<U> }).id, request.body as z.output<B>, request.admin);
      return answer instanceof Proposal ? reply.code(202).send({ data: answer.data }) : { data: answer };
    },
  });
}

/**
 * POST `url` ("" unless given) adding a record, from its `body` when it takes one: 201 with the new
 * `item`, or 400 naming a bad body field, one of `also`, and 409 with `conflict` when it cannot be added.
 */
export function createRoute<T extends z.ZodType, B extends z.ZodType = z.ZodUndefined>(
  app: RouteApp,
  about: About,
  route: {
    body?: B;
    item: T;
    create: (body: z.output<B>, admin: AdminIdentity) => Promise<z.output<T>>;
    url?: string;
    also?: ErrorStatus[];
    conflict?: string;
  },
): void {
  const { body, item, create, url = "", also = [], conflict } = route;
  const response: Responses = { ...ok(item, 201), ...errors(...(body ? [400 as const] : []), ...also) };
  if (conflict !== undefined) Object.assign(response, error(409, conflict));
  app.post(url, { schema: { ...about, ...(body && { body }), response } }, async (request, reply) =>
    reply.code(201).send({ data: await create(request.body as z.output<B>, request.admin) }),
  );
}
