// One error type for every route: the app's error handler turns it into
// `{ message, errors? }` with its status code. Validation failures name each bad field. Each kind
// has its helper below: a module throws these, never an error class or a `{ statusCode }` of its own.
import type { FieldError } from "../../contract/index.ts";

export type { FieldError };

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new ApiError(400, message, errors);
export const unauthorized = (message = "Authentication required") => new ApiError(401, message);
export const forbidden = (message = "Forbidden") => new ApiError(403, message);
export const notFound = (what = "Resource") => new ApiError(404, `${what} not found`);
/** A URL outside the API that names nothing (a console file, a seed image): the plain 404. */
export const fileNotFound = () => new ApiError(404, "Not Found");
export const conflict = (message: string) => new ApiError(409, message);
/** A request for a host this server does not answer for (plugins/host-check.ts). */
export const misdirected = (message: string) => new ApiError(421, message);
/** Without `retryAfterSeconds` no Retry-After is added (@fastify/rate-limit sets its own). */
export const tooManyRequests = (message: string, retryAfterSeconds?: number) =>
  new ApiError(429, message, undefined, retryAfter(retryAfterSeconds));
/** The chain refused or failed a transaction before it could land: nothing was paid. */
export const badGateway = (message: string) => new ApiError(502, message);
export const unavailable = (message: string, retryAfterSeconds?: number) =>
  new ApiError(503, message, undefined, retryAfter(retryAfterSeconds));
/** A transaction was sent but its outcome is not known yet. */
export const gatewayTimeout = (message: string) => new ApiError(504, message);

function retryAfter(seconds: number | undefined): Record<string, string> | undefined {
  return seconds === undefined ? undefined : { "Retry-After": String(seconds) };
}

/** How long a client is asked to wait (Retry-After) while the database does not answer. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
const retryLater = { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) };
/** The database cannot be reached (db/engine.ts databaseFault): nothing was changed. */
export const databaseUnavailable = () => new ApiError(503, "The database is unavailable: try again shortly", undefined, retryLater);
/** SQLite's file stayed locked by another process past the busy timeout: nothing was changed. */
export const databaseBusy = () => new ApiError(503, "The database is busy: try again shortly", undefined, retryLater);

/** A 400 whose message names every bad field, e.g. "Invalid request: symbol: Symbol too long". */
export function invalidRequest(errors: FieldError[]): ApiError {
  return badRequest(`Invalid request: ${errors.map((e) => `${e.field}: ${e.message}`).join("; ")}`, errors);
}
