// One error type for every route: the app's error handler turns it into
// `{ message, errors? }` with its status code. Validation failures name each bad field.
import type { ZodError } from "zod";

export interface FieldError {
  field: string;
  message: string;
}

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
export const conflict = (message: string) => new ApiError(409, message);
export const unavailable = (message: string) => new ApiError(503, message);

/** A 400 whose message names every bad field, e.g. "Invalid symbol: Symbol too long". */
export function fromZod(error: ZodError): ApiError {
  const errors: FieldError[] = error.issues.map((issue) => ({
    field: issue.path.join(".") || "body",
    message: issue.message,
  }));
  const summary = errors.map((e) => `${e.field}: ${e.message}`).join("; ");
  return badRequest(`Invalid request: ${summary}`, errors);
}

/**
 * Parses with a zod schema, throwing the 400 above on failure. A missing value (a request sent
 * without a body) reads as `{}`, so the 400 names each required field, not "body".
 */
export function parseOr400<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: ZodError } }, value: unknown): T {
  const result = schema.safeParse(value === undefined ? {} : value);
  if (!result.success) throw fromZod(result.error);
  return result.data;
}
