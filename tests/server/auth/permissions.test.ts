// Every route declares the access it needs (its schema's x-permission), and every role is answered
// as its permissions say: a permitted call is never refused for a permission, a forbidden one is
// refused with a 403 naming exactly the permission its route declares.
import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  permissionDenied,
  PERMISSION_VALUES,
  roleGrants,
  ROLES,
  TEAM_ROLE_VALUES,
  type Permission,
  type TeamRole,
} from "../../../contract/permissions.ts";
import { signInTeamMember, startTestServer, type TestClient, type TestServer } from "../support/harness.ts";

interface Walked {
  method: string;
  url: string;
  access: unknown;
}

let server: TestServer;
const routes: RouteOptions[] = [];
const clients = new Map<TeamRole, TestClient>();

beforeAll(async () => {
  server = await startTestServer({ onRoute: (route) => void routes.push(route) });
  await server.app.ready();
  clients.set("owner", await server.signIn());
  for (const role of TEAM_ROLE_VALUES.filter((r) => r !== "owner")) clients.set(role, (await signInTeamMember(server, role)).client);
});

afterAll(async () => {
  await server?.close();
});

const walked = (): Walked[] =>
  routes.map((route) => ({
    method: [route.method].flat().join(","),
    url: route.url,
    access: (route.schema as Record<string, unknown> | undefined)?.["x-permission"],
  }));

/** A path that reaches the route: each parameter a value no record has. */
const pathOf = (url: string) => url.replace(/:[A-Za-z]+/g, "no-such-id").replace(/\*$/, "x");

describe("every route declares its access", () => {
  it("fails naming any registered route without x-permission", () => {
    const all = walked();
    // The test sees the whole app: the auth and demo calls, health, the document, seed images, events.
    for (const expected of ["/api/v1/auth/nonce", "/api/v1/demo/wallet", "/healthz", "/api/v1/openapi.json", "/api/v1/admin/events"]) {
      expect(
        all.some((r) => r.url === expected),
        expected,
      ).toBe(true);
    }
    const allowed = new Set<unknown>([...PERMISSION_VALUES, "public", "session"]);
    const undeclared = all.filter((r) => !r.method.includes("HEAD") && !allowed.has(r.access)).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it("shows each operation's permission in the OpenAPI document", async () => {
    const document = (await server.client().get("/api/v1/openapi.json")).body;
    const operations = Object.values(document.paths as Record<string, Record<string, { "x-permission"?: string }>>).flatMap((p) =>
      Object.values(p).filter((o) => typeof o === "object" && o !== null && "operationId" in o),
    );
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.filter((o) => !o["x-permission"])).toEqual([]);
  });
});

describe("each role is answered as its permissions say", () => {
  // A stream never ends; every other guarded route is called by each role with an empty body.
  const guarded = () =>
    walked().filter((r) => (PERMISSION_VALUES as unknown[]).includes(r.access) && !r.method.includes("HEAD") && !r.url.endsWith("/events"));

  for (const role of TEAM_ROLE_VALUES) {
    it(`${role} (${ROLES[role].label})`, async () => {
      const client = clients.get(role)!;
      const wrong: string[] = [];
      for (const route of guarded()) {
        const permission = route.access as Permission;
        const response = await client.request(route.method, pathOf(route.url), route.method === "GET" ? {} : { body: {} });
        const refused = response.status === 403 && String(response.body?.message ?? "").startsWith("Permission required");
        const expected = roleGrants(role, permission);
        if (expected && refused) wrong.push(`${route.method} ${route.url}: refused (${response.body.message})`);
        if (!expected && !(response.status === 403 && response.body?.message === permissionDenied(permission)))
          wrong.push(`${route.method} ${route.url}: answered ${response.status} ${response.text.slice(0, 120)}`);
      }
      expect(wrong).toEqual([]);
    });
  }

  it("gives the session its team role and permissions", async () => {
    const validate = await clients.get("support")!.get("/auth/validate");
    expect(validate.body.data.user).toMatchObject({ teamRole: "support", permissions: ["read", "orders.notes"] });
    const owner = await clients.get("owner")!.get("/auth/validate");
    expect(owner.body.data.user).toMatchObject({ teamRole: "owner", permissions: PERMISSION_VALUES });
  });
});
