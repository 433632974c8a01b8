// GET /admin/events (beyond the core API): live updates for the console as server-sent events from this
// instance's feed (http/live-feed.ts): `disputes` {open} on connect and whenever the count changes,
// `settlement` {id, orderId, status} when a settlement appears or changes status, and a comment
// heartbeat. Behind the admin guard (401/403 as JSON before any stream starts); the stream ends when
// its session does, and when the server closes. An instance holds EVENTS_MAX_STREAMS streams at once,
// one session a few of them: past either, 429 as JSON before any stream starts. Asked for JSON instead
// (Accept without text/event-stream, as the console's HTTP client asks), it answers the current count
// once: the console's way to learn why a stream would not open (401, 404...).
import { PassThrough } from "node:stream";
import type { FastifyTypeProviderDefault } from "fastify";
import { Gauge } from "prom-client";
import { z } from "zod";
import { dataOf, disputesEventSchema } from "../../contract/index.ts";
import { sessionStillAdmin } from "../auth/guard.ts";
import { hashSessionToken, readSessionToken } from "../auth/sessions.ts";
import type { AppContext } from "../context.ts";
import { LiveFeed, type LiveClient } from "../http/live-feed.ts";
import { BEYOND_SPEC, documentedAs, error, errors, type RoutePlugin } from "../http/route-schema.ts";
import { openDisputes } from "../services/live-changes.ts";

const about = documentedAs("Live updates");

/** Proxies close a connection idle for 30-60 s; a comment line this often keeps the stream open. */
export const HEARTBEAT_MS = 15_000;

const STREAM_DESCRIPTION = [
  'Server-sent events: `event: disputes` with `data: {"open": n}` on connect and whenever the number of DISPUTED orders changes;',
  '`event: settlement` with `data: {"id", "orderId", "status"}` when a settlement appears or changes status; a comment line every 15 s.',
  "Ends when the session does or the server stops (reconnect then). With `Accept: application/json`: the current count, once.",
].join(" ");

export const eventRoutes: RoutePlugin<AppContext> = async (app, { ctx }) => {
  const { eventsMaxStreams, eventsStreamsPerSession } = ctx.config;
  const feed = new LiveFeed(ctx, {
    pollMs: ctx.config.eventsPollMs,
    heartbeatMs: HEARTBEAT_MS,
    maxStreams: eventsMaxStreams,
    maxStreamsPerSession: eventsStreamsPerSession,
    onError: (error) => app.log.error({ err: error }, "live updates: reading the changes failed"),
  });
  // Before the server waits for its connections to end: an open stream would otherwise hold it.
  app.addHook("preClose", () => feed.close());
  // How near EVENTS_MAX_STREAMS the instance is.
  new Gauge({
    name: "marketplace_event_streams",
    help: "Live-update streams (GET /admin/events) this instance holds open",
    registers: [ctx.metrics.registry],
    collect() {
      this.set(feed.size);
    },
  });

  // Its 200 body is a stream, which the typed replies do not describe: this route's replies are untyped.
  app.withTypeProvider<FastifyTypeProviderDefault>().get(
    "",
    {
      schema: {
        ...about(
          "liveEvents",
          "Live updates: new disputes and settlement status changes, as server-sent events (beyond the core API)",
          "session",
          BEYOND_SPEC,
        ),
        response: {
          200: {
            description: STREAM_DESCRIPTION,
            content: {
              "text/event-stream": { schema: z.string() },
              "application/json": { schema: dataOf(disputesEventSchema) },
            },
          },
          ...errors(401, 403),
          ...error(
            429,
            `Too many streams open: at most ${eventsStreamsPerSession} per session and ${eventsMaxStreams} on this instance (EVENTS_MAX_STREAMS); Retry-After says when to try again`,
          ),
        },
      },
    },
    async (request, reply) => {
      if (!/\btext\/event-stream\b/.test(request.headers.accept ?? "")) {
        return reply.type("application/json; charset=utf-8").send({ data: await openDisputes(ctx) });
      }
      // The guard has seen a live session, so the cookie is there.
      const token = readSessionToken(ctx, request) ?? "";
      const stream = new PassThrough();
      const client: LiveClient = {
        session: hashSessionToken(token),
        write: (chunk) => void (stream.writable && stream.write(chunk)),
        allowed: () => sessionStillAdmin(ctx, token),
        end: () => stream.end(),
      };
      // Past a limit this throws: a 429 as JSON, nothing streamed.
      feed.add(client);
      // The console went away (tab closed, reconnecting) or the stream ended: its place frees at once.
      reply.raw.once("close", () => feed.remove(client));
      // It may have gone while the guard read its session: its "close" came before anyone listened.
      if (reply.raw.destroyed) feed.remove(client);
      // A first line now sends the headers: the browser's EventSource opens at once. (Through the
      // client: a feed that is closing has ended the stream already.)
      client.write(": stream open\n\n");
      return (
        reply
          .type("text/event-stream; charset=utf-8")
          // Cache-Control: the API's no-store (security-headers.ts), which no proxy caches either.
          .header("X-Accel-Buffering", "no")
          // One stream per connection: when it ends, so does the connection (a closing server then has nothing to wait for).
          .header("Connection", "close")
          .send(stream)
      );
    },
  );
};
