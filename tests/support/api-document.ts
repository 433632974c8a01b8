// The API's published document (GET /openapi.json) as the console reads it for the list parameters
// beyond the core API (src/components/record/list-filter-support.ts): each list call's query parameters.
import type { FakeApi } from "./fake-api";

export function serveDocument(api: FakeApi, lists: Record<string, string[]>): void {
  const paths = Object.fromEntries(
    Object.entries(lists).map(([path, names]) => [path, { get: { parameters: names.map((name) => ({ name, in: "query" })) } }]),
  );
  api.get("/openapi.json", [200, { openapi: "3.1.0", paths }]);
}
