// Issue 13, item 8: GET /admin/events, live updates as server-sent events read from the database.
// The open disputes' count on connect, a dispute opened in the database and a settlement's status
// change arriving as events, the guard's 401 before any stream, the stream ending with its session
// and with the server, and a second instance on the same database seeing a change made through the first.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ConfigError, parseConfig } from "../../server/config.ts";
import { createOrderRecord } from "../../server/seed/records.ts";
import { markConfirmed } from "../../server/services/settlement-rows.ts";
import { startTestServer, startTwoInstances, type TestClient, type TestServer, type TwoInstances } from "./harness.ts";
import { writeSubmitted } from "./settlement-support.ts";

/** Short polls: the events arrive within a test's patience. */
const FAST = { config: { eventsPollMs: 50 } };
const WAIT = { timeout: 10_000, interval: 20 };

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

async function openStream(baseUrl: string, client: TestClient | null): Promise<Stream> {
  const headers: Record<string, string> = { accept: "text/event-stream" };
  if (client) headers.cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/api/v1/admin/events`, { headers, signal: abort.signal });
  const events: LiveEvent[] = [];
  let ended = false;
  const read = async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const field = (name: string) => block.split("\n").find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
        const event = field("event");
        if (event) events.push({ event, data: JSON.parse(field("data") ?? "null") });
      }
    }
  };
  read()
    .catch(() => undefined)
    .finally(() => (ended = true));
  return { status: response.status, headers: response.headers, events, ended: () => ended, close: () => abort.abort() };
}

const disputes = (stream: Stream) => stream.events.filter((e) => e.event === "disputes").map((e) => e.data);

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
    await vi.waitFor(() => expect(stream.ended()).toBe(true), WAIT);
  });

  it("streams the open disputes on connect, then a dispute opened in the database", async () => {
    await openDispute(server);
    const stream = await openStream(server.baseUrl, admin);
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(stream.headers.get("cache-control")).toBe("no-store");
    expect(stream.headers.get("x-accel-buffering")).toBe("no");
    await vi.waitFor(() => expect(disputes(stream)).toEqual([{ open: 1 }]), WAIT);

    await openDispute(server);
    await vi.waitFor(() => expect(disputes(stream)).toEqual([{ open: 1 }, { open: 2 }]), WAIT);
    // A second console on the same instance gets the current count at once.
    const second = await openStream(server.baseUrl, admin);
    await vi.waitFor(() => expect(disputes(second)).toEqual([{ open: 2 }]), WAIT);
    stream.close();
    second.close();
  });

  it("is published in the OpenAPI document beyond SPEC, as an event stream or the count in JSON", async () => {
    const document = (await server.client().get("/api/v1/openapi.json")).body;
    const op = document.paths["/admin/events"].get;
    expect(op["x-beyond-spec"]).toBe(true);
    expect(Object.keys(op.responses["200"].content).sort()).toEqual(["application/json", "text/event-stream"]);
    expect(Object.keys(op.responses).sort()).toEqual(["200", "401", "403", "503"]);
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
    await vi.waitFor(() => expect(disputes(stream)).toHaveLength(1), WAIT);

    const orderId = await openDispute(server);
    await writeSubmitted(server.ctx.db, { id: orderId, signature: "sig-live", resolution: "REFUND_BUYER", adminNotes: "now" }, who);
    const row = await server.ctx.db.selectFrom("settlements").selectAll().where("orderId", "=", orderId).executeTakeFirstOrThrow();
    const settlements = () => stream.events.filter((e) => e.event === "settlement").map((e) => e.data);
    await vi.waitFor(() => expect(settlements()).toEqual([{ id: row.id, orderId, status: "submitted" }]), WAIT);

    await markConfirmed(server.ctx.db, server.ctx, row.id, "sig-live", null);
    await vi.waitFor(() => expect(settlements()).toEqual([
      { id: row.id, orderId, status: "submitted" },
      { id: row.id, orderId, status: "confirmed" },
    ]), WAIT);
    stream.close();
  });

  it("ends the stream when its session is logged out", async () => {
    const other = await server.signIn();
    const stream = await openStream(server.baseUrl, other);
    await vi.waitFor(() => expect(disputes(stream)).toHaveLength(1), WAIT);
    expect((await other.post("/auth/logout")).status).toBe(200);
    await vi.waitFor(() => expect(stream.ended()).toBe(true), WAIT);
    // Reconnecting is refused as JSON: the console then signs out.
    expect((await openStream(server.baseUrl, other)).status).toBe(401);
  });

  it("ends the stream when its session expires", async () => {
    const other = await server.signIn();
    const stream = await openStream(server.baseUrl, other);
    await vi.waitFor(() => expect(disputes(stream)).toHaveLength(1), WAIT);
    server.clock.advance(server.ctx.config.session.idleMs);
    await vi.waitFor(() => expect(stream.ended()).toBe(true), WAIT);
  });
});

it("an open stream does not hold up the server's close: it ends", async () => {
  const server = await startTestServer(FAST);
  const stream = await openStream(server.baseUrl, await server.signIn());
  await vi.waitFor(() => expect(disputes(stream)).toEqual([{ open: 0 }]), WAIT);
  await server.close();
  await vi.waitFor(() => expect(stream.ended()).toBe(true), WAIT);
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
    await vi.waitFor(() => expect(disputes(onSecond)).toEqual([{ open: 0 }]), WAIT);
    await openDispute(first);
    await vi.waitFor(() => expect(disputes(onSecond)).toEqual([{ open: 0 }, { open: 1 }]), WAIT);
    onSecond.close();
  });
});
