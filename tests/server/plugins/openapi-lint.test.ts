// Redocly's recommended rules (redocly.yaml) on the served OpenAPI document: no error and no warning
// but those .redocly.lint-ignore.yaml accepts, each with its reason. Linted in process with
// @redocly/openapi-core, the engine of `redocly lint` (measured: 0.4 s, against 1.3 s to spawn the
// CLI, which is a larger install), under the name docs/api.md saves it as, openapi.json at the
// repository's root, so the ignore file's entries apply as they do to `npx @redocly/cli lint openapi.json`.
import { fileURLToPath } from "node:url";
import { lintFromString, loadConfig } from "@redocly/openapi-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/harness.ts";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

let server: TestServer;
let served: string;

beforeAll(async () => {
  server = await startTestServer();
  const response = await server.client().get("/api/v1/openapi.json");
  expect(response.status).toBe(200);
  served = response.text;
});

afterAll(() => server?.close());

it("passes Redocly's recommended rules: no error, no warning the ignore file does not explain", async () => {
  const config = await loadConfig({ configPath: `${ROOT}redocly.yaml` });
  const problems = await lintFromString({ source: served, absoluteRef: `${ROOT}openapi.json`, config });
  const open = problems.filter((problem) => !problem.ignored);
  expect(open.map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`)).toEqual([]);
});
