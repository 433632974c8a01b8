// DNS rebinding: a page on attacker.example whose name is re-pointed at 127.0.0.1 reaches this
// server as same-origin to itself, with `Host: attacker.example`. Only hosts such a page cannot
// present are served: PUBLIC_ORIGIN's host, and loopback names or IP literals (no DNS involved, so
// nothing to rebind; a reverse proxy that forwards its upstream address as Host still works).
import { isIP } from "node:net";
import fp from "fastify-plugin";
import { isLoopbackHost, type Config } from "../config.ts";
import { misdirected } from "../http/errors.ts";

const DEFAULT_PORT: Record<string, string> = { "http:": "80", "https:": "443" };

function parseHost(host: string): { hostname: string; port: string } | null {
  try {
    const url = new URL(`http://${host}`);
    // A Host header is a host and an optional port: anything else (user info, a path) is refused.
    if (url.username || url.password || url.pathname !== "/" || url.search || url.hash) return null;
    return { hostname: url.hostname.toLowerCase(), port: /:(\d+)$/.exec(host)?.[1] ?? "" };
  } catch {
    return null;
  }
}

export function isAllowedHost(config: Pick<Config, "publicOrigin">, host: string): boolean {
  const parsed = parseHost(host);
  if (!parsed) return false;
  const bare = parsed.hostname.replace(/^\[(.*)\]$/, "$1");
  if (isLoopbackHost(parsed.hostname) || isIP(bare) !== 0) return true;
  const origin = new URL(config.publicOrigin);
  const port = origin.port || DEFAULT_PORT[origin.protocol];
  return parsed.hostname === origin.hostname && (parsed.port === "" || parsed.port === port);
}

/** Refuses (421) every request for a host this server does not answer for (fastify-plugin: a root hook). */
export const hostCheck = fp<{ config: Config }>(
  async function hostCheck(app, { config }) {
    app.addHook("onRequest", async (request) => {
      const host = request.headers.host;
      // HTTP/1.0 clients may send none; a browser (and so a rebinding page) always sends one.
      if (host === undefined || isAllowedHost(config, host)) return;
      throw misdirected(`Misdirected request: this server does not answer for the host ${JSON.stringify(host.slice(0, 100))}`);
    });
  },
  { name: "host-check", fastify: "5.x" },
);
