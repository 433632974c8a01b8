// The console tests' one HTTP fake: msw answers at the network layer, so what the tests see is the
// XMLHttpRequest axios really built (path, query, JSON body, and the X-XSRF-TOKEN header axios adds
// inside its adapter) — exactly what would leave the browser. Tests declare routes (`api.get(path,
// answer)`), or queue answers for whatever comes next (`reply`), and read back `requests()`.
import { http as route, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import { API_URL } from "@/config";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface SeenRequest {
  method: Method;
  /** Path relative to the API base, as the console names it (e.g. "/users/u-1"), still URL-encoded. */
  path: string;
  /** The full path, API base included. */
  pathname: string;
  query: Record<string, string>;
  /** Parsed JSON body, or undefined when none was sent. */
  body: unknown;
  headers: Headers;
}

/** `[status, body]`, or a transport failure (no response at all). */
export type Answer = readonly [status: number, body?: unknown] | "network-error";
export type Responder = Answer | ((request: SeenRequest) => Answer | Promise<Answer>);

export interface RouteOptions {
  /** Answer one request only, then step aside for the next matching route. */
  once?: boolean;
  /** Match only this exact query. */
  query?: Record<string, string>;
}

interface Route extends RouteOptions {
  method: Method;
  path: string | RegExp;
  responder: Responder;
}

export const XSRF = "xsrf-test-token";

const seen: SeenRequest[] = [];
const routes: Route[] = [];
const queued: Answer[] = [];
let fallback: Answer = [404, { message: "Not found" }];

function relative(pathname: string): string {
  return pathname.startsWith(`${API_URL}/`) ? pathname.slice(API_URL.length) : pathname;
}

async function readBody(request: Request): Promise<unknown> {
  const text = await request.text();
  return text ? JSON.parse(text) : undefined;
}

const sameQuery = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([key, value]) => b[key] === value);

const sameRoute = (a: Route, b: Route) =>
  a.method === b.method &&
  String(a.path) === String(b.path) &&
  JSON.stringify(a.query ?? null) === JSON.stringify(b.query ?? null);

function matches(candidate: Route, request: SeenRequest): boolean {
  if (candidate.method !== request.method) return false;
  const pathMatches =
    typeof candidate.path === "string" ? candidate.path === request.path : candidate.path.test(request.path);
  return pathMatches && (!candidate.query || sameQuery(candidate.query, request.query));
}

// Routes answer in the order they were declared (the first match wins, a `once` route is used up;
// declaring a lasting route again replaces it), then queued answers in order, then the fallback.
async function answer(request: SeenRequest): Promise<Answer> {
  const index = routes.findIndex((candidate) => matches(candidate, request));
  if (index >= 0) {
    const found = routes[index];
    if (found.once) routes.splice(index, 1);
    return typeof found.responder === "function" ? found.responder(request) : found.responder;
  }
  return queued.shift() ?? fallback;
}

const server = setupServer(
  route.all("*", async ({ request }) => {
    const url = new URL(request.url);
    const seenRequest: SeenRequest = {
      method: request.method as Method,
      path: relative(url.pathname),
      pathname: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: await readBody(request),
      headers: request.headers,
    };
    seen.push(seenRequest);
    const result = await answer(seenRequest);
    if (result === "network-error") return HttpResponse.error();
    const [status, body] = result;
    return HttpResponse.json(body ?? null, { status });
  }),
);

type Declare = (path: string | RegExp, responder: Responder, options?: RouteOptions) => FakeApi;

export interface FakeApi {
  get: Declare;
  post: Declare;
  put: Declare;
  patch: Declare;
  delete: Declare;
  /** Every request so far, in order; only those with this method (and path) when given. */
  requests(method?: Method, path?: string | RegExp): SeenRequest[];
  /** Forgets every route, queued answer and request; unmatched requests get `otherwise` from now on. */
  reset(otherwise?: Answer): FakeApi;
}

function on(method: Method): Declare {
  return (path, responder, options = {}) => {
    const declared: Route = { method, path, responder, ...options };
    // Declaring a lasting route again for the same request replaces the old answer (the server "changed").
    const same = declared.once ? -1 : routes.findIndex((existing) => !existing.once && sameRoute(existing, declared));
    if (same >= 0) routes[same] = declared;
    else routes.push(declared);
    return api;
  };
}

export const api: FakeApi = {
  get: on("GET"),
  post: on("POST"),
  put: on("PUT"),
  patch: on("PATCH"),
  delete: on("DELETE"),
  requests(method, path) {
    return seen.filter(
      (request) =>
        (!method || request.method === method) &&
        (path === undefined || (typeof path === "string" ? request.path === path : path.test(request.path))),
    );
  },
  reset(answerOtherwise = [404, { message: "Not found" }]) {
    seen.length = 0;
    routes.length = 0;
    queued.length = 0;
    fallback = answerOtherwise;
    return api;
  },
};

let started = false;

/**
 * Starts the fake API for the calling test file (once, however many modules ask) and resets it
 * before each test; `otherwise` answers requests no route or queued answer takes.
 */
export function startFakeApi(otherwise?: Answer): FakeApi {
  if (started) return api;
  started = true;
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  beforeEach(() => {
    api.reset(otherwise);
    // Node-environment files have no document (and axios sends no XSRF header there).
    if (typeof document !== "undefined") document.cookie = `XSRF-TOKEN=${XSRF}; path=/`;
  });
  afterAll(() => server.close());
  afterEach(() => server.resetHandlers());
  return api;
}

// ---- Calls made one at a time (provider and component tests) ----

/** Queues the answers of the next requests no route takes, in order. */
export function reply(...answers: Answer[]) {
  queued.push(...answers);
}

/** Shorthand: the next request answers 200 with `{ data: payload }` (plus siblings). */
export function replyData(payload: unknown, siblings: Record<string, unknown> = {}) {
  reply([200, { data: payload, ...siblings }]);
}

export function requests(): readonly SeenRequest[] {
  return seen;
}

/** The one request the test made; fails loudly if it made none or several. */
export function onlyRequest(): SeenRequest {
  if (seen.length !== 1) {
    throw new Error(`expected exactly 1 request, saw ${seen.length}: ${seen.map((r) => `${r.method} ${r.path}`).join(", ")}`);
  }
  return seen[0];
}

export interface ExpectedRequest {
  method: Method;
  /** Path relative to the API base. */
  path: string;
  query?: Record<string, string>;
  /** undefined asserts that no body was sent at all. */
  body?: unknown;
}

/**
 * Asserts the single request of a test, exactly: method, path, full query, full body, and the
 * echoed XSRF token on every non-GET (the server rejects a state change without it).
 */
export function expectSent(expected: ExpectedRequest) {
  const { method, pathname, query, body, headers } = onlyRequest();
  expect({ method, pathname, query, body }).toEqual({
    method: expected.method,
    pathname: `${API_URL}${expected.path}`,
    query: expected.query ?? {},
    body: expected.body,
  });
  if (expected.method !== "GET") expect(headers.get("x-xsrf-token")).toBe(XSRF);
}
