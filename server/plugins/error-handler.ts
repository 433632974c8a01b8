// One error shape for the whole API: `{ message, errors? }` with the right status. Our ApiError
// carries its own status/headers; Fastify's validation, JSON-parse, body-size and rate-limit errors
// keep their 4xx status and message; anything else is a 500 whose details go only to the log.
import type { FastifyError, FastifyInstance } from "fastify";
import { ApiError } from "../http/errors.ts";

export const INTERNAL_ERROR = "Internal server error";

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError | Error, request, reply) => {
    if (error instanceof ApiError) {
      if (error.headers) reply.headers(error.headers);
      const body = error.errors?.length ? { message: error.message, errors: error.errors } : { message: error.message };
      return reply.status(error.statusCode).send(body);
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) {
      return reply.status(400).send({ message: `Invalid request: ${fastifyError.message}` });
    }
    const status = fastifyError.statusCode;
    if (typeof status === "number" && status >= 400 && status < 500) {
      return reply.status(status).send({ message: fastifyError.message || "Bad request" });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ message: INTERNAL_ERROR });
  });
}
