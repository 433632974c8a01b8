// Users over real HTTP: list shape and every filter against plain SQL, detail, edit and deactivation
// with their audit entries, the self-lockout guard, search with quotes and LIKE/SQL characters taken
// literally, and the user stats.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES, userSchema } from "../../../contract/index.ts";
import { seedDatabase } from "../../../server/seed/index.ts";
import { createUserRecord } from "../../../server/seed/records.ts";
import { defaultPage, startTestServer, type TestClient, type TestServer } from "../support/harness.ts";
import { query } from "../support/test-database.ts";

let server: TestServer;
let api: TestClient;

/** Raw SQL on the test server's database, on either engine (test-database.ts). */
const raw = () => query(server.ctx);

const TRICKY = [`O'Brien "Bobby" Tables'); DROP TABLE users;--`, "100% genuine_seller", "Back\\slash Betty"];

/** Every user, plain SQL's way. */
const ALL = "1 = 1";

async function userIds(where: string, params: unknown[] = []): Promise<string[]> {
  const rows = await raw().all<{ id: string }>(`SELECT id FROM users WHERE ${where} ORDER BY rowid DESC`, ...params);
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  server = await startTestServer({
    prepare: async (ctx) => {
      await seedDatabase(ctx.database, { orders: 1000, users: 400, seed: 3, now: ctx.now() });
    },
  });
  // The admin signs in before the tricky users exist, so the newest users are the tricky ones.
  api = await server.signIn();
  for (const displayName of TRICKY) await createUserRecord(server.ctx.db, { displayName, contactInfo: null });
});

afterAll(async () => {
  await server.close();
});

describe("GET /users", () => {
  it("answers the paged shape with JSON booleans, newest first", async () => {
    const items = await defaultPage(api, "/users", { total: 404, totalPages: 21 });
    expect(items[0]).toMatchObject({ displayName: TRICKY[2], verified: false, disabled: false, role: "USER" });
    // Every field of the published User, the optional ones too.
    expect(Object.keys(items[0])).toEqual(expect.arrayContaining(Object.keys(userSchema.shape)));
    expect(items.map((u: { id: string }) => u.id)).toEqual((await userIds(ALL)).slice(0, 20));
  });

  it.each([
    ["role=ADMIN", "role = 'ADMIN'"],
    ["role=MARKETPLACE_AUTHORITY", "role = 'MARKETPLACE_AUTHORITY'"],
    ["verified=true", "verified = 1"],
    ["verified=false&disabled=false", "verified = 0 AND disabled = 0"],
    ["disabled=true", "disabled = 1"],
    ["role=USER&verified=true&disabled=false", "role = 'USER' AND verified = 1 AND disabled = 0"],
  ])("%s returns exactly the matching users on every page", async (query, where) => {
    const expected = await userIds(where);
    expect(expected.length).toBeGreaterThan(0);
    const seen: string[] = [];
    for (let page = 1; ; page++) {
      const res = await api.get(`/users?${query}&page=${page}&limit=17`);
      expect(res.status).toBe(200);
      expect(res.body.data.total).toBe(expected.length);
      seen.push(...res.body.data.items.map((u: { id: string }) => u.id));
      if (page >= res.body.data.totalPages) break;
    }
    expect(seen).toEqual(expected);
  });

  it("refuses bad filters, naming the field", async () => {
    const res = await api.get("/users?verified=yes&role=ROOT");
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: "role", message: MESSAGES.role },
      { field: "verified", message: MESSAGES.queryBoolean },
    ]);
  });
});

describe("the admin guard", () => {
  it("answers 401 to a resource call without a session", async () => {
    const res = await server.client().get("/users");
    expect(res.status).toBe(401);
    expect(res.body.data).toBeUndefined();
  });
});

describe("GET /users/:id", () => {
  it("returns the user or 404", async () => {
    const [id] = await userIds("role = 'MARKETPLACE_AUTHORITY'");
    const res = await api.get(`/users/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, role: "MARKETPLACE_AUTHORITY" });
    const missing = await api.get("/users/00000000-0000-0000-0000-000000000000");
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: "User not found" });
  });
});

describe("GET /users/search/:term", () => {
  const search = (term: string, query = "") => api.get(`/users/search/${encodeURIComponent(term)}${query}`);

  it("finds names with quotes and SQL text as plain data", async () => {
    const res = await search(`O'Brien "Bobby" Tables'); DROP TABLE users;--`);
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((u: { displayName: string }) => u.displayName)).toEqual([TRICKY[0]]);
    expect((await userIds(ALL)).length).toBe(404);
  });

  it("takes % _ and \\ literally", async () => {
    expect((await search("%")).body.data.items.map((u: { displayName: string }) => u.displayName)).toEqual([TRICKY[1]]);
    expect((await search("genuine_s")).body.data.total).toBe(1);
    // Case-blind, as the search is (SQLite's LIKE ignores ASCII case; PostgreSQL's does not, hence lower()).
    const eUnderscoreS = `lower("displayName") LIKE '%e\\_s%' ESCAPE '\\' OR lower("contactInfo") LIKE '%e\\_s%' ESCAPE '\\'`;
    expect((await search("e_s")).body.data.total).toBe((await userIds(eUnderscoreS)).length);
    expect((await search("k\\s")).body.data.items.map((u: { displayName: string }) => u.displayName)).toEqual([TRICKY[2]]);
  });

  it("searches emails and keys too, pages with default limit 10", async () => {
    const [target] = await raw().all<{ id: string; publicKey: string }>(`SELECT id, "publicKey" FROM users WHERE role = 'USER' LIMIT 1`);
    const byKey = await search(target.publicKey.slice(3, 20));
    expect(byKey.body.data.items.map((u: { id: string }) => u.id)).toEqual([target.id]);
    const broad = await search("@");
    const withAt = await userIds(`"contactInfo" LIKE '%@%'`);
    expect(broad.body.data).toMatchObject({ page: 1, limit: 10, total: withAt.length });
    expect(broad.body.data.items).toHaveLength(10);
    const second = await search("@", "?page=2&limit=5");
    expect(second.body.data.items.map((u: { id: string }) => u.id)).toEqual(withAt.slice(5, 10));
  });
});

describe("PATCH /users/:id", () => {
  it("updates the fields, maps booleans, and audits before/after", async () => {
    const user = await createUserRecord(server.ctx.db, { displayName: "Old", contactInfo: "old@example.com" });
    const res = await api.patch(`/users/${user.id}`, {
      publicKey: "ignored",
      displayName: "New Name",
      contactInfo: "",
      role: "MARKETPLACE_AUTHORITY",
      verified: true,
      status: "active",
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: user.id,
      publicKey: user.publicKey,
      displayName: "New Name",
      contactInfo: null,
      role: "MARKETPLACE_AUTHORITY",
      verified: true,
      disabled: false,
    });
    const audit = await api.get(`/admin/audit?targetType=user&targetId=${user.id}`);
    expect(audit.body.data.items).toEqual([
      expect.objectContaining({
        action: "user.update",
        adminPublicKey: server.adminWallet.publicKey,
        before: { displayName: "Old", contactInfo: "old@example.com", role: "USER", verified: false, status: "active" },
        after: { displayName: "New Name", contactInfo: null, role: "MARKETPLACE_AUTHORITY", verified: true, status: "active" },
      }),
    ]);
    const listed = await api.get("/users?role=MARKETPLACE_AUTHORITY&verified=true&limit=100");
    expect(listed.body.data.items.map((u: { id: string }) => u.id)).toContain(user.id);
  });

  it.each([
    [{ contactInfo: "nope" }, "contactInfo", "Invalid email"],
    [{ role: "OWNER" }, "role", MESSAGES.role],
    [{ verified: "yes" }, "verified", MESSAGES.boolean],
    [{ disabled: null }, "disabled", MESSAGES.boolean],
    [{}, "body", MESSAGES.nothingToUpdate],
  ])("400 for %j", async (body, field, message) => {
    const [id] = await userIds("role = 'USER'");
    const res = await api.patch(`/users/${id}`, body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field, message }]);
  });

  it("404 for an unknown user", async () => {
    expect((await api.patch("/users/nobody", { verified: true })).status).toBe(404);
  });

  it("an admin cannot disable or demote their own account (409)", async () => {
    const me = (await raw().get<{ id: string }>(`SELECT id FROM users WHERE "publicKey" = ?`, server.adminWallet.publicKey))!;
    const disable = await api.patch(`/users/${me.id}`, { disabled: true });
    expect(disable.status).toBe(409);
    const demote = await api.patch(`/users/${me.id}`, { role: "USER" });
    expect(demote.status).toBe(409);
    expect((await api.patch(`/users/${me.id}/deactivate`, { reason: "oops" })).status).toBe(409);
    expect((await api.get("/admin/users/stats")).status).toBe(200);
  });
});

describe("PATCH /users/:id/deactivate", () => {
  it("needs a reason, disables with it, audits it, ends the user's sessions, and refuses twice", async () => {
    const user = await createUserRecord(server.ctx.db, { displayName: "Mallory" });
    const now = server.ctx.now();
    await server.ctx.db
      .insertInto("sessions")
      .values({
        id: "s1",
        userId: user.id,
        publicKey: user.publicKey,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: now + 60_000,
        revokedAt: null,
        ip: null,
        userAgent: null,
      })
      .execute();

    const missing = await api.patch(`/users/${user.id}/deactivate`, { reason: "  " });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ field: "reason", message: MESSAGES.reasonRequired }]);

    const res = await api.patch(`/users/${user.id}/deactivate`, { reason: "Fraudulent listings" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ disabled: true, deactivationReason: "Fraudulent listings" });
    const session = (await raw().get<{ revokedAt: number | null }>(`SELECT "revokedAt" FROM sessions WHERE id = 's1'`))!;
    expect(session.revokedAt).not.toBeNull();

    const audit = await api.get(`/admin/audit?targetId=${user.id}`);
    expect(audit.body.data.items[0]).toMatchObject({
      action: "user.deactivate",
      reason: "Fraudulent listings",
      before: { disabled: false, deactivationReason: null },
      after: { disabled: true, deactivationReason: "Fraudulent listings" },
    });
    expect((await api.patch(`/users/${user.id}/deactivate`, { reason: "again" })).status).toBe(409);
    expect((await api.patch("/users/nobody/deactivate", { reason: "x" })).status).toBe(404);
  });
});

describe("GET /admin/users/stats", () => {
  it("matches plain SQL over the users table (recent = created in the last 30 days)", async () => {
    const count = async (where: string, ...params: unknown[]) => (await userIds(where, params)).length;
    const since = new Date(server.ctx.now() - 30 * 86_400_000).toISOString();
    const res = await api.get("/admin/users/stats");
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      totalUsers: await count(ALL),
      verifiedUsers: await count("verified = 1"),
      disabledUsers: await count("disabled = 1"),
      activeUsers: await count("disabled = 0"),
      recentUsers: await count(`"createdAt" >= ?`, since),
      adminUsers: await count("role = 'ADMIN'"),
    });
    expect(res.body.data.recentUsers).toBeGreaterThan(0);
    expect(res.body.data.recentUsers).toBeLessThan(res.body.data.totalUsers);
    expect(res.body.data.disabledUsers).toBeGreaterThan(0);
  });
});
