// GET /admin/events, live updates as server-sent events read from the database. The open disputes'
// count on connect, a dispute opened in the database and a settlement's status change arriving as
// events, the guard's 401 before any stream, the stream ending with its session and with the server,
// and a second instance on the same database seeing a change made through the first.
import { once } from "node:events";
import { request as httpRequest, type ClientRequest, type IncomingMessage } from "node:http";
import type { FastifyPluginAsync } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../../../server/config.ts";
import type { AppContext } from "../../../server/context.ts";
import { resourceRoutes } from "../../../server/routes/index.ts";
import { createOrderRecord } from "../../../server/seed/records.ts";
import { markConfirmed } from "../../../server/services/settlement-rows.ts";
import { startTestServer, startTwoInstances, type TestClient, type TestServer, type TwoInstances } from "../support/harness.ts";
import { writeSubmitted } from "../support/settlement-support.ts";
import { eventually } from "../../support/wait.ts";

/** Short polls: the events arrive within a test's patience. */
const FAST = { config: { eventsPollMs: 50 } };

interface LiveEvent {
  event: string;
  data: unknown;
}

/** An open event stream, read as it arrives: its events in order, and whether it has ended. */
interface Stream {
  status: number;
  headers: Headers;
  events: LiveEvent[];
  ended: () => boolean;
  close(): void;
}

/**
 * GET /admin/events with Node's http on a connection of its own: closing the stream destroys its
 * socket and nothing else. (fetch, on an aborted streaming body, opens a spare connection that never
 * sends a request, and the server's close then waits for it to time out.)
 */
async function askForStream(baseUrl: string, client: TestClient | null): Promise<{ call: ClientRequest; response: IncomingMessage }> {
  const headers: Record<string, string> = { accept: "text/event-stream" };
  if (client) headers.cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const call = httpRequest(`${baseUrl}/api/v1/admin/events`, { agent: false, headers });
  const response = await new Promise<IncomingMessage>((resolve, reject) => call.once("response", resolve).once("error", reject).end());
  call.on("error", () => undefined);
  return { call, response };
}

async function openStream(baseUrl: string, client: TestClient | null): Promise<Stream> {
  const { call, response } = await askForStream(baseUrl, client);
  const events: LiveEvent[] = [];
  let ended = false;
  let buffer = "";
  response.setEncoding("utf8");
  response.on("data", (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const field = (name: string) =>
        block
          .split("\n")
          .find((line) => line.startsWith(`${name}: `))
          ?.slice(name.length + 2);
      const event = field("event");
      if (event) events.push({ event, data: JSON.parse(field("data") ?? "null") });
    }
  });
  response.once("close", () => (ended = true));
  response.on("error", () => undefined);
  const headers = new Headers(
    Object.entries(response.headers).flatMap(([name, value]) => [value ?? []].flat().map((v): [string, string] => [name, v])),
  );
  return { status: response.statusCode ?? 0, headers, events, ended: () => ended, close: () => call.destroy() };
}

const disputes = (stream: Stream) => stream.events.filter((e) => e.event === "disputes").map((e) => e.data);

/** A stream refused before it opened: its status, Retry-After and JSON body. */
async function refusedStream(baseUrl: string, client: TestClient) {
  const { call, response } = await askForStream(baseUrl, client);
  const status = response.statusCode ?? 0;
  const retryAfter = response.headers["retry-after"] ?? null;
  // It opened after all: its body is a stream that never ends.
  if (status === 200) {
    call.destroy();
    return { status, retryAfter, body: null };
  }
  let text = "";
  for await (const chunk of response) text += String(chunk);
  return { status, retryAfter, body: JSON.parse(text) };
}

/** The streams the server holds open, as its metrics report them. */
async function openOnServer(server: TestServer): Promise<number> {
  const metric = await server.ctx.metrics.registry.getSingleMetric("marketplace_event_streams")?.get();
  return metric?.values[0]?.value ?? -1;
}

async function openDispute(server: TestServer): Promise<string> {
  const order = await createOrderRecord(server.ctx.db, { status: "DISPUTED", disputeRaisedAt: new Date().toISOString() });
  return order.id;
}

it("reads EVENTS_POLL_SECONDS: 2 s by default, refused outside (0, 60]", () => {
  expect(parseConfig({}).eventsPollMs).toBe(2_000);
  expect(parseConfig({ EVENTS_POLL_SECONDS: "0.5" }).eventsPollMs).toBe(500);
  for (const bad of ["0", "61", "soon"]) {
    expect(() => parseConfig({ EVENTS_POLL_SECONDS: bad })).toThrow(ConfigError);
    expect(() => parseConfig({ EVENTS_POLL_SECONDS: bad })).toThrow(/^EVENTS_POLL_SECONDS: /);
  }
});

it("reads EVENTS_MAX_STREAMS: 1000 by default, a whole number from 1 to 100000; 5 streams per session", () => {
  expect(parseConfig({})).toMatchObject({ eventsMaxStreams: 1_000, eventsStreamsPerSession: 5 });
  expect(parseConfig({ EVENTS_MAX_STREAMS: " 20 " }).eventsMaxStreams).toBe(20);
  for (const bad of ["0", "100001", "2.5", "many"]) {
    expect(() => parseConfig({ EVENTS_MAX_STREAMS: bad })).toThrow(ConfigError);
    expect(() => parseConfig({ EVENTS_MAX_STREAMS: bad })).toThrow(/^EVENTS_MAX_STREAMS: /);
  }
});

describe("stream limits", () => {
  // A server of its own: no other test's streams count, and 7 streams in all.
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ config: { ...FAST.config, eventsMaxStreams: 7 } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("holds 5 streams of one session; the 6th is a 429 saying why, other sessions still open theirs, and a closed stream frees its place at once", async () => {
    const admin = await server.signIn();
    const streams = await Promise.all(Array.from({ length: 5 }, () => openStream(server.baseUrl, admin)));
    expect(streams.map((stream) => stream.status)).toEqual([200, 200, 200, 200, 200]);

    expect(await refusedStream(server.baseUrl, admin)).toEqual({
      status: 429,
      retryAfter: "30",
      body: {
        message:
          "Too many live-update streams for this session: at most 5 are open at once; close one (another console tab) or try again later",
      },
    });
    const other = await openStream(server.baseUrl, await server.signIn());
    expect(other.status).toBe(200);

    streams[0].close();
    await eventually("5 streams open on the server", async () => expect(await openOnServer(server)).toBe(5));
    const again = await openStream(server.baseUrl, admin);
    expect(again.status).toBe(200);
    await eventually("the new stream's first disputes event", () => expect(disputes(again)).toHaveLength(1));
    for (const stream of [...streams, other, again]) stream.close();
    await eventually("every stream closed on the server", async () => expect(await openOnServer(server)).toBe(0));
  });

  it("holds EVENTS_MAX_STREAMS streams in all; past it a 429 saying why, until one closes", async () => {
    const [first, second] = [await server.signIn(), await server.signIn()];
    const streams = [
      ...(await Promise.all(Array.from({ length: 4 }, () => openStream(server.baseUrl, first)))),
      ...(await Promise.all(Array.from({ length: 3 }, () => openStream(server.baseUrl, second)))),
    ];
    expect(streams.map((stream) => stream.status)).toEqual(Array<number>(7).fill(200));

    const third = await server.signIn();
    expect(await refusedStream(server.baseUrl, third)).toEqual({
      status: 429,
      retryAfter: "30",
      body: { message: "Too many live-update streams on this server: at most 7 are open at once; try again later" },
    });
    // The refusal took no place: closing one lets the next in.
    streams[0].close();
    await eventually("6 streams open on the server", async () => expect(await openOnServer(server)).toBe(6));
    const admitted = await openStream(server.baseUrl, third);
    expect(admitted.status).toBe(200);
    for (const stream of [...streams, admitted]) stream.close();
  });

  it("gives no place to a stream whose console left while the guard was reading its session", async () => {
    // The usual routes, and in their scope (skip-override) a hook that holds one request until its
    // connection is gone: the stream's handler then runs for a console that already left.
    let arrived!: () => void;
    const held = new Promise<void>((resolve) => (arrived = resolve));
    let handled = false;
    const holdUntilLeft: FastifyPluginAsync<{ ctx: AppContext }> = Object.assign(
      async (app: Parameters<FastifyPluginAsync<{ ctx: AppContext }>>[0], opts: { ctx: AppContext }) => {
        app.addHook("preHandler", async (request, reply) => {
          if (!request.headers["x-test-leave"]) return;
          arrived();
          await once(reply.raw, "close");
        });
        app.addHook("onSend", async (request) => {
          if (request.headers["x-test-leave"]) handled = true;
        });
        await resourceRoutes(app, opts);
      },
      { [Symbol.for("skip-override")]: true },
    );
    const gated = await startTestServer({ ...FAST, resources: holdUntilLeft });
    try {
      const admin = await gated.signIn();
      const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
      // A connection of its own (fetch's pool may open a spare one that would hold the server's close).
      const leaving = httpRequest(`${gated.baseUrl}/api/v1/admin/events`, {
        agent: false,
        headers: { accept: "text/event-stream", cookie, "x-test-leave": "1" },
      });
      leaving.on("error", () => undefined).end();
      await held;
      leaving.destroy();
      await eventually("the gated request handled", () => expect(handled).toBe(true));
      expect(await openOnServer(gated)).toBe(0);
    } finally {
      await gated.close();
    }
  });

  it("documents the 429 in the OpenAPI document", async () => {
    const document = (await server.client().get("/api/v1/openapi.json")).body;
    expect(document.paths["/admin/events"].get.responses["429"].description).toMatch(/5 per session.*7 on this instance/);
  });
});

describe("one instance", () => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer(FAST);
    admin = await server.signIn();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers 401 as JSON, before any stream, without a session", async () => {
    const stream = await openStream(server.baseUrl, null);
    expect(stream.status).toBe(401);
    expect(stream.headers.get("content-type")).toMatch(/^application\/json/);
    await eventually("the stream to end", () => expect(stream.ended()).toBe(true));
  });

  it("streams the open disputes on connect, then a dispute opened in the database", async () => {
    await openDispute(server);
    const stream = await openStream(server.baseUrl, admin);
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(stream.headers.get("cache-control")).toBe("no-store");
    expect(stream.headers.get("x-accel-buffering")).toBe("no");
    await eventually("the open disputes on connect", () => expect(disputes(stream)).toEqual([{ open: 1 }]));

    await openDispute(server);
    await eventually("the dispute opened in the database", () => expect(disputes(stream)).toEqual([{ open: 1 }, { open: 2 }]));
    // A second console on the same instance gets the current count at once.
    const second = await openStream(server.baseUrl, admin);
    await eventually("the second console's current count", () => expect(disputes(second)).toEqual([{ open: 2 }]));
    stream.close();
    second.close();
  });

  it("is published in the OpenAPI document beyond the core API, as an event stream or the count in JSON", async () => {
    const document = (await server.client().get("/api/v1/openapi.json")).body;
    const op = document.paths["/admin/events"].get;
    expect(op["x-beyond-spec"]).toBe(true);
    expect(Object.keys(op.responses["200"].content).sort()).toEqual(["application/json", "text/event-stream"]);
    expect(Object.keys(op.responses).sort()).toEqual(["200", "401", "403", "429", "503"]);
  });

  it("answers the count once as JSON when asked for JSON (the console's probe)", async () => {
    const res = await admin.get("/admin/events");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { open: expect.any(Number) } });
    const rows = await server.ctx.db.selectFrom("orders").select("id").where("status", "=", "DISPUTED").execute();
    expect(res.body.data.open).toBe(rows.length);
  });

  it("sends a settlement that appears and each status change it makes, not the ones before the stream", async () => {
    const before = await openDispute(server);
    const who = { userId: "u-admin", publicKey: server.adminWallet.publicKey };
    await writeSubmitted(server.ctx.db, { id: before, signature: "sig-before", resolution: "REFUND_BUYER", adminNotes: "old" }, who);
    const stream = await openStream(server.baseUrl, admin);
    await eventually("the first disputes event", () => expect(disputes(stream)).toHaveLength(1));

    const orderId = await openDispute(server);
    await writeSubmitted(server.ctx.db, { id: orderId, signature: "sig-live", resolution: "REFUND_BUYER", adminNotes: "now" }, who);
    const row = await server.ctx.db.selectFrom("settlements").selectAll().where("orderId", "=", orderId).executeTakeFirstOrThrow();
    const settlements = () => stream.events.filter((e) => e.event === "settlement").map((e) => e.data);
    await eventually("the submitted settlement event", () => expect(settlements()).toEqual([{ id: row.id, orderId, status: "submitted" }]));

    await markConfirmed(server.ctx.db, server.ctx, row.id, "sig-live", null);
    await eventually("the confirmed settlement event", () =>
      expect(settlements()).toEqual([
        { id: row.id, orderId, status: "submitted" },
        { id: row.id, orderId, status: "confirmed" },
      ]),
    );
    stream.close();
  });

  it("ends the stream when its session is logged out", async () => {
    const other = await server.signIn();
    const stream = await openStream(server.baseUrl, other);
    await eventually("the first disputes event", () => expect(disputes(stream)).toHaveLength(1));
    expect((await other.post("/auth/logout")).status).toBe(200);
    await eventually("the stream to end at sign-out", () => expect(stream.ended()).toBe(true));
    // Reconnecting is refused as JSON: the console then signs out.
    expect((await openStream(server.baseUrl, other)).status).toBe(401);
  });

  it("ends the stream when its session expires", async () => {
    const other = await server.signIn();
    const stream = await openStream(server.baseUrl, other);
    await eventually("the first disputes event", () => expect(disputes(stream)).toHaveLength(1));
    server.clock.advance(server.ctx.config.session.idleMs);
    await eventually("the stream to end once the session is idle", () => expect(stream.ended()).toBe(true));
  });
});

it("an open stream does not hold up the server's close: it ends", async () => {
  const server = await startTestServer(FAST);
  const stream = await openStream(server.baseUrl, await server.signIn());
  await eventually("the open disputes on connect", () => expect(disputes(stream)).toEqual([{ open: 0 }]));
  await server.close();
  await eventually("the stream to end with the server", () => expect(stream.ended()).toBe(true));
});

describe("two instances on one database", () => {
  let instances: TwoInstances;
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    instances = await startTwoInstances(FAST);
    ({ first, second } = instances);
  });
  afterAll(() => instances?.close());

  it("a console on the second sees a dispute opened through the first", async () => {
    const onSecond = await openStream(second.baseUrl, await second.signIn(first.adminWallet));
    await eventually("the open disputes on connect", () => expect(disputes(onSecond)).toEqual([{ open: 0 }]));
    await openDispute(first);
    await eventually("the dispute opened through the first instance", () => expect(disputes(onSecond)).toEqual([{ open: 0 }, { open: 1 }]));
    onSecond.close();
  });
});
