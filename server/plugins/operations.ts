// What a load balancer and an operator ask of an instance, outside the API: GET /healthz (the
// process answers), GET /readyz (the database and the chain answer; 503 naming what does not) and
// GET /metrics (Prometheus; a bearer token when METRICS_TOKEN is set). Also one JSON log line per
// request with its id (X-Request-Id, taken from the load balancer when it sends a sane one) and its
// duration, which the metrics' histogram records too.
import { timingSafeEqual } from "node:crypto";
import fp from "fastify-plugin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema } from "../../contract/index.ts";
import type { AppContext } from "../context.ts";
import { pingDatabase } from "../db/health.ts";
import { unauthorized } from "../http/errors.ts";
import { BEYOND_SPEC, documentedAs, error, errors } from "../http/route-schema.ts";

/** The document's group for these routes; they live at the root, outside the API's prefix. */
export const OPERATIONS_TAG = "Operations";
const about = documentedAs(OPERATIONS_TAG);

const checksSchema = z.object({
  database: z.string().describe('"ok", or "unreachable: " and why'),
  chain: z.string().describe('"ok", "not configured" (no settlement service), or "unreachable: " and why'),
});

/** How long a readiness probe waits on each dependency before calling it down. */
export const READY_TIMEOUT_MS = 2_000;

function withinDeadline<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** "ok", or "unreachable: " and why. */
async function check(work: () => Promise<unknown>, what: string): Promise<string> {
  try {
    await withinDeadline(work(), what);
    return "ok";
  } catch (error) {
    return `unreachable: ${(error as Error).message}`;
  }
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The request log and metrics of every route, and /healthz, /readyz and /metrics at the root.
 * fastify-plugin: its hooks are the root's, so they see every request (unmatched ones included).
 */
const operationsPlugin: FastifyPluginAsyncZod<{ ctx: AppContext }> = async function operations(app, { ctx }) {
  const { metrics } = ctx;

  // A stop closes idle connections at once, but one busy with a request would then stay open,
  // kept alive, until its timeout (72 s): an answer given while stopping closes its connection.
  let stopping = false;
  app.addHook("preClose", async () => {
    stopping = true;
  });
  app.addHook("onSend", async (request, reply) => {
    reply.header("X-Request-Id", request.id);
    if (stopping) reply.header("Connection", "close");
  });
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? "unmatched";
    const seconds = reply.elapsedTime / 1000;
    metrics.requestDuration.observe({ method: request.method, route, status_code: reply.statusCode }, seconds);
    request.log.info({ method: request.method, route, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) }, "request");
  });

  app.get(
    "/healthz",
    {
      schema: {
        ...about("health", "Whether the process answers (liveness)", "public", BEYOND_SPEC),
        response: { 200: z.object({ status: z.literal("ok") }).describe("The process answers"), ...errors(421) },
      },
    },
    async () => ({ status: "ok" as const }),
  );

  app.get(
    "/readyz",
    {
      schema: {
        ...about("readiness", "Whether the database and the chain answer (readiness); 503 names what does not", "public", BEYOND_SPEC),
        response: {
          200: z.object({ status: z.literal("ready"), checks: checksSchema }).describe("Ready: every part answers, or is not configured"),
          ...errors(421),
          503: apiErrorSchema.extend({ checks: checksSchema }).describe("Not ready: the message names each part that does not answer"),
        },
      },
    },
    async (_request, reply) => {
      const backend = ctx.settlementBackend;
      const checks = {
        database: await check(() => pingDatabase(ctx.db), "the database"),
        chain: backend ? await check(() => backend.ledger.latestBlockhash(), "the chain") : "not configured",
      };
      const down = Object.entries(checks).filter(([, state]) => state !== "ok" && state !== "not configured");
      if (down.length === 0) return reply.code(200).send({ status: "ready" as const, checks });
      return reply.code(503).send({ message: `Not ready: ${down.map(([part, state]) => `${part} ${state}`).join("; ")}`, checks });
    },
  );

  // The body is Prometheus' text format, not JSON: its 200 is documented under text/plain, which
  // Fastify sends as it is (a JSON schema would serialize it), and so no typed replies either.
  app.get(
    "/metrics",
    {
      schema: {
        ...about(
          "metrics",
          "Prometheus metrics of this instance (text format); a bearer token when METRICS_TOKEN is set",
          "public",
          BEYOND_SPEC,
        ),
        // Open, or the bearer token: METRICS_TOKEN decides, the document cannot.
        security: [{}, { metricsToken: [] }],
        response: {
          200: {
            description: "The metrics in Prometheus' text exposition format (version 0.0.4)",
            content: { "text/plain": { schema: z.string() } },
          },
          ...error(401, "METRICS_TOKEN is set and the request does not carry it as a bearer token"),
          ...errors(421),
        },
      },
    },
    async (request, reply) => {
      const token = ctx.config.metricsToken;
      if (token && !sameToken(request.headers.authorization ?? "", `Bearer ${token}`)) {
        reply.header("WWW-Authenticate", "Bearer");
        throw unauthorized("Metrics need the METRICS_TOKEN as a bearer token");
      }
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    },
  );
};

export const operations = fp(operationsPlugin, { name: "operations", fastify: "5.x" });
