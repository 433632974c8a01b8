// One error shape for the whole API: `{ message, errors? }` with the right status. Our ApiError
// carries its own status/headers; a request the route's zod schemas refuse is a 400 naming each bad
// field; Fastify's JSON-parse, body-size and rate-limit errors keep their 4xx status and message; a
// database that cannot be reached (or stays locked) is a 503 with Retry-After, whatever call met it;
// anything else (a response its schema refuses included) is a 500 whose details go only to the log.
import { maxHeaderSize } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { Config } from "../config.ts";
import { databaseFault } from "../db/engine.ts";
import { ApiError, databaseBusy, databaseUnavailable, invalidRequest, type FieldError } from "../http/errors.ts";
import { apiHeaders, headersFor } from "./security-headers.ts";

export const INTERNAL_ERROR = "Internal server error";

/** The instance's error handler (fastify-plugin: set on the root, so every route's errors come here). */
export const errorHandler = fp(
  async function errorHandler(app) {
    app.setErrorHandler((error: FastifyError | ApiError | Error, request, reply) => {
      if (error instanceof ApiError) return sendApiError(reply, error);
      if (hasZodFastifySchemaValidationErrors(error)) {
        return sendApiError(reply, invalidRequest(error.validation.map(toFieldError)));
      }
      const fastifyError = error as FastifyError;
      const status = fastifyError.statusCode;
      if (typeof status === "number" && status >= 400 && status < 500) {
        return reply.status(status).send({ message: fastifyError.message || "Bad request" });
      }
      // A write it cut off was rolled back with its transaction (or never began): retrying is safe.
      const fault = databaseFault(error);
      if (fault) {
        request.log.warn({ err: error }, `database ${fault}`);
        return sendApiError(reply, fault === "busy" ? databaseBusy() : databaseUnavailable());
      }
      request.log.error({ err: error }, "unhandled error");
      return reply.status(500).send({ message: INTERNAL_ERROR });
    });
  },
  { name: "error-handler", fastify: "5.x" },
);

function sendApiError(reply: FastifyReply, error: ApiError): FastifyReply {
  if (error.headers) reply.headers(error.headers);
  const body = error.errors?.length ? { message: error.message, errors: error.errors } : { message: error.message };
  return reply.status(error.statusCode).send(body);
}

/** A zod issue as the API names it: its path joined with dots ("body" for the value itself). */
function toFieldError(issue: { instancePath: string; message?: string }): FieldError {
  return { field: issue.instancePath.split("/").slice(1).join(".") || "body", message: issue.message ?? "Invalid value" };
}

/**
 * Longest path parameter the router matches (Fastify's maxParamLength): as long as Node lets a whole
 * request line be (its header limit counts it), so each route's params schema judges its own: a
 * search term over its 100 characters is a 400 naming it, not a 404 the router answers by length.
 */
export const MAX_PARAM_LENGTH = maxHeaderSize;

/**
 * Fastify's router refuses some URLs before any route, hook or error handler runs, in a shape of
 * its own that echoes the URL. These get the API's shape and headers; an over-long id names no
 * record, so it is a plain 404.
 */
export function frameworkErrorHandler(config: Config) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const [status, message] =
      error.code === "FST_ERR_BAD_URL"
        ? [400, "Malformed URL: the path is not valid percent-encoding"]
        : error.code === "FST_ERR_MAX_PARAM_LENGTH"
          ? [404, `Not found: no record has an id longer than ${MAX_PARAM_LENGTH} characters`]
          : [500, INTERNAL_ERROR];
    if (status === 500) request.log.error({ err: error }, "router error");
    void reply.headers(headersFor(config, request.url)).status(status).send({ message });
  };
}

const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, "Request Timeout", "The request took too long to arrive"],
  HPE_HEADER_OVERFLOW: [431, "Request Header Fields Too Large", "The request headers (cookies included) are too large"],
};

/**
 * Requests Node's HTTP parser rejects (over-long headers, a garbage request line) never reach
 * Fastify: they are answered on the socket, in the API's shape with its headers.
 */
export function clientErrorHandler(config: Config) {
  return (error: NodeJS.ErrnoException, socket: Socket): void => {
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    const [status, reason, message] = CLIENT_ERRORS[error.code ?? ""] ?? [400, "Bad Request", "Malformed HTTP request"];
    const body = JSON.stringify({ message });
    const headers = {
      ...apiHeaders(config),
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": String(Buffer.byteLength(body)),
      Connection: "close",
    };
    if (socket.writable) {
      const head = Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}`)
        .join("\r\n");
      socket.write(`HTTP/1.1 ${status} ${reason}\r\n${head}\r\n\r\n${body}`);
    }
    socket.destroy(error);
  };
}
