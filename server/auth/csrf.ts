// CSRF defence for every state-changing request (OWASP "signed double-submit cookie"):
// XSRF-TOKEN = rand.HMAC(secret, len!binding!len!rand), readable by the console, which axios echoes
// as X-XSRF-TOKEN. The binding is the hash of the session cookie the browser holds ("" before
// sign-in), so a token planted from elsewhere is useless. Fetch Metadata and Origin checks come first.
// Failures are 403, never 401: the console logs out on 401, and a CSRF probe must not do that.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { forbidden } from "../http/errors.ts";
import type { AppContext } from "../context.ts";
import { hashSessionToken, isHttps, readSessionToken } from "./sessions.ts";

export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "x-xsrf-token";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
export const isSafeMethod = (method: string): boolean => SAFE_METHODS.has(method.toUpperCase());

function mac(ctx: AppContext, binding: string, rand: string): string {
  return createHmac("sha256", ctx.config.sessionSecret).update(`${binding.length}!${binding}!${rand.length}!${rand}`).digest("base64url");
}

/** The session binding of a request: the hash of its session cookie, or "" without one. */
export function requestBinding(ctx: AppContext, request: FastifyRequest): string {
  const token = readSessionToken(ctx, request);
  return token ? hashSessionToken(token) : "";
}

export function makeXsrfToken(ctx: AppContext, binding: string): string {
  const rand = randomBytes(24).toString("base64url");
  return `${rand}.${mac(ctx, binding, rand)}`;
}

export function isValidXsrfToken(ctx: AppContext, token: string | undefined, binding: string): boolean {
  if (!token || token.length > 200) return false;
  const [rand, sig, extra] = token.split(".");
  if (!rand || !sig || extra !== undefined) return false;
  return safeEqual(sig, mac(ctx, binding, rand));
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function setXsrfCookie(ctx: AppContext, reply: FastifyReply, binding: string): void {
  reply.setCookie(XSRF_COOKIE, makeXsrfToken(ctx, binding), {
    path: "/",
    httpOnly: false, // the console must read it to echo it
    sameSite: "strict",
    secure: isHttps(ctx),
  });
}

export function clearXsrfCookie(ctx: AppContext, reply: FastifyReply): void {
  reply.clearCookie(XSRF_COOKIE, { path: "/", sameSite: "strict", secure: isHttps(ctx) });
}

/** Throws a 403 unless a state-changing request is same-origin and carries a valid bound token. */
export function assertCsrfSafe(ctx: AppContext, request: FastifyRequest): void {
  if (isSafeMethod(request.method)) return;
  const site = request.headers["sec-fetch-site"];
  if (site === "cross-site" || site === "same-site") {
    throw forbidden("Cross-site request refused");
  }
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== ctx.config.publicOrigin) {
    throw forbidden(`Request origin ${origin} does not match ${ctx.config.publicOrigin}`);
  }
  const header = request.headers[XSRF_HEADER];
  const cookie = request.cookies[XSRF_COOKIE];
  if (typeof header !== "string" || !header || !cookie) {
    throw forbidden("Missing CSRF token: send the XSRF-TOKEN cookie back as the X-XSRF-TOKEN header");
  }
  if (!safeEqual(header, cookie) || !isValidXsrfToken(ctx, cookie, requestBinding(ctx, request))) {
    throw forbidden("Invalid CSRF token");
  }
}
