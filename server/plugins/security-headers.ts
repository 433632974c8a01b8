// Response headers, split between the JSON API (never cached, never rendered) and the console's
// pages (a CSP strict on scripts but open enough for wallet adapters: data: icons, the RPC in
// connect-src, Solflare's connect iframe, antd's runtime <style> tags, popup-based wallets).
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";

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

/** Case-insensitive: a wrong-case /API/v1/... is still an API call, answered as one (JSON 404). */
export const isApiPath = (url: string): boolean => /^\/api(?:[/?]|$)/i.test(url);

/** The headers of a response to `url`: the API's or the pages'. */
export function headersFor(config: Config, url: string): Record<string, string> {
  return isApiPath(url) ? apiHeaders(config) : pageHeaders(config);
}

export function installSecurityHeaders(app: FastifyInstance, config: Config): void {
  const api = apiHeaders(config);
  const pages = pageHeaders(config);
  app.addHook("onSend", async (request, reply, payload) => {
    reply.headers(isApiPath(request.url) ? api : pages);
    return payload;
  });
}
