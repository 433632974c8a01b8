// Response headers, split between the JSON API (never cached, never rendered), the console's
// pages (a CSP strict on scripts but open enough for wallet adapters: data: icons, the RPC in
// connect-src, Solflare's connect iframe, antd's runtime <style> tags, popup-based wallets) and the
// API reference page (its own scripts and the inline one that starts it, by hash; nothing from elsewhere).
import { createHash } from "node:crypto";
import fp from "fastify-plugin";
import type { Config } from "../config.ts";
import { DOCS_PREFIX } from "./openapi.ts";

const COMMON = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Resource-Policy": "same-origin",
};

export function apiHeaders(config: Config): Record<string, string> {
  return {
    ...COMMON,
    "Cache-Control": "no-store",
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
    ...hsts(config),
  };
}

export function pageCsp(config: Config): string {
  const rpc = new URL(config.rpcUrl);
  const ws = `${rpc.protocol === "https:" ? "wss:" : "ws:"}//${rpc.host}`;
  const https = config.publicOrigin.startsWith("https:");
  return [
    "default-src 'self'",
    "script-src 'self'",
    // antd (CSS-in-JS) injects <style> elements at run time.
    "style-src 'self' 'unsafe-inline'",
    // Wallet-standard icons are data: URIs; product and shop pictures may live on any https host.
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' ${rpc.origin} ${ws}`,
    `frame-src ${config.extraFrameSrc.join(" ") || "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

export function pageHeaders(config: Config): Record<string, string> {
  return {
    ...COMMON,
    "Content-Security-Policy": pageCsp(config),
    // same-origin would cut window.opener and break popup wallets.
    "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
    ...hsts(config),
  };
}

function hsts(config: Config): Record<string, string> {
  return config.publicOrigin.startsWith("https:") ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {};
}

/** The reference page's CSP: its scripts from here, plus the inline ones `html` holds, by hash. */
export function docsCsp(html: string): string {
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    ([, code]) => `'sha256-${createHash("sha256").update(code).digest("base64")}'`,
  );
  return [
    "default-src 'none'",
    ["script-src 'self'", ...inline].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const isDocsPath = (url: string): boolean => url.toLowerCase().startsWith(DOCS_PREFIX);

/** Case-insensitive: a wrong-case /API/v1/... is still an API call, answered as one (JSON 404). */
export const isApiPath = (url: string): boolean => /^\/api(?:[/?]|$)/i.test(url);

/** The headers of a response to `url`: the API's or the pages'. */
export function headersFor(config: Config, url: string): Record<string, string> {
  return isApiPath(url) ? apiHeaders(config) : pageHeaders(config);
}

/** Every response's headers, by what it answers (fastify-plugin: its onSend hook is the root's). */
export const securityHeaders = fp<{ config: Config }>(
  async function securityHeaders(app, { config }) {
    const api = apiHeaders(config);
    const pages = pageHeaders(config);
    app.addHook("onSend", async (request, reply, payload) => {
      reply.headers(isApiPath(request.url) ? api : pages);
      if (isDocsPath(request.url) && typeof payload === "string" && String(reply.getHeader("content-type")).startsWith("text/html")) {
        reply.headers({ "Content-Security-Policy": docsCsp(payload), "Cache-Control": "no-cache" });
      }
      return payload;
    });
  },
  { name: "security-headers", fastify: "5.x" },
);
