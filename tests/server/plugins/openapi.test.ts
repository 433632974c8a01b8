// The published contract: GET /api/v1/openapi.json, generated from the routes' zod schemas, lists every
// call of the core API with its request fields and its 4xx errors in the one error shape; every call
// the console makes (each row of the data provider's resource table, each path of the endpoints module)
// with the method the console uses and a response the console can read; the calls beyond the core API
// marked as such. The reference page renders it with nothing from elsewhere, and the response schemas
// drop nothing the services return.
import type { AxiosAdapter } from "axios";
import type { FastifyInstance } from "fastify";
import type { OpenAPIV3_1 } from "openapi-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_RESOURCES, RESOURCES, resourceNamed, type ResourceDeclaration } from "../../../contract/resources/index.ts";
import { dataProvider, resources as resourceTable } from "../../../src/providers/data-provider.ts";
import { http } from "../../../src/providers/http.ts";
import { OPENAPI_PATH } from "../../../server/plugins/openapi.ts";
import { resourceRoutes } from "../../../server/routes/index.ts";
import { seedDatabase } from "../../../server/seed/index.ts";
import { startTestServer, type TestClient, type TestServer } from "../support/harness.ts";

// The console names its paths once, in src/providers/endpoints.ts (or, before that module, api.ts).
const endpointModules = import.meta.glob<{ endpoints?: Record<string, unknown> }>(
  ["../../../src/providers/endpoints.ts", "../../../src/providers/api.ts"],
  { eager: true },
);
const endpoints =
  (endpointModules["../../../src/providers/endpoints.ts"] ?? endpointModules["../../../src/providers/api.ts"])?.endpoints ?? {};

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type Operation = OpenAPIV3_1.OperationObject & { "x-beyond-spec"?: boolean };
/** The parts of a JSON Schema this test reads. */
interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  minimum?: number;
  required?: string[];
}

/** The core API, call by call: method, path under /api/v1, the query parameters and body fields it names. */
const CORE_CALLS: { method: Method; path: string; query?: string[]; body?: string[] }[] = [
  // Auth
  { method: "GET", path: "/auth/nonce", query: ["publicKey"] },
  { method: "POST", path: "/auth/admin/verify", body: ["publicKey", "signature", "nonce", "message"] },
  { method: "GET", path: "/auth/validate" },
  { method: "POST", path: "/auth/logout" },
  // Users
  { method: "GET", path: "/users", query: ["page", "limit", "role", "verified", "disabled"] },
  { method: "GET", path: "/users/{id}" },
  { method: "PATCH", path: "/users/{id}", body: ["displayName", "contactInfo", "role", "verified", "disabled", "status"] },
  { method: "PATCH", path: "/users/{id}/deactivate", body: ["reason"] },
  { method: "GET", path: "/users/search/{term}", query: ["page", "limit"] },
  { method: "GET", path: "/admin/users/stats" },
  // Tokens
  { method: "GET", path: "/tokens/admin", query: ["page", "limit"] },
  { method: "POST", path: "/tokens/admin", body: ["mintAddress", "symbol", "name", "decimals", "logoUrl"] },
  { method: "PATCH", path: "/tokens/admin/{id}", body: ["mintAddress", "symbol", "name", "decimals", "logoUrl", "isActive"] },
  { method: "DELETE", path: "/tokens/admin/{id}" },
  { method: "DELETE", path: "/tokens/admin/{id}/hard" },
  { method: "POST", path: "/tokens/admin/initialize-sol" },
  // Products
  { method: "GET", path: "/admin/products", query: ["page", "limit", "category", "isFeatured"] },
  { method: "GET", path: "/products/{id}" },
  { method: "PUT", path: "/products/{id}/feature", body: ["featured"] },
  { method: "GET", path: "/products/categories" },
  { method: "PATCH", path: "/admin/products/{id}", body: ["isActive", "reason"] },
  { method: "DELETE", path: "/admin/products/{id}", body: ["reason"] },
  // Shops
  { method: "GET", path: "/admin/shops", query: ["page", "limit", "category", "isActive", "isVerified", "search"] },
  { method: "GET", path: "/admin/shops/{id}" },
  { method: "PATCH", path: "/admin/shops/{id}", body: ["isActive", "isVerified"] },
  { method: "GET", path: "/admin/shops/stats" },
  // Orders
  { method: "GET", path: "/admin/orders", query: ["page", "limit", "filter"] },
  { method: "GET", path: "/admin/orders/{id}" },
  { method: "GET", path: "/admin/orders/stats" },
  { method: "POST", path: "/admin/orders/{id}/resolve-dispute", body: ["resolution", "adminNotes", "refundPercentage"] },
  // Marketplace
  { method: "POST", path: "/admin/marketplace/initialize" },
  { method: "GET", path: "/admin/marketplace/status" },
];

/**
 * The list paths of the resources beyond the core API (`beyondSpec` in the registry, contract/resources/):
 * every operation at or under one is theirs, and marked x-beyond-spec by the route index.
 */
const BEYOND_SPEC_LISTS = (RESOURCES as readonly ResourceDeclaration[]).flatMap(({ beyondSpec, api }) =>
  beyondSpec && api ? [api.list] : [],
);
const underBeyondResource = (path: string) => BEYOND_SPEC_LISTS.some((list) => path === list || path.startsWith(`${list}/`));

/** The operations beyond the core API that are no resource's: each named, so a new one is noticed. */
const BEYOND_SPEC_CALLS = [
  "GET /admin/authority",
  "GET /admin/reconciliation",
  "GET /demo/wallet",
  "GET /auth/sign-in-input",
  "GET /admin/orders/{id}/timeline",
  "GET /admin/orders/stats/daily",
  "POST /admin/orders/{id}/notes",
  "GET /admin/orders/assignments",
  "POST /admin/orders/{id}/assignee",
  "DELETE /admin/orders/{id}/assignee",
  "POST /admin/orders/{id}/resolve-dispute/decision",
  "POST /admin/orders/{id}/resolve-dispute/preview",
  "POST /admin/products/{id}/restore",
  "GET /admin/products/deleted",
  "GET /tokens/admin/{id}/risk",
  "GET /tokens/admin/mint-risk",
  "GET /healthz",
  "GET /readyz",
  "GET /metrics",
  "GET /admin/events",
];

/**
 * How the console calls each path of the endpoints module that the resource table does not cover,
 * and what it reads in `data` ("X" one record, "X[]" an array, "Page<X>" a paged list).
 */
const CONSOLE_CALLS: Record<string, { method: Method; data: string }[]> = {
  userDeactivate: [{ method: "PATCH", data: "User" }], // users/deactivate.ts
  userSearch: [{ method: "GET", data: "Page<User>" }], // components/palette/use-record-lookup.ts
  userStats: [{ method: "GET", data: "UserStats" }], // dashboard
  orderDailyStats: [{ method: "GET", data: "OrderDailyStats" }], // dashboard/charts
  orderStats: [{ method: "GET", data: "OrderStats" }], // dashboard/disputes-card.tsx
  orderAssignments: [{ method: "GET", data: "OrderAssignments" }], // orders/assignee.tsx
  orderAssignee: [
    { method: "POST", data: "Order" },
    { method: "DELETE", data: "Order" },
  ], // orders/assignee.tsx
  tokenInitializeSol: [{ method: "POST", data: "Token" }], // tokens/init-sol.tsx
  tokenRisk: [{ method: "GET", data: "MintRiskReport" }], // tokens/risk-report.tsx
  mintRisk: [{ method: "GET", data: "MintRiskReport" }], // tokens/mint-lookup.tsx
  productFeature: [{ method: "PUT", data: "Product" }], // products/use-product-actions.tsx
  productCategories: [{ method: "GET", data: "ProductCategory[]" }], // products/use-categories.ts
  productRestore: [{ method: "POST", data: "Product" }], // products/use-product-actions.tsx
  resolveDispute: [{ method: "POST", data: "DisputeResolutionResult" }], // orders/dispute-form.tsx
  resolveDisputePreview: [{ method: "POST", data: "PayoutPreview" }], // orders/payout-preview.tsx
  resolveDisputeDecision: [{ method: "POST", data: "DecisionChallenge" }], // orders/use-decision-signer.ts
  orderTimeline: [{ method: "GET", data: "OrderTimeline" }], // orders/timeline.tsx
  orderNotes: [{ method: "POST", data: "OrderNote" }], // orders/note-form.tsx
  marketplaceStatus: [{ method: "GET", data: "MarketplaceStatus" }], // marketplace page
  marketplaceInitialize: [{ method: "POST", data: "MarketplaceStatus" }], // marketplace page
  authority: [{ method: "GET", data: "AuthorityHealth" }], // components/authority/use-authority-health.ts
  audit: [{ method: "GET", data: "Page<AuditEntry>" }], // components/history/audit-history.tsx, the Activity screen
  auditAdmins: [{ method: "GET", data: "AuditAdmins" }], // activity/use-admin-options.ts
  settlementRetry: [{ method: "POST", data: "Settlement" }], // the Settlements screen's Retry
  settlementApprove: [{ method: "POST", data: "ApprovalResult" }], // settlements/proposals.tsx
  settlementReject: [{ method: "POST", data: "Settlement" }], // settlements/proposals.tsx
  settlementTotals: [{ method: "GET", data: "SettlementTotals" }], // settlements/totals.tsx
  reconciliation: [{ method: "GET", data: "Reconciliation" }], // settlements/reconcile.tsx
  // The admin team (resources/team/): the console reads the add's and change's `member` or `proposal`
  // (a 202), the proposals' list (paged or bare), and nothing of a removal's or a decision's answer.
  team: [{ method: "POST", data: "TeamChangeResult" }], // team/add.tsx
  teamMember: [
    { method: "PATCH", data: "TeamChangeResult" }, // team/change.tsx
    { method: "DELETE", data: "TeamChangeResult" }, // team/remove.ts (reads nothing of it)
  ],
  teamProposals: [{ method: "GET", data: "TeamProposal[]" }], // team/proposals.tsx
  screeningAcknowledge: [{ method: "POST", data: "ScreeningHit" }], // screening/list.tsx
  teamProposalApprove: [{ method: "POST", data: "TeamChangeResult" }], // team/proposals.tsx
  teamProposalReject: [{ method: "POST", data: "TeamProposal" }], // team/proposals.tsx
  webhookDeliveries: [{ method: "GET", data: "Page<WebhookDelivery>" }], // webhooks/deliveries.tsx
  webhookResend: [{ method: "POST", data: "WebhookDelivery" }], // webhooks/deliveries.tsx
  liveEvents: [{ method: "GET", data: "DisputesEvent" }], // providers/live-updates.ts (its probe; the stream itself is text/event-stream)
  demoWallet: [{ method: "GET", data: "DemoWallet" }], // providers/demo-wallet.ts
  "auth.nonce": [{ method: "GET", data: "Nonce" }],
  "auth.verify": [{ method: "POST", data: "Verification" }],
  "auth.signInInput": [{ method: "GET", data: "SignInInput" }], // providers/auth-provider.ts (one-step sign-in)
  "auth.validate": [{ method: "GET", data: "SessionValidation" }],
  "auth.logout": [{ method: "POST", data: "Logout" }],
};

let server: TestServer;
let document: OpenAPIV3_1.Document;

beforeAll(async () => {
  server = await startTestServer();
  const response = await server.client().get("/api/v1/openapi.json");
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  document = response.body;
});

afterAll(async () => {
  await server?.close();
});

// ---- Reading the document ----

function resolve(schema: Schema | undefined): Schema {
  if (!schema?.$ref) return schema ?? {};
  const name = schema.$ref.replace("#/components/schemas/", "");
  return document.components?.schemas?.[name] as Schema;
}

/** The document's path for a concrete console path: an exact path first, then the template with fewest parameters. */
function documentPath(concrete: string): string | undefined {
  const candidates = Object.keys(document.paths ?? {}).filter((template) =>
    new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`).test(concrete),
  );
  return candidates.sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0))[0];
}

function operation(method: Method, path: string): Operation | undefined {
  const item = document.paths?.[path] as Record<string, Operation> | undefined;
  return item?.[method.toLowerCase()];
}

function successSchema(op: Operation): Schema {
  const response = (op.responses?.["200"] ?? op.responses?.["201"]) as OpenAPIV3_1.ResponseObject | undefined;
  return resolve(response?.content?.["application/json"]?.schema as Schema);
}

/** "User", "User[]" or "Page<User>": what a success body's `data` holds. */
function describeData(schema: Schema | undefined): string {
  if (!schema) return "nothing";
  if (schema.$ref) return schema.$ref.replace("#/components/schemas/", "");
  if (schema.type === "array") return `${describeData(schema.items)}[]`;
  const items = schema.properties?.items;
  if (items?.type === "array" && schema.properties?.totalPages) return `Page<${describeData(items.items)}>`;
  return "object";
}

/** A value shaped as the schema says, every optional field included. */
function example(schema: Schema | undefined): unknown {
  const resolved = resolve(schema);
  if (resolved.anyOf) return example(resolved.anyOf.find((branch) => branch.type !== "null"));
  if (resolved.enum) return resolved.enum[0];
  const type = [resolved.type].flat().find((t) => t !== "null");
  switch (type) {
    case "object":
      return Object.fromEntries(Object.entries(resolved.properties ?? {}).map(([key, value]) => [key, example(value)]));
    case "array":
      return [example(resolved.items)];
    case "string":
      return "sample";
    case "integer":
    case "number":
      return Math.max(1, resolved.minimum ?? 1);
    case "boolean":
      return true;
    default:
      return null;
  }
}

// ---- The console's calls, as it makes them ----

interface SeenCall {
  method: Method;
  path: string;
  query: Record<string, unknown>;
}

/** Runs `call` against a stand-in for the API answering `body`, and returns what was asked and what the console got. */
async function captured<T>(body: unknown, call: () => Promise<T>): Promise<{ seen: SeenCall; result: T }> {
  let seen: SeenCall | undefined;
  const adapter: AxiosAdapter = async (config) => {
    seen = { method: (config.method ?? "get").toUpperCase() as Method, path: config.url ?? "", query: config.params ?? {} };
    return { data: body, status: 200, statusText: "OK", headers: {}, config };
  };
  const previous = http.defaults.adapter;
  http.defaults.adapter = adapter;
  try {
    const result = await call();
    return { seen: seen!, result };
  } finally {
    http.defaults.adapter = previous;
  }
}

/** The operation the console's call reaches, failing with a readable message when there is none. */
function reached(method: Method, concrete: string): Operation {
  const path = documentPath(concrete);
  const op = path ? operation(method, path) : undefined;
  expect(op, `${method} ${concrete} is not in the OpenAPI document`).toBeDefined();
  return op!;
}

const SAMPLE_ID = "sample-id";

describe("GET /api/v1/openapi.json", () => {
  it("is an OpenAPI 3.1 document whose paths are relative to /api/v1, with the one error shape", () => {
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document.servers).toEqual([{ url: "/api/v1" }]);
    const error = resolve({ $ref: "#/components/schemas/Error" });
    expect(error.required).toEqual(["message"]);
    expect(Object.keys(error.properties ?? {})).toEqual(["message", "errors"]);
    expect(error.properties?.errors.items?.required).toEqual(["field", "message"]);
  });

  it.each(CORE_CALLS)("lists the core API's $method $path with its request fields", ({ method, path, query = [], body = [] }) => {
    const op = operation(method, path);
    expect(op, `${method} ${path}`).toBeDefined();
    expect(op!["x-beyond-spec"]).toBeUndefined();
    const parameters = (op!.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
    expect(parameters.filter((p) => p.in === "query").map((p) => p.name)).toEqual(expect.arrayContaining(query));
    for (const name of path.match(/\{(\w+)\}/g)?.map((p) => p.slice(1, -1)) ?? []) {
      expect(parameters).toContainEqual(expect.objectContaining({ in: "path", name, required: true }));
    }
    if (body.length) {
      const schema = (op!.requestBody as OpenAPIV3_1.RequestBodyObject).content["application/json"].schema as Schema;
      expect(Object.keys(resolve(schema).properties ?? {})).toEqual(expect.arrayContaining(body));
    }
  });

  it.each(CORE_CALLS)("documents the 4xx errors of the core API's $method $path in the error shape", ({ method, path, query, body }) => {
    const op = operation(method, path)!;
    const errors = Object.entries(op.responses ?? {}).filter(([status]) => /^4\d\d$/.test(status));
    expect(errors.length).toBeGreaterThan(0);
    for (const [, response] of errors) {
      const { description, content } = response as OpenAPIV3_1.ResponseObject;
      expect(description).not.toBe("Default Response");
      expect(content?.["application/json"]?.schema).toEqual({ $ref: "#/components/schemas/Error" });
    }
    const statuses = errors.map(([status]) => status);
    if (!path.startsWith("/auth/")) expect(statuses).toEqual(expect.arrayContaining(["401", "403"]));
    if (query?.length || body?.length) expect(statuses).toContain("400");
    if (path.includes("{id}")) expect(statuses).toContain("404");
  });

  it("marks every operation beyond the core API as such", () => {
    const core = new Set(CORE_CALLS.map(({ method, path }) => `${method} ${path}`));
    const beyond: string[] = [];
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const [method, op] of Object.entries(item as Record<string, Operation>)) {
        if (method === "servers") continue; // the root-level paths' own server, not an operation
        const call = `${method.toUpperCase()} ${path}`;
        if (core.has(call)) continue;
        expect(op["x-beyond-spec"], `${call} is not in the core API: mark it x-beyond-spec`).toBe(true);
        beyond.push(call);
      }
    }
    const ofResources = beyond.filter((call) => underBeyondResource(call.slice(call.indexOf(" ") + 1)));
    expect(beyond.filter((call) => !ofResources.includes(call)).sort()).toEqual([...BEYOND_SPEC_CALLS].sort());
    // Each resource beyond the core API is served, its list at least.
    for (const list of BEYOND_SPEC_LISTS) expect(ofResources).toContain(`GET ${list}`);
  });

  it("documents on every API operation the 503 of an unavailable database, with its Retry-After", () => {
    let operations = 0;
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const [method, op] of Object.entries(item as Record<string, Operation>)) {
        if (method === "servers" || op.tags?.includes("Operations")) continue;
        const response = op.responses?.["503"] as OpenAPIV3_1.ResponseObject | undefined;
        const call = `${method.toUpperCase()} ${path}`;
        expect(response?.description, call).toMatch(/the database is unavailable/i);
        expect(response?.content?.["application/json"]?.schema, call).toEqual({ $ref: "#/components/schemas/Error" });
        expect(response?.headers?.["Retry-After"], call).toMatchObject({ schema: { type: "integer" } });
        operations++;
      }
    }
    expect(operations).toBeGreaterThan(30);
    // A 503 a route documented already keeps its own meaning beside it.
    expect(operation("POST", "/admin/orders/{id}/resolve-dispute")!.responses?.["503"]).toMatchObject({
      description: expect.stringMatching(/^No settlement service is configured/),
    });
    expect(document.info.description).toMatch(/503 with `Retry-After` while the\s+database is unavailable/);
  });

  it("places the operations routes at the server's root, outside the API's prefix", () => {
    for (const path of ["/healthz", "/readyz", "/metrics"]) {
      expect(document.paths?.[path]?.servers, path).toEqual([{ url: "/", description: "The instance itself" }]);
    }
    expect(document.paths?.["/admin/orders"]?.servers).toBeUndefined();
    expect(Object.keys(document.paths?.["/readyz"]?.get?.responses ?? {}).sort()).toEqual(["200", "421", "503"]);
    expect(Object.keys(document.paths?.["/metrics"]?.get?.responses ?? {})).toContain("401");
    expect(document.servers).toEqual([{ url: "/api/v1" }]);
  });

  it("documents GET /metrics' 200: Prometheus' text format, as it is served", async () => {
    const response = await fetch(`${server.baseUrl}/metrics`);
    expect(response.status).toBe(200);
    const served = response.headers.get("content-type") ?? "";
    const documented = (document.paths?.["/metrics"]?.get?.responses?.["200"] as OpenAPIV3_1.ResponseObject | undefined)?.content ?? {};
    expect(Object.keys(documented)).toEqual(["text/plain"]);
    expect(served.split(";")[0]).toBe("text/plain");
    expect(documented["text/plain"].schema).toMatchObject({ type: "string" });
  });
});

describe("every call the console makes is in the document", () => {
  it.each(Object.keys(resourceTable))("the data provider's %s row: method, path and a readable response", async (name) => {
    const entry = resourceTable[name];
    const record = resourceNamed(name).record?.schema;
    expect(record, `say which record the console's ${name} screens hold (record.schema in its registry declaration)`).toBeDefined();
    const recordExample = example({ $ref: `#/components/schemas/${record}` });

    const list = reached("GET", entry.list);
    const listing = await captured(example(successSchema(list)), () => dataProvider.getList({ resource: name }));
    expect(listing.seen).toMatchObject({ method: "GET", path: entry.list });
    for (const key of Object.keys(listing.seen.query)) {
      expect(list.parameters, `${name}: query ${key}`).toContainEqual(expect.objectContaining({ in: "query", name: key }));
    }
    for (const field of entry.filters) {
      // A view's filter is not sent, nor a searched list's search: each reads a path of its own, checked below.
      if (Object.hasOwn(entry.views, field) || (field === "search" && entry.search)) continue;
      expect(list.parameters, `${name}: filter ${field}`).toContainEqual(expect.objectContaining({ in: "query", name: field }));
    }
    expect(listing.result.data).toEqual([recordExample]);
    expect(typeof listing.result.total).toBe("number");

    for (const [field, path] of Object.entries(entry.views)) {
      const view = reached("GET", path);
      const filters = [{ field, operator: "eq" as const, value: "true" }];
      const viewing = await captured(example(successSchema(view)), () => dataProvider.getList({ resource: name, filters }));
      expect(viewing.seen, `${name}: view ${field}`).toMatchObject({ method: "GET", path });
      expect(viewing.result.data).toEqual([recordExample]);
    }

    if (entry.search) {
      const path = entry.search("alice");
      const search = reached("GET", path);
      const filters = [{ field: "search", operator: "eq" as const, value: "alice" }];
      const searching = await captured(example(successSchema(search)), () => dataProvider.getList({ resource: name, filters }));
      expect(searching.seen, `${name}: search`).toMatchObject({ method: "GET", path });
      for (const key of Object.keys(searching.seen.query)) {
        expect(search.parameters, `${name}: search query ${key}`).toContainEqual(expect.objectContaining({ in: "query", name: key }));
      }
      expect(searching.result.data).toEqual([recordExample]);
    }

    const single: ["one" | "create" | "update" | "remove", Method, () => Promise<{ data: unknown }>][] = [
      ["one", "GET", () => dataProvider.getOne({ resource: name, id: SAMPLE_ID })],
      ["create", "POST", () => dataProvider.create({ resource: name, variables: {} })],
      ["update", "PATCH", () => dataProvider.update({ resource: name, id: SAMPLE_ID, variables: {} })],
      ["remove", "DELETE", () => dataProvider.deleteOne({ resource: name, id: SAMPLE_ID, variables: {} })],
    ];
    for (const [key, method, call] of single) {
      const path = entry[key];
      if (!path) continue;
      const concrete = typeof path === "function" ? path(SAMPLE_ID) : String(path);
      const op = reached(method, concrete);
      expect(describeData(successSchema(op).properties?.data), `${method} ${concrete}`).toBe(record);
      const { seen, result } = await captured(example(successSchema(op)), call);
      expect(seen).toMatchObject({ method, path: concrete });
      expect(result.data).toEqual(recordExample);
    }
  });

  const paths = Object.entries(endpoints).flatMap(([key, value]) =>
    value && typeof value === "object"
      ? Object.entries(value).map(([inner, v]) => [`${key}.${inner}`, v] as const)
      : [[key, value] as const],
  );
  const tablePaths = new Set(
    Object.values(resourceTable).flatMap((entry) =>
      [entry.list, entry.one, entry.create, entry.update, entry.remove].map((p) => (typeof p === "function" ? p(SAMPLE_ID) : p)),
    ),
  );

  it("CONSOLE_CALLS describes only paths the endpoints module has", () => {
    const keys = new Set(paths.map(([key]) => key));
    expect(Object.keys(CONSOLE_CALLS).filter((key) => !keys.has(key))).toEqual([]);
  });

  it.each(paths)("endpoints.%s: the methods the console uses, answering what it reads", (key, value) => {
    const concrete = typeof value === "function" ? (value as (id: string) => string)(SAMPLE_ID) : String(value);
    // The document itself, not an operation in it: the console reads its paths' query parameters
    // (components/record/list-filter-support.ts).
    if (key === "openApi") {
      expect(concrete).toBe(OPENAPI_PATH);
      return;
    }
    const calls = CONSOLE_CALLS[key];
    if (!calls) {
      expect(tablePaths.has(concrete), `endpoints.${key}: add how the console calls it to CONSOLE_CALLS`).toBe(true);
      return;
    }
    for (const { method, data } of calls) {
      const op = reached(method, concrete);
      expect(describeData(successSchema(op).properties?.data)).toBe(data);
    }
  });
});

describe("the reference page at /api/docs", () => {
  it("is served from here, with a CSP that allows its own scripts and nothing from elsewhere", async () => {
    const client = server.client();
    expect((await client.get("/api/docs")).status).toBe(301);
    const page = await client.get("/api/docs/");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'sha256-[^']+'/);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/https?:|\*/);
    expect(page.text).toContain('"url": "/api/v1/openapi.json"');
    const script = /<script src="([^"]+)"/.exec(page.text)?.[1];
    expect(script).toBe("js/scalar.js");
    const asset = await fetch(`${server.baseUrl}/api/docs/${script}`, { method: "HEAD" });
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-type")).toMatch(/javascript/);
  });
});

describe("response schemas drop nothing the routes send", () => {
  let seeded: TestServer;
  let api: TestClient;
  /** What each handler returned, before the response schema serialized it. */
  const sent = new Map<string, unknown>();

  beforeAll(async () => {
    seeded = await startTestServer({
      prepare: (ctx) => seedDatabase(ctx.database, { orders: 40, seed: 5, now: ctx.now() }).then(() => undefined),
      resources: async (app: FastifyInstance, opts) => {
        app.addHook("preSerialization", async (request, _reply, payload) => {
          sent.set(`${request.method} ${request.url}`, JSON.parse(JSON.stringify(payload)));
          return payload;
        });
        await resourceRoutes(app, opts);
      },
    });
    api = await seeded.signIn();
  });

  afterAll(async () => {
    await seeded?.close();
  });

  async function expectWhole(method: Method, path: string, body?: unknown) {
    const response = await api.request(method, path, { body });
    expect(response.status, `${method} ${path}: ${response.text}`).toBeLessThan(300);
    expect(response.body).toEqual(sent.get(`${method} /api/v1${path}`));
    return response.body.data;
  }

  it("sends every field of every record, list and statistic", async () => {
    const user = (await expectWhole("GET", "/users?limit=5")).items.find((u: { role: string }) => u.role === "USER");
    await expectWhole("GET", "/users/search/a");
    await expectWhole("GET", `/users/${user.id}`);
    await expectWhole("PATCH", `/users/${user.id}`, { status: "active" });
    await expectWhole("PATCH", `/users/${user.id}/deactivate`, { reason: "spam" });
    await expectWhole("GET", "/admin/users/stats");

    const token = (await expectWhole("GET", "/tokens/admin")).items[0];
    await expectWhole("PATCH", `/tokens/admin/${token.id}`, { isActive: false });
    await expectWhole("DELETE", `/tokens/admin/${token.id}`);

    const product = (await expectWhole("GET", "/admin/products?includeDeleted=true")).items[0];
    await expectWhole("GET", "/products/categories");
    await expectWhole("GET", `/products/${product.id}`);
    await expectWhole("PUT", `/products/${product.id}/feature`, { featured: !product.isFeatured });
    await expectWhole("DELETE", `/admin/products/${product.id}`, { reason: "duplicate" });
    await expectWhole("POST", `/admin/products/${product.id}/restore`, { reason: "not a duplicate" });

    const shop = (await expectWhole("GET", "/admin/shops"))[0];
    await expectWhole("GET", "/admin/shops/stats");
    await expectWhole("GET", `/admin/shops/${shop.id}`);
    await expectWhole("PATCH", `/admin/shops/${shop.id}`, { isVerified: !shop.isVerified });

    const order = (await expectWhole("GET", "/admin/orders?filter=in_dispute")).items[0];
    await expectWhole("GET", "/admin/orders/stats");
    await expectWhole("GET", "/admin/orders/stats/daily?days=366");
    await expectWhole("GET", `/admin/orders/${order.id}`);
    await expectWhole("POST", `/admin/orders/${order.id}/notes`, { body: "Checked the tracking" });
    await expectWhole("GET", `/admin/orders/${order.id}/timeline`);
    await expectWhole("GET", "/admin/marketplace/status");
    await expectWhole("GET", "/admin/audit?limit=100");
    await expectWhole("GET", "/admin/audit/admins");
    await expectWhole("GET", "/admin/settlements?status=failed");
  });

  it.each(API_RESOURCES)("sends every field of the $name list and of one of its records (the registry's api)", async ({ api }) => {
    const data = await expectWhole("GET", api.list);
    const first = (Array.isArray(data) ? data : data.items)[0];
    if (api.one && first) await expectWhole("GET", api.one.replace(":id", encodeURIComponent(first.id)));
  });
});
