// A fake API at the network layer: msw intercepts the XMLHttpRequest that axios's real adapter
// builds, so what we assert (including the X-XSRF-TOKEN header axios adds inside that adapter)
// is exactly what would leave the browser.
import { http as route, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";

export interface SeenRequest {
  method: string;
  /** Path without the origin, e.g. "/api/v1/users". */
  path: string;
  query: Record<string, string>;
  /** Parsed JSON body, or undefined when none was sent. */
  body: unknown;
  headers: Headers;
}

type Reply = { status: number; body?: unknown } | "network-error";

export const XSRF = "xsrf-test-token";

const seen: SeenRequest[] = [];
let nextReplies: Reply[] = [];
let defaultReply: Reply = { status: 200, body: { data: {} } };

async function readBody(request: Request): Promise<unknown> {
  const text = await request.text();
  return text ? JSON.parse(text) : undefined;
}

const server = setupServer(
  route.all("*", async ({ request }) => {
    const url = new URL(request.url);
    seen.push({
      method: request.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: await readBody(request),
      headers: request.headers,
    });
    const reply = nextReplies.shift() ?? defaultReply;
    if (reply === "network-error") return HttpResponse.error();
    return HttpResponse.json(reply.body ?? null, { status: reply.status });
  }),
);

/** Starts the fake API for the calling test file and resets it between tests. */
export function startFakeApi() {
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  beforeEach(() => {
    seen.length = 0;
    nextReplies = [];
    defaultReply = { status: 200, body: { data: {} } };
    document.cookie = `XSRF-TOKEN=${XSRF}; path=/`;
  });
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
}

/** Queues the replies of the next requests, in order; later requests get `{ data: {} }`. */
export function reply(...replies: Reply[]) {
  nextReplies.push(...replies);
}

/** Shorthand: the next request answers 200 with `{ data: payload }` (plus siblings). */
export function replyData(payload: unknown, siblings: Record<string, unknown> = {}) {
  reply({ status: 200, body: { data: payload, ...siblings } });
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
  method: string;
  /** Path relative to /api/v1. */
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
  const seenRequest = onlyRequest();
  expect({
    method: seenRequest.method,
    path: seenRequest.path,
    query: seenRequest.query,
    body: seenRequest.body,
  }).toEqual({
    method: expected.method,
    path: `/api/v1${expected.path}`,
    query: expected.query ?? {},
    body: expected.body,
  });
  if (expected.method !== "GET") expect(seenRequest.headers.get("x-xsrf-token")).toBe(XSRF);
}
