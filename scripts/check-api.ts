// Checks a running API against the OpenAPI document, with read-only calls only (GET):
//
//   npm run check:api -- https://api.example.com/api/v1 [--cookie "sid=..."] [--header "Name: value"] [--document file-or-URL]
//
// Without a session it checks that every guarded call refuses with 401 in the error shape and that a
// sign-in challenge is issued. With one (the session cookie of a signed-in admin, copied from the
// browser), every GET operation is called - lists with page=1&limit=1, `{id}` paths with an id read
// from the matching list - and each answer must match the document's schema for its status.
// Operations marked x-beyond-spec may answer 404 (the console copes), or a 503 their document lists
// (a server without a settlement service). Exit code 1 on any failure.
// The document comes from --document, else from <base>/openapi.json (the reference server serves it).
import { readFile } from "node:fs/promises";
import { generateKeyPairSync } from "node:crypto";
import { pathToFileURL } from "node:url";
import bs58 from "bs58";
import type { OpenAPIV3_1 } from "openapi-types";
import { z } from "zod";

type Operation = OpenAPIV3_1.OperationObject & { "x-beyond-spec"?: boolean };

/** The sign-in challenge: anonymous, for a wallet address. */
const NONCE_PATH = "/auth/nonce";

export interface CheckResult {
  ok: boolean;
  call: string;
  status: number;
  note: string;
}

export interface CheckOptions {
  /** The API's base URL, e.g. https://api.example.com/api/v1 */
  base: string;
  document: OpenAPIV3_1.Document;
  /** Request headers that carry an admin session (Cookie, Authorization...); none = anonymous checks only. */
  session?: Record<string, string>;
}

/** A validator for one schema of the document (its components as $defs). */
function validator(document: OpenAPIV3_1.Document, schema: unknown): z.ZodType {
  const defs = JSON.parse(JSON.stringify(document.components?.schemas ?? {}).replaceAll("#/components/schemas/", "#/$defs/"));
  const root = JSON.parse(JSON.stringify(schema ?? {}).replaceAll("#/components/schemas/", "#/$defs/"));
  return z.fromJSONSchema({ ...root, $defs: defs });
}

function responseSchema(op: Operation, status: number): unknown {
  const responses = op.responses ?? {};
  const response = (responses[String(status)] ?? responses[`${String(status)[0]}XX`]) as OpenAPIV3_1.ResponseObject | undefined;
  return response?.content?.["application/json"]?.schema;
}

/** The record component a success answer's `data` holds, directly, as an array, or as a page's items. */
function recordOf(op: Operation): string | undefined {
  type Node = { $ref?: string; items?: Node; properties?: Record<string, Node> };
  const data = (responseSchema(op, 200) as Node | undefined)?.properties?.data;
  const ref = data?.$ref ?? data?.items?.$ref ?? data?.properties?.items?.items?.$ref;
  return ref?.replace("#/components/schemas/", "");
}

/** The required query parameters a call documents an example for (a mint to read), filled with it. */
function exampleQuery(op: Operation): Record<string, string> {
  type Parameter = {
    in?: string;
    name?: string;
    required?: boolean;
    example?: unknown;
    schema?: { example?: unknown; examples?: unknown[] };
  };
  const filled: Record<string, string> = {};
  for (const p of (op.parameters ?? []) as Parameter[]) {
    const example = p.example ?? p.schema?.examples?.[0] ?? p.schema?.example;
    if (p.in === "query" && p.required && p.name && example !== undefined) filled[p.name] = String(example);
  }
  return filled;
}

function firstId(body: unknown): string | undefined {
  const data = (body as { data?: unknown })?.data;
  const items = Array.isArray(data) ? data : (data as { items?: unknown })?.items;
  const id = Array.isArray(items) ? (items[0] as { id?: unknown })?.id : undefined;
  return id === undefined ? undefined : String(id);
}

export async function checkApi({ base, document, session }: CheckOptions): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const gets = Object.entries(document.paths ?? {}).flatMap(([path, item]) => {
    const op = (item as Record<string, Operation>).get;
    return op ? [{ path, op }] : [];
  });

  /** GETs `path` with `{param}`s filled in by `value`, expecting one of `expected` in the document's shape. */
  async function call(
    path: string,
    op: Operation,
    value: string,
    query: Record<string, string>,
    headers: Record<string, string>,
    expected: number[],
  ) {
    const url = new URL(base.replace(/\/+$/, "") + path.replace(/\{[^}]+\}/g, encodeURIComponent(value)));
    for (const [key, v] of Object.entries(query)) url.searchParams.set(key, v);
    const label = `GET ${path}`;
    let status = 0;
    let body: unknown;
    try {
      const response = await fetch(url, { headers: { accept: "application/json", ...headers }, redirect: "manual" });
      status = response.status;
      const text = await response.text();
      body = text ? JSON.parse(text) : undefined;
    } catch (error) {
      results.push({ ok: false, call: label, status, note: `no JSON answer: ${(error as Error).message}` });
      return undefined;
    }
    const schema = responseSchema(op, status);
    if (op["x-beyond-spec"] && status === 404) {
      results.push({ ok: true, call: label, status, note: "not offered (beyond the core API: the console copes)" });
      return undefined;
    }
    // A call beyond the core API may also be documented as unavailable here (503: no settlement service).
    const allowed = op["x-beyond-spec"] ? [...expected, 503] : expected;
    if (!allowed.includes(status) || schema === undefined) {
      results.push({
        ok: false,
        call: label,
        status,
        note: `expected ${expected.join(" or ")}${schema === undefined ? " (this status is not in the document)" : ""}`,
      });
      return undefined;
    }
    const checked = validator(document, schema).safeParse(body);
    const problems = checked.success ? [] : checked.error.issues.slice(0, 3).map((i) => `${i.path.join(".") || "body"}: ${i.message}`);
    results.push({ ok: checked.success, call: label, status, note: checked.success ? "matches the document" : problems.join("; ") });
    return body;
  }

  // Guarded: every way of calling it needs a credential (`security: []`, or an empty alternative, is open).
  const guarded = gets.filter(({ op }) => op.security?.length && op.security.every((requirement) => Object.keys(requirement).length > 0));
  for (const { path, op } of guarded) await call(path, op, "check", {}, {}, [401]);
  const nonce = gets.find(({ path }) => path === NONCE_PATH);
  if (nonce) {
    const key = generateKeyPairSync("ed25519").publicKey.export({ format: "jwk" }).x ?? "";
    await call(nonce.path, nonce.op, "", { publicKey: bs58.encode(Buffer.from(key, "base64url")) }, {}, [200]);
  }
  if (!session) return results;

  // Lists first: their first ids fill the `{id}` paths that answer the same record.
  const idsByRecord = new Map<string, string>();
  const plain = gets.filter(({ path }) => path !== NONCE_PATH && !path.includes("{"));
  for (const { path, op } of plain) {
    const paged = op.parameters?.some((p) => "name" in p && p.name === "limit");
    const body = await call(path, op, "", { ...exampleQuery(op), ...(paged ? { page: "1", limit: "1" } : {}) }, session, [200]);
    const record = recordOf(op);
    const id = firstId(body);
    if (record && id && !idsByRecord.has(record)) idsByRecord.set(record, id);
  }
  for (const { path, op } of gets.filter(({ path }) => path.includes("{"))) {
    const record = recordOf(op);
    const id = path.includes("{id}") ? (record ? idsByRecord.get(record) : undefined) : "a";
    if (!id) {
      results.push({ ok: true, call: `GET ${path}`, status: 0, note: "skipped: no record to read" });
      continue;
    }
    await call(path, op, id, {}, session, [200]);
  }
  return results;
}

async function loadDocument(source: string): Promise<OpenAPIV3_1.Document> {
  if (/^https?:/.test(source)) {
    const response = await fetch(source, { headers: { accept: "application/json" } });
    if (!response.ok)
      throw new Error(
        `no document at ${source} (${response.status}): pass --document <file or URL>, e.g. the reference server's http://localhost:8080/api/v1/openapi.json`,
      );
    return (await response.json()) as OpenAPIV3_1.Document;
  }
  return JSON.parse(await readFile(source, "utf8")) as OpenAPIV3_1.Document;
}

async function main(argv: string[]): Promise<number> {
  const base = argv.find((arg, i) => !arg.startsWith("--") && !argv[i - 1]?.startsWith("--"));
  const option = (name: string) => argv.flatMap((arg, i) => (arg === `--${name}` && argv[i + 1] ? [argv[i + 1]] : []));
  if (!base) {
    console.error(
      'Usage: npm run check:api -- <API base URL, e.g. https://api.example.com/api/v1> [--cookie "sid=..."] [--header "Name: value"] [--document file-or-URL]',
    );
    return 2;
  }
  const document = await loadDocument(option("document")[0] ?? `${base.replace(/\/+$/, "")}/openapi.json`);
  const headers = Object.fromEntries(option("header").map((h) => [h.slice(0, h.indexOf(":")).trim(), h.slice(h.indexOf(":") + 1).trim()]));
  const cookies = option("cookie");
  if (cookies.length) headers.cookie = cookies.join("; ");
  const results = await checkApi({ base, document, session: Object.keys(headers).length ? headers : undefined });
  for (const r of results) console.log(`${r.ok ? "ok  " : "FAIL"} ${String(r.status || "-").padEnd(3)} ${r.call.padEnd(36)} ${r.note}`);
  const failed = results.filter((r) => !r.ok).length;
  console.log(
    `\n${results.length - failed} of ${results.length} checks passed${Object.keys(headers).length ? "" : " (anonymous only: pass --cookie to read with a session)"}.`,
  );
  return failed ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: Error) => {
      console.error(error.message);
      process.exit(2);
    },
  );
}
