// The schema fuzzer: for every operation of the served OpenAPI document, requests made from its own
// parameter and body schemas (schema-arbitrary.ts: mostly valid, sometimes just off), sent signed in as
// an admin to a seeded server. Every answer must carry a status the operation documents (never a 500),
// an error in JSON, and a body that the document's schema for that status accepts (Ajv, JSON Schema
// 2020-12 as OpenAPI 3.1 is). A fixed seed and a bounded number of requests per operation: the same
// requests every run, in seconds (about 8 on SQLite, 16 on PostgreSQL, where it runs too: its text
// cannot hold a NUL, which SQLite's can).
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import fc from "fast-check";
import type { OpenAPIV3_1 } from "openapi-types";
import { afterAll, describe, expect, it } from "vitest";
import { seedDatabase } from "../../../server/seed/index.ts";
import { createTestWallet, startTestServer, type TestClient } from "../support/harness.ts";
import { schemaArbitraries, type Schema } from "../support/schema-arbitrary.ts";

const SEED = 28_10;
/** Requests per operation (more only while shrinking a failure to its smallest case). */
const RUNS = 30;

type Operation = OpenAPIV3_1.OperationObject;
type Parameter = OpenAPIV3_1.ParameterObject & { schema: Schema };

const logoutWallet = createTestWallet();
const server = await startTestServer({
  extraAdminWallets: [logoutWallet],
  prepare: (ctx) => seedDatabase(ctx.database, { orders: 40, users: 30, seed: 28, now: ctx.now() }).then(() => undefined),
});
afterAll(() => server.close());

const document: OpenAPIV3_1.Document = (await server.client().get("/api/v1/openapi.json")).body;
const admin = await server.signIn();
/**
 * POST /auth/logout ends the session it is sent with: it gets a session of its own (another admin
 * wallet), so the run keeps the admin's. Everything else is sent as the run's admin: the demo wallet
 * and the sign-in calls (a forged signature never signs in, so never rotates the session) included.
 */
const ownSession: Record<string, TestClient> = { "POST /auth/logout": await server.signIn(logoutWallet) };

/**
 * The seeded records, so that calls reach past the 404 and past the rules a schema does not state:
 * their ids, and every string they hold (addresses, URLs, names) as the fuzzer's dictionary. Users
 * are read without the admins: a fuzzed PATCH disabling the run's own admin would leave only 403s.
 */
async function seeded(): Promise<{ ids: string[]; words: string[] }> {
  const lists = [
    "/users?role=USER&limit=100",
    "/tokens/admin?limit=100",
    "/admin/products?includeDeleted=true&limit=100",
    "/admin/shops?limit=100",
    "/admin/orders?limit=100",
    "/admin/settlements?limit=100",
  ];
  const ids: string[] = [];
  const words = new Set<string>();
  const collect = (value: unknown): void => {
    if (typeof value === "string" && value.length <= 100) words.add(value);
    else if (value && typeof value === "object") Object.values(value).forEach(collect);
  };
  for (const list of lists) {
    const response = await admin.get(list);
    expect(response.status, `${list}: ${response.text}`).toBe(200);
    const data = response.body.data as { items?: { id: string }[] } | { id: string }[];
    const records = Array.isArray(data) ? data : (data.items ?? []);
    ids.push(...records.map((record) => record.id));
    collect(records);
  }
  return { ids, words: [...words].sort() };
}
const { ids, words } = await seeded();

const schemas = (document.components?.schemas ?? {}) as Record<string, Schema>;
const { fuzzed, parameter } = schemaArbitraries((ref) => schemas[ref.replace("#/components/schemas/", "")], words);

// ---- The document's operations and what they accept ----

interface Call {
  method: string;
  path: string;
  op: Operation;
  /** Where the path is served: the API's prefix, or the server's root (the operations routes). */
  base: string;
}

const calls: Call[] = Object.entries(document.paths ?? {}).flatMap(([path, item]) => {
  const base = (item as OpenAPIV3_1.PathItemObject).servers?.[0]?.url ?? document.servers?.[0]?.url ?? "";
  return Object.entries(item as Record<string, Operation>)
    .filter(([method]) => ["get", "post", "put", "patch", "delete"].includes(method))
    .map(([method, op]) => ({ method: method.toUpperCase(), path, op, base: base.replace(/\/$/, "") }));
});

interface Request {
  path: string;
  query: [string, string][];
  body?: unknown;
}

/** A path segment as sent: percent-encoded, dots too (the URL parser would resolve "." and "../.."). */
const segment = (value: string) => encodeURIComponent(value).replaceAll(".", "%2E");

function requests({ path, op }: Call): fc.Arbitrary<Request> {
  const parameters = (op.parameters ?? []) as Parameter[];
  const inPath = parameters.filter((p) => p.in === "path");
  const inQuery = parameters.filter((p) => p.in === "query");
  const pathValue = (p: Parameter) => {
    const generated = parameter(p.schema).filter((value) => value.length > 0);
    return p.name === "id" && ids.length ? fc.oneof(fc.constantFrom(...ids), generated) : generated;
  };
  const body = (op.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content["application/json"]?.schema as Schema | undefined;
  return fc.record({
    path: fc
      .tuple(...inPath.map(pathValue))
      .map((values) => inPath.reduce((filled, p, i) => filled.replace(`{${p.name}}`, segment(values[i])), path)),
    query: fc
      .tuple(...inQuery.map((p) => (p.required ? parameter(p.schema) : fc.option(parameter(p.schema), { nil: undefined, freq: 2 }))))
      .map((values) => inQuery.flatMap((p, i): [string, string][] => (values[i] === undefined ? [] : [[p.name, values[i]]]))),
    body: body ? fuzzed(body) : fc.constant(undefined),
  });
}

// ---- What an answer must be ----

// Type lists (["string", "null"]) are how OpenAPI 3.1 says nullable.
const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
addFormats(ajv);
ajv.addSchema({ $id: "components", $defs: JSON.parse(JSON.stringify(schemas).replaceAll("#/components/schemas/", "components#/$defs/")) });
const validators = new Map<unknown, ValidateFunction>();

function validator(schema: unknown): ValidateFunction {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll("#/components/schemas/", "components#/$defs/")));
    validators.set(schema, validate);
  }
  return validate;
}

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

/** What is wrong with the answer, as the document has it; empty when nothing is. */
function problems(op: Operation, answer: Answer): string[] {
  const responses = op.responses ?? {};
  const documented = (responses[String(answer.status)] ?? responses[`${String(answer.status)[0]}XX`]) as
    OpenAPIV3_1.ResponseObject | undefined;
  if (answer.status === 500) return [`500: ${answer.text.slice(0, 300)}`];
  if (!documented)
    return [`${answer.status} is not among the documented ${Object.keys(responses).join(", ")}: ${answer.text.slice(0, 300)}`];
  const mediaType = answer.contentType.split(";")[0].trim();
  let body: unknown = answer.text;
  if (mediaType === "application/json") {
    try {
      body = JSON.parse(answer.text);
    } catch {
      return [`${answer.status}: the body is not JSON: ${answer.text.slice(0, 300)}`];
    }
  } else if (answer.status >= 400) return [`${answer.status}: an error as ${mediaType || "no content type"}, not JSON`];
  const content = documented.content?.[mediaType];
  if (!content)
    return [`${answer.status} as ${mediaType}: the document lists ${Object.keys(documented.content ?? {}).join(", ") || "no body"}`];
  const validate = validator(content.schema ?? {});
  if (validate(body)) return [];
  return (validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `${answer.status}: ${e.instancePath || "body"} ${e.message} (${JSON.stringify(e.params)})`);
}

async function send(call: Call, request: Request): Promise<Answer> {
  const query = request.query.length ? `?${new URLSearchParams(request.query)}` : "";
  const client = ownSession[`${call.method} ${call.path}`] ?? admin;
  // The client's base is the server's root; a path starting with /api is sent as it is.
  const url = `${call.base}${request.path}${query}`;
  const response = url.startsWith("/api")
    ? await client.request(call.method, url, { body: request.body })
    : await rootRequest(call.method, url);
  return { status: response.status, contentType: response.headers.get("content-type") ?? "", text: response.text };
}

/** The operations routes, at the server's root, need no session. */
async function rootRequest(method: string, url: string) {
  const response = await fetch(`${server.baseUrl}${url}`, { method, headers: { accept: "application/json" }, redirect: "manual" });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe("every operation of the document, fuzzed from its schemas", () => {
  it.each(calls.map((call) => [`${call.method} ${call.path}`, call] as const))("%s", async (_name, call) => {
    // Every response schema compiles before any request: a schema Ajv refuses is its own failure.
    for (const response of Object.values(call.op.responses ?? {}) as OpenAPIV3_1.ResponseObject[]) {
      for (const { schema } of Object.values(response.content ?? {})) validator(schema ?? {});
    }
    await fc.assert(
      fc.asyncProperty(requests(call), async (request) => {
        const answer = await send(call, request);
        const found = problems(call.op, answer);
        if (found.length)
          throw new Error(
            `${call.method} ${request.path} ${JSON.stringify(request.query)} ${JSON.stringify(request.body)}\n${found.join("\n")}`,
          );
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it("kept the admin's session to the end: the answers above were not all 401s", async () => {
    expect((await admin.get("/auth/validate")).status).toBe(200);
  });
});
