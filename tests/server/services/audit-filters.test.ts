// GET /admin/audit's filters (beyond the core API, the Activity screen): admin, action and time range,
// each against plain SQL over the same rows, together with the target filters; the 400 naming each bad
// field; GET /admin/audit/admins; and the indexes that keep a filtered page off a scan and a sort.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../contract/index.ts";
import { engineOf } from "../../../server/db/engine.ts";
import { createTestWallet, startTestServer, type TestClient, type TestServer } from "../support/harness.ts";
import { query } from "../support/test-database.ts";

let server: TestServer;
let api: TestClient;

const ALICE = createTestWallet().publicKey;
const BOB = createTestWallet().publicKey;
const ACTIONS = ["user.deactivate", "token.update", "shop.update"] as const;
const TARGETS = { "user.deactivate": "user", "token.update": "token", "shop.update": "shop" } as const;

/** 60 entries over three days of November 2026 (UTC), alternating admins and actions. */
const rows = Array.from({ length: 60 }, (_, i) => {
  const action = ACTIONS[i % 3];
  const day = 24 + Math.floor(i / 20);
  const minute = i % 20;
  return {
    createdAt: `2026-11-${day}T${String(minute).padStart(2, "0")}:30:00.000Z`,
    adminPublicKey: i % 2 === 0 ? ALICE : BOB,
    action,
    targetType: TARGETS[action],
    targetId: `t-${i % 4}`,
  };
});

beforeAll(async () => {
  server = await startTestServer({
    prepare: async (ctx) => {
      await ctx.db.insertInto("auditLog").values(rows).execute();
    },
  });
  api = await server.signIn();
});

afterAll(async () => {
  await server.close();
});

/** The ids plain SQL selects, newest first. */
async function expected(where: string, ...params: unknown[]): Promise<string[]> {
  const found = await query(server.ctx).all<{ id: number }>(`SELECT id FROM "auditLog" WHERE ${where} ORDER BY id DESC`, ...params);
  return found.map((row) => String(row.id));
}

async function listed(search: string): Promise<string[]> {
  const res = await api.get(`/admin/audit?limit=100&${search}`);
  expect(res.status, res.text).toBe(200);
  expect(res.body.data.total).toBe(res.body.data.items.length);
  return res.body.data.items.map((entry: { id: string }) => entry.id);
}

describe("GET /admin/audit filters", () => {
  it.each([
    ["admin", () => `admin=${ALICE}`, () => expected(`"adminPublicKey" = ?`, ALICE)],
    ["action", () => "action=token.update", () => expected("action = ?", "token.update")],
    [
      "admin and action and target",
      () => `admin=${BOB}&action=user.deactivate&targetType=user&targetId=t-1`,
      () => expected(`"adminPublicKey" = ? AND action = ? AND "targetType" = ? AND "targetId" = ?`, BOB, "user.deactivate", "user", "t-1"),
    ],
    ["from a day", () => "from=2026-11-25", () => expected(`"createdAt" >= ?`, "2026-11-25T00:00:00.000Z")],
    ["to a day, the whole of it", () => "to=2026-11-25", () => expected(`"createdAt" < ?`, "2026-11-26T00:00:00.000Z")],
    ["one day", () => "from=2026-11-25&to=2026-11-25", () => expected(`"createdAt" LIKE ?`, "2026-11-25T%")],
    [
      "date-times with a zone, both ends inclusive",
      () => `from=${encodeURIComponent("2026-11-24T12:05:30+02:00")}&to=2026-11-24T10:30:00Z`,
      () => expected(`"createdAt" >= ? AND "createdAt" <= ?`, "2026-11-24T10:05:30.000Z", "2026-11-24T10:30:00.000Z"),
    ],
  ])("%s narrows the list to what plain SQL selects", async (_name, search, sqlIds) => {
    const want = await sqlIds();
    expect(want.length).toBeGreaterThan(0);
    expect(want.length).toBeLessThan(rows.length);
    expect(await listed(search())).toEqual(want);
  });

  it("a time range with no entries answers an empty page", async () => {
    expect(await listed("from=2026-12-01")).toEqual([]);
  });

  it("an inclusive date-time end takes in an entry at that very millisecond", async () => {
    const ids = await listed("from=2026-11-24T00:30:00.000Z&to=2026-11-24T00:30:00.000Z");
    expect(ids).toEqual(await expected(`"createdAt" = ?`, "2026-11-24T00:30:00.000Z"));
    expect(ids).toHaveLength(1);
  });

  it.each([
    ["admin=not-a-wallet", "admin", MESSAGES.auditAdmin],
    ["from=yesterday", "from", MESSAGES.auditTime("From")],
    ["from=2026-02-30", "from", MESSAGES.auditTime("From")],
    // Dates no calendar has, whose Date cannot be written back as text (toISOString() throws).
    ["from=9999-99-99", "from", MESSAGES.auditTime("From")],
    ["from=0000-00-00", "from", MESSAGES.auditTime("From")],
    ["to=2026-13-01", "to", MESSAGES.auditTime("To")],
    ["to=2026-13-01T10:00:00Z", "to", MESSAGES.auditTime("To")],
    ["to=2026-11-25T10:00:00", "to", MESSAGES.auditTime("To")],
    ["to=2026-11-25T25:00:00Z", "to", MESSAGES.auditTime("To")],
    ["from=2026-11-26&to=2026-11-25", "to", MESSAGES.auditRange],
    ["action=%00", "action", MESSAGES.controlCharacters("Action")],
  ])("GET /admin/audit?%s is a 400 naming %s", async (search, field, message) => {
    const res = await api.get(`/admin/audit?${search}`);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field, message }]);
  });
});

describe("GET /admin/audit/admins", () => {
  it("names every admin of the trail once", async () => {
    const res = await api.get("/admin/audit/admins");
    expect(res.status).toBe(200);
    const distinct = await query(server.ctx).all<{ k: string }>(`SELECT DISTINCT "adminPublicKey" AS k FROM "auditLog"`);
    // Key order is the database's collation; which admins, each once, is the point.
    expect([...res.body.data.admins].sort()).toEqual(distinct.map((row) => row.k).sort());
    expect(res.body.data.admins).toHaveLength(2);
  });
});

describe("a filtered page on a big trail", () => {
  /** The plan of a page of `column = value`, newest first, with scans of the table discouraged (PostgreSQL) as a big table would. */
  async function planOf(column: string, value: string): Promise<string> {
    const db = server.ctx.db;
    const page = sql`SELECT * FROM "auditLog" WHERE ${sql.ref(column)} = ${value} ORDER BY id DESC LIMIT 20`;
    if (engineOf(db) === "sqlite") {
      const { rows: plan } = await sql<{ detail: string }>`EXPLAIN QUERY PLAN ${page}`.execute(db);
      return plan.map((row) => row.detail).join("\n");
    }
    return db.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const { rows: plan } = await sql<{ "QUERY PLAN": string }>`EXPLAIN ${page}`.execute(trx);
      return plan.map((row) => row["QUERY PLAN"]).join("\n");
    });
  }

  it.each([
    ["adminPublicKey", "audit_admin"],
    ["action", "audit_action"],
  ])("reads one %s's entries through %s, in page order (no sort)", async (column, index) => {
    const plan = await planOf(column, column === "action" ? "user.deactivate" : ALICE);
    expect(plan).toContain(index);
    expect(plan).not.toMatch(/TEMP B-TREE|Sort/);
  });
});
