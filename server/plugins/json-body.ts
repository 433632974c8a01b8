// JSON bodies as usual, but an empty one (axios sends none for a bodiless POST/DELETE) is not a 400
// of its own: a route that reads a body then sees `{}`, as it does for a request sent without one,
// so its 400 names each required field rather than "body".
import fp from "fastify-plugin";
import { badRequest } from "../http/errors.ts";

export const jsonBody = fp(
  async function jsonBody(app) {
    app.addHook("preValidation", async (request) => {
      if (request.body === undefined && request.routeOptions.schema?.body) request.body = {};
    });
    app.removeContentTypeParser("application/json");
    app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
      const text = typeof body === "string" ? body : body.toString("utf8");
      if (text.trim() === "") return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(badRequest("Malformed JSON body"), undefined);
      }
    });
  },
  { name: "json-body", fastify: "5.x" },
);
