// The built console (dist/) on the same origin as the API, so the session and XSRF cookies need
// no CORS. Client-side routes fall back to index.html; unknown /api paths stay JSON 404s.
import fastifyStatic from "@fastify/static";
import fp from "fastify-plugin";
import { existsSync } from "node:fs";
import { extname, join, sep } from "node:path";
import { fileNotFound, notFound } from "../http/errors.ts";
import { declarePublic } from "../http/route-schema.ts";
import { isApiPath } from "./security-headers.ts";

/** fastify-plugin: the not-found handler it sets is the root's, which answers every unknown URL. */
export const staticFiles = fp<{ staticDir: string }>(
  async function staticFiles(app, { staticDir }) {
    const hasConsole = existsSync(join(staticDir, "index.html"));
    const assetsDir = join(staticDir, "assets") + sep;
    if (hasConsole) {
      // Its routes (one a file) are declared public, as every route declares its access.
      app.addHook("onRoute", declarePublic);
      await app.register(fastifyStatic, {
        root: staticDir,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each file (vite.config.ts); a browser gets the smallest
        // it accepts, with Vary: Accept-Encoding, and the original when it accepts neither.
        preCompressed: true,
        setHeaders(res, path) {
          // Vite fingerprints everything under assets/, so those never change; index.html always may.
          res.header("Cache-Control", path.startsWith(assetsDir) ? "public, max-age=31536000, immutable" : "no-cache");
        },
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
      const path = request.url.split("?")[0];
      const pageRequest = request.method === "GET" || request.method === "HEAD";
      if (isApiPath(request.url) || !hasConsole || !pageRequest || extname(path) !== "") {
        throw isApiPath(request.url) ? notFound(`Route ${request.method} ${path}`) : fileNotFound();
      }
      reply.header("Cache-Control", "no-cache");
      return reply.sendFile("index.html");
    });
  },
  { name: "static-files", fastify: "5.x" },
);
