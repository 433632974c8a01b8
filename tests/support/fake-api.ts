// The console tests' one HTTP fake: msw answers at the network layer, so what the tests see is the
// XMLHttpRequest axios really built (path, query, JSON body, and the X-XSRF-TOKEN header axios adds
// inside its adapter) — exactly what would leave the browser. Tests declare routes (`api.get(path,
// answer)`), or queue answers for whatever comes next (`reply`), and read back `requests()`.
import { http as route, HttpResponse, passthrough } from "msw";
import { interceptor } from "./msw-runtime";
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from "vitest";
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
  /** When the page sent it (Date.now(), so fake time where a test fakes the clock). */
  sentAt: number;
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
const NOT_FOUND: Answer = [404, { message: "Not found" }];
let fallback: Answer = NOT_FOUND;

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
  a.method === b.method && String(a.path) === String(b.path) && JSON.stringify(a.query ?? null) === JSON.stringify(b.query ?? null);

function matches(candidate: Route, request: SeenRequest): boolean {
  if (candidate.method !== request.method) return false;
  const pathMatches = typeof candidate.path === "string" ? candidate.path === request.path : candidate.path.test(request.path);
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

const PIXEL = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="),
  (char) => char.charCodeAt(0),
);

// The API's requests only: in a browser the page's own module and asset requests pass through the
// same interception and must reach the test server.
const apiRequest = new RegExp(`^[a-z]+://[^/]+${API_URL.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/`);

// Each test's requests are its own. In a browser a request takes real time to reach the fake API (msw
// answers from its service worker), so one sent just before a test ended (its screen already gone)
// can arrive after the next test began, and be counted there. Every request carries the number of
// the test that sent it; a late one gets a network error and is not recorded.
// The page's requests not answered yet are counted too, for `settled()`; and each says when it was
// sent, which is when the page asked (its arrival comes later, in real time). A request counts from
// open(), not send(): axios opens it, then reads the XSRF cookie from the browser's cookie store (a
// real round trip) before sending, and a settled() in that gap saw a quiet page with a read under way.
const TEST_HEADER = "x-fake-api-test";
const SENT_AT_HEADER = "x-fake-api-sent-at";
let testNumber = 0;
// Unanswered requests by the test that sent them: settled() waits for the current test's only, so a
// request an earlier test left unanswered on purpose (files of a project share their page) holds
// nobody up.
const inFlight = new Map<number, number>();
const unanswered = () => inFlight.get(testNumber) ?? 0;
if (typeof XMLHttpRequest !== "undefined") {
  const asked = new WeakMap<XMLHttpRequest, { test: number; at: number; pending: boolean }>();
  const done = (request: XMLHttpRequest) => {
    const entry = asked.get(request);
    if (!entry?.pending) return;
    entry.pending = false;
    const left = (inFlight.get(entry.test) ?? 1) - 1;
    if (left > 0) inFlight.set(entry.test, left);
    else inFlight.delete(entry.test);
  };
  const { open, send, abort } = XMLHttpRequest.prototype;
  XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: unknown[]) {
    done(this);
    asked.set(this, { test: testNumber, at: Date.now(), pending: true });
    inFlight.set(testNumber, unanswered() + 1);
    Reflect.apply(open, this, args);
  };
  XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, ...args: Parameters<XMLHttpRequest["send"]>) {
    const entry = asked.get(this);
    this.setRequestHeader(TEST_HEADER, String(entry?.test ?? testNumber));
    this.setRequestHeader(SENT_AT_HEADER, String(entry?.at ?? Date.now()));
    this.addEventListener("loadend", () => done(this), { once: true });
    try {
      return send.apply(this, args);
    } catch (error) {
      done(this);
      throw error;
    }
  };
  // Aborted before it was sent (a cancelled read waiting on the cookie), it fires no loadend.
  XMLHttpRequest.prototype.abort = function (this: XMLHttpRequest) {
    abort.call(this);
    done(this);
  };
}
// Taken before any test fakes the clock: waiting for answers needs real time.
const realSetTimeout = globalThis.setTimeout.bind(globalThis);

const server = interceptor(
  route.all(apiRequest, async ({ request }) => {
    const sentBy = request.headers.get(TEST_HEADER);
    if (sentBy !== null && Number(sentBy) !== testNumber) return HttpResponse.error();
    const url = new URL(request.url);
    const seenRequest: SeenRequest = {
      method: request.method as Method,
      path: relative(url.pathname),
      pathname: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: await readBody(request),
      headers: request.headers,
      sentAt: Number(request.headers.get(SENT_AT_HEADER) ?? Date.now()),
    };
    seen.push(seenRequest);
    const result = await answer(seenRequest);
    if (result === "network-error") return HttpResponse.error();
    const [status, body] = result;
    return HttpResponse.json(body ?? null, { status });
  }),
  // Product thumbnails and token logos live on other hosts; the tests have no network, so every such
  // picture loads as a 1×1 PNG, as it would from a working image host.
  route.get(/\.(png|jpe?g|gif|webp)(\?.*)?$/i, ({ request }) =>
    new URL(request.url).origin === location.origin ? passthrough() : new HttpResponse(PIXEL, { headers: { "Content-Type": "image/png" } }),
  ),
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
  /** The queries of the GET requests for `path` so far, in order. */
  queries(path: string): SeenRequest["query"][];
  /** Forgets every route, queued answer and request; unmatched requests get `otherwise` from now on. */
  reset(otherwise?: Answer): FakeApi;
  /** Resolves once every request the page has sent so far is answered (fails after `withinMs`, by default Testing Library's deadline, from vitest.config.ts). */
  settled(withinMs?: number): Promise<void>;
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
  queries(path) {
    return api.requests("GET", path).map((request) => request.query);
  },
  reset(answerOtherwise = NOT_FOUND) {
    seen.length = 0;
    routes.length = 0;
    queued.length = 0;
    fallback = answerOtherwise;
    return api;
  },
  async settled(withinMs = inject("asyncUtilTimeoutMs")) {
    const deadline = performance.now() + withinMs;
    while (unanswered() > 0) {
      if (performance.now() > deadline) throw new Error(`${unanswered()} request(s) still unanswered after ${withinMs} ms`);
      await new Promise((resolve) => realSetTimeout(resolve, 5));
    }
  },
};

let fileFallback: Answer = NOT_FOUND;

/**
 * The fake API's hooks for one test file: started before its tests, reset before each (every
 * request no route takes answers 404 unless the file chose otherwise). A project's set-up file calls
 * it, since set-up files run once per test file even where files share their modules (helper modules
 * that ask for the fake API then run only once).
 */
export function fakeApiHooks(): void {
  fileFallback = NOT_FOUND;
  beforeAll(() => server.start());
  beforeEach(() => {
    testNumber++;
    api.reset(fileFallback);
    // Node-environment files have no document (and axios sends no XSRF header there).
    if (typeof document !== "undefined") document.cookie = `XSRF-TOKEN=${XSRF}; path=/`;
  });
  afterEach(() => server.reset());
  afterAll(() => server.stop());
}

/** The fake API, for the calling test file; `otherwise` answers the requests no route or queued answer takes. */
export function fakeApiForThisFile(otherwise?: Answer): FakeApi {
  if (otherwise) fileFallback = otherwise;
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
