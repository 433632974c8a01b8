// The console's one HTTP client. Everything that talks to the API goes through `http`, so the
// envelope, the error shape and the session-expiry rule are decided here exactly once.
import axios, { type AxiosError, type AxiosResponse } from "axios";
import type { HttpError, ValidationErrors } from "@refinedev/core";
import { API_URL, HTTP_TIMEOUT_MS } from "@/config";
import { authStore } from "@/providers/auth-store";
import { navigation } from "@/providers/navigation";

/** A success body as the API sends it: `{ data }`, plus `meta` on the shops list. */
export interface ApiEnvelope {
  data?: unknown;
  meta?: Record<string, unknown>;
  [key: string]: unknown;
}

/** An error body as the API sends it (contract: `{ message, errors?: [{ field, message }] }`). */
interface ApiErrorBody {
  message?: unknown;
  errors?: unknown;
}

/** Refine's HttpError, plus the server's own message kept apart for texts that must not show axios's. */
export interface ApiHttpError extends HttpError {
  /** The server's `message` when it sent one, for the texts that read "the server's message, else ...". */
  serverMessage?: string;
}

export const NETWORK_ERROR_MESSAGE = "Network error: the API could not be reached.";

export const http = axios.create({
  baseURL: API_URL,
  // The session is an HttpOnly cookie, so it must travel with every call.
  withCredentials: true,
  headers: { Accept: "application/json" },
  // axios's defaults, stated so nobody "fixes" them: the server checks this exact cookie/header pair.
  // withXSRFToken stays unset so axios only echoes the token to our own origin.
  xsrfCookieName: "XSRF-TOKEN",
  xsrfHeaderName: "X-XSRF-TOKEN",
  timeout: HTTP_TIMEOUT_MS,
});

// The whole body of each unwrapped response, for the rare reader that needs a sibling of `data`.
const envelopes = new WeakMap<AxiosResponse, ApiEnvelope>();

/** The full JSON body of a response from `http` (e.g. the shops list's `meta`); `{}` if none. */
export function envelopeOf(response: AxiosResponse): ApiEnvelope {
  return envelopes.get(response) ?? {};
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// Bodies without a `data` key are left alone: the marketplace calls are read from `data` or the root.
function unwrap(response: AxiosResponse): AxiosResponse {
  const body: unknown = response.data;
  if (isObject(body) && "data" in body) {
    envelopes.set(response, body);
    response.data = body.data;
  }
  return response;
}

// The API lists field errors as an array; Refine's forms want a map from field to message(s).
function toValidationErrors(errors: unknown): ValidationErrors | undefined {
  if (!Array.isArray(errors) || errors.length === 0) return undefined;
  const byField: Record<string, string[]> = {};
  for (const entry of errors) {
    if (!isObject(entry) || typeof entry.message !== "string") continue;
    const field = typeof entry.field === "string" && entry.field ? entry.field : "_";
    (byField[field] ??= []).push(entry.message);
  }
  const result: ValidationErrors = {};
  for (const [field, messages] of Object.entries(byField)) {
    result[field] = messages.length === 1 ? messages[0] : messages;
  }
  return Object.keys(result).length ? result : undefined;
}

/** Turns whatever axios rejected with into the one error shape the rest of the app sees. */
export function toHttpError(error: unknown): ApiHttpError {
  if (!axios.isAxiosError(error)) {
    // Not a transport failure (a bug in a transform or interceptor): keep its own message.
    return { message: error instanceof Error ? error.message : String(error), statusCode: 0 };
  }
  const axiosError = error as AxiosError<ApiErrorBody>;
  const response = axiosError.response;
  if (!response) {
    // No response at all: offline, DNS, CORS, server down. statusCode 0 says "never reached the API".
    return { message: NETWORK_ERROR_MESSAGE, statusCode: 0, cause: axiosError.message };
  }
  const body = isObject(response.data) ? (response.data as ApiErrorBody) : {};
  const serverMessage = typeof body.message === "string" && body.message.trim() ? body.message : undefined;
  const httpError: ApiHttpError = {
    message: serverMessage ?? axiosError.message ?? `Request failed with status ${response.status}`,
    statusCode: response.status,
  };
  if (serverMessage) httpError.serverMessage = serverMessage;
  const errors = toValidationErrors(body.errors);
  if (errors) httpError.errors = errors;
  return httpError;
}

// A dead session (401 or 410) anywhere but the auth calls signs the console out. The auth calls are
// excluded because a 401 there is an answer (bad signature, no session yet), not an expiry.
function endsSession(error: ApiHttpError, path: string | undefined): boolean {
  return (error.statusCode === 401 || error.statusCode === 410) && !(path ?? "").includes("/auth/");
}

http.interceptors.response.use(unwrap, (error: unknown) => {
  const httpError = toHttpError(error);
  const path = axios.isAxiosError(error) ? error.config?.url : undefined;
  if (endsSession(httpError, path)) {
    authStore.clear();
    // Already on the login page a reload would only repeat the failing call, in a loop.
    if (window.location.pathname !== "/login") navigation.toLogin();
  }
  return Promise.reject(httpError);
});
