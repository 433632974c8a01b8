// The published contract: an OpenAPI 3.1 document generated from the routes' zod schemas (contract/),
// served at GET /api/v1/openapi.json, and a reference page rendering it at /api/docs (Scalar, served
// from this server: no CDN, no fonts or telemetry from elsewhere). Only tagged routes (the API's)
// are documented; paths are relative to the one server entry, /api/v1.
import swagger from "@fastify/swagger";
import scalar from "@scalar/fastify-api-reference";
import type { RouteOptions } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import type { OpenAPIV3_1 } from "openapi-types";
import { ADMIN_NOTES_MAX, PAGE_SIZE, REASON_MAX } from "../../contract/index.ts";
import { DATABASE_UNAVAILABLE, declarePublic, errors, needs } from "../http/route-schema.ts";
import { OPERATIONS_TAG } from "./operations.ts";

export const OPENAPI_PATH = "/openapi.json";
export const DOCS_PREFIX = "/api/docs";

const DESCRIPTION = `The HTTP API of the marketplace admin console. This document is the contract: the console
calls exactly these operations, and a marketplace's own API implements them (see docs/api.md).

- Success bodies are \`{ "data": ... }\` (the shop list adds a sibling \`meta\`); every error is
  \`{ "message", "errors"? }\`, where \`errors\` lists \`{ field, message }\` for each bad input.
- Paged lists take \`page\` (from 1) and \`limit\` (1-100, default ${PAGE_SIZE}) and answer
  \`items, total, page, limit, totalPages\`.
- Sign-in: \`GET /auth/nonce\`, sign the message with the wallet, \`POST /auth/admin/verify\`; the
  session is an HttpOnly cookie. Every call outside \`/auth/\` and \`/demo/\` needs an admin session;
  every state-changing call also needs the \`X-XSRF-TOKEN\` header echoing the \`XSRF-TOKEN\` cookie.
- Reasons are at most ${REASON_MAX} characters, admin notes ${ADMIN_NOTES_MAX}.
- Operations and parameters beyond the core API are marked \`x-beyond-spec: true\`: the console
  works without them.
- Any call may also answer 413 (body over 256 KiB), 415 (a body that is not JSON), 421 (a Host this
  server does not answer for) or 500, in the same error shape; and 503 with \`Retry-After\` while the
  database is unavailable (each operation lists it).`;

const TAGS: OpenAPIV3_1.TagObject[] = [
  { name: "Auth", description: "Wallet sign-in and the session" },
  { name: "Users", description: "Users and permissions" },
  { name: "Tokens", description: "The SPL token whitelist" },
  { name: "Products", description: "Products and featured listings" },
  { name: "Shops", description: "Shops and seller verification" },
  { name: "Orders", description: "Orders and dispute resolution (settled on chain)" },
  { name: "Marketplace", description: "The on-chain marketplace configuration" },
  { name: "Audit", description: "The admin audit trail (beyond the core API)" },
  { name: "Team", description: "The admin team: roles and who may sign in, managed without a restart (beyond the core API)" },
  { name: "Demo", description: "The reference server's local demo wallet (beyond the core API)" },
  { name: "Live updates", description: "New disputes and settlement status changes as server-sent events (beyond the core API)" },
  { name: OPERATIONS_TAG, description: "Health, readiness and metrics of one instance, at the server's root (beyond the core API)" },
];

export interface OpenApiOptions {
  /** The API's prefix: the document's one server entry, and where the document is served. */
  apiPrefix: string;
  /** The session cookie's name (it depends on PUBLIC_ORIGIN's scheme). */
  sessionCookie: string;
}

/**
 * @fastify/swagger, which collects every route added after it (register this before the routes),
 * the document at GET {apiPrefix}/openapi.json (built at its first request, once every route is
 * known) and the reference page at /api/docs. fastify-plugin: swagger's route collector must see the
 * whole instance, not this plugin's scope.
 */
export const openApi = fp<OpenApiOptions>(
  async function openApi(app, options) {
    await app.register(swagger, {
      openapi: {
        openapi: "3.1.0",
        info: { title: "Marketplace admin API", version: "1.0.0", description: DESCRIPTION },
        servers: [{ url: options.apiPrefix }],
        tags: TAGS,
        components: {
          securitySchemes: {
            session: { type: "apiKey", in: "cookie", name: options.sessionCookie, description: "Set by POST /auth/admin/verify" },
            xsrf: { type: "apiKey", in: "header", name: "X-XSRF-TOKEN", description: "Echoes the XSRF-TOKEN cookie; every non-GET call" },
            metricsToken: { type: "http", scheme: "bearer", description: "METRICS_TOKEN, when the server has one: GET /metrics" },
          },
        },
      },
      hideUntagged: true,
      transform: jsonSchemaTransform,
      transformObject: (document) =>
        atTheRoot(
          publicUnlessSaid(
            openToMoreFields(withoutUnusedSchemas(withDatabaseUnavailable(jsonSchemaTransformObject(document) as OpenAPIV3_1.Document))),
          ),
        ),
    });

    const documentUrl = `${options.apiPrefix}${OPENAPI_PATH}`;
    app.get(documentUrl, { schema: { hide: true, ...needs("public") } }, async (_request, reply) =>
      reply.type("application/json; charset=utf-8").send(app.swagger()),
    );
    // Its pages are the reference's own routes: declared public in a scope of their own.
    await app.register(async (reference) => {
      reference.addHook("onRoute", declarePublic);
      await reference.register(scalar, {
        routePrefix: DOCS_PREFIX,
        logLevel: "warn",
        configuration: {
          url: documentUrl,
          pageTitle: "Marketplace admin API",
          withDefaultFonts: false,
          telemetry: false,
          hideClientButton: true,
          showDeveloperTools: "never",
          documentDownloadType: "json",
          agent: { disabled: true },
          mcp: { disabled: true },
        },
      });
    });
  },
  { name: "openapi", fastify: "5.x" },
);

/** onRoute hook of the guarded routes: their 401/403, and the session (and XSRF) they need. */
export function documentAdminGuard(route: RouteOptions): void {
  const method = [route.method].flat()[0];
  route.schema = {
    ...route.schema,
    security: [method === "GET" || method === "HEAD" ? { session: [] } : { session: [], xsrf: [] }],
    response: { ...errors(401, 403), ...(route.schema?.response as object | undefined) },
  };
}

/** onRoute hook: a route that validates its path parameters may answer 400 naming one (an id with a control character). */
export function documentParamErrors(route: RouteOptions): void {
  if (!route.schema?.params) return;
  route.schema = { ...route.schema, response: { ...errors(400), ...(route.schema.response as object | undefined) } };
}

/**
 * zod closes the objects it outputs (`additionalProperties: false`): true of this server, but the
 * console ignores fields it does not know, so a marketplace's API may send more. The contract says so.
 */
function openToMoreFields<T>(value: T): T {
  if (Array.isArray(value)) return value.map(openToMoreFields) as T;
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, child]) => !(key === "additionalProperties" && child === false))
      .map(([key, child]) => [key, openToMoreFields(child)]),
  ) as T;
}

/** The type provider emits an input and an output component for every named schema; keep those in use. */
function withoutUnusedSchemas(document: OpenAPIV3_1.Document): OpenAPIV3_1.Document {
  const schemas = document.components?.schemas ?? {};
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === "object") {
      for (const [key, child] of Object.entries(value)) {
        if (key === "$ref" && typeof child === "string") {
          const name = child.replace("#/components/schemas/", "");
          if (!used.has(name)) {
            used.add(name);
            visit(schemas[name]);
          }
        } else visit(child);
      }
    }
  };
  visit(document.paths);
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...document.components, schemas: kept } };
}

const HTTP_METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

/**
 * An operation that declares no security needs none (the guard's routes and the calls that need a
 * session or an XSRF header say so: documentAdminGuard, NEEDS): it says so with `security: []`, as
 * a reader (and Redocly's security-defined) cannot tell an open call from an undocumented one.
 */
function publicUnlessSaid(document: OpenAPIV3_1.Document): OpenAPIV3_1.Document {
  return mapOperations(document, (operation) => ({ security: [], ...operation }));
}

/** The document with `change` made to each of its operations. */
function mapOperations(
  document: OpenAPIV3_1.Document,
  change: (operation: OpenAPIV3_1.OperationObject) => OpenAPIV3_1.OperationObject,
): OpenAPIV3_1.Document {
  const paths = Object.fromEntries(
    Object.entries(document.paths ?? {}).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item ?? {}).map(([key, value]) => [
          key,
          HTTP_METHODS.has(key) ? change(value as OpenAPIV3_1.OperationObject) : value,
        ]),
      ),
    ]),
  );
  return { ...document, paths };
}

const RETRY_AFTER: OpenAPIV3_1.HeaderObject = {
  description: "Seconds to wait before calling again",
  schema: { type: "integer", minimum: 1 },
};

/**
 * Every API call reads the database (the session at least), so each may answer the 503 of a database
 * that does not answer: listed on every operation, beside a 503 of its own when it has one. The
 * operations routes answer for themselves (/readyz says what is down; /healthz reads nothing).
 */
function withDatabaseUnavailable(document: OpenAPIV3_1.Document): OpenAPIV3_1.Document {
  const with503 = (operation: OpenAPIV3_1.OperationObject): OpenAPIV3_1.OperationObject => {
    if (operation.tags?.includes(OPERATIONS_TAG)) return operation;
    const own = operation.responses?.["503"] as OpenAPIV3_1.ResponseObject | undefined;
    const response: OpenAPIV3_1.ResponseObject = {
      description: own ? `${own.description}; or ${DATABASE_UNAVAILABLE.replace(/^The/, "the")}` : DATABASE_UNAVAILABLE,
      headers: { ...own?.headers, "Retry-After": RETRY_AFTER },
      content: own?.content ?? { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    };
    return { ...operation, responses: { ...operation.responses, 503: response } };
  };
  return mapOperations(document, with503);
}

/** The operations routes live at the server's root, not under the API's prefix: their paths say so. */
function atTheRoot(document: OpenAPIV3_1.Document): OpenAPIV3_1.Document {
  const paths = Object.fromEntries(
    Object.entries(document.paths ?? {}).map(([path, item]) => {
      const operations = Object.values(item ?? {}) as OpenAPIV3_1.OperationObject[];
      const operational = operations.some((operation) => operation?.tags?.includes(OPERATIONS_TAG));
      return [path, operational ? { ...item, servers: [{ url: "/", description: "The instance itself" }] } : item];
    }),
  );
  return { ...document, paths };
}
