// A sign-in challenge belongs to the browser that asked for it (nobody else can void or use it),
// session lifetimes come from the environment, a fresh sign-in may end the wallet's other sessions, and
// authenticated reads do not write the session row every time.
import { createHash } from "node:crypto";
import { parseConfig } from "../../../server/config.ts";
import { startTestServer, type TestClient, type TestServer, type TestWallet } from "../support/harness.ts";
import { query } from "../support/test-database.ts";

let server: TestServer;

/** Raw SQL on the test server's database, on either engine (test-database.ts). */
const raw = () => query(server.ctx);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function challenge(client: TestClient, wallet: TestWallet) {
  const res = await client.get(`/auth/nonce?publicKey=${wallet.publicKey}`);
  expect(res.status).toBe(200);
  return res.body.data as { nonce: string; message: string };
}

const signed = (wallet: TestWallet, c: { nonce: string; message: string }) => ({
  publicKey: wallet.publicKey,
  signature: wallet.sign(c.message),
  nonce: c.nonce,
  message: c.message,
});

describe("sign-in challenges belong to the browser that asked", () => {
  it("three nonce requests from someone else for the admin's key do not void the admin's pending sign-in", async () => {
    const admin = server.client();
    const pending = await challenge(admin, server.adminWallet);
    for (let i = 0; i < 5; i++) await challenge(server.client(), server.adminWallet);
    const res = await admin.post("/auth/admin/verify", signed(server.adminWallet, pending));
    expect(res.status).toBe(200);
  });

  it("a nonce presented from another browser (another pre-sign-in cookie, or none) is refused", async () => {
    const asker = server.client();
    const stolen = await challenge(asker, server.adminWallet);
    const thief = server.client();
    await challenge(thief, server.newWallet()); // the thief has a pre-sign-in cookie of its own
    expect((await thief.post("/auth/admin/verify", signed(server.adminWallet, stolen))).status).toBe(401);
    // Refused nonces are consumed: the asker must start again too.
    const again = await challenge(asker, server.adminWallet);
    const cookieless = server.client();
    await cookieless.get(`/auth/nonce?publicKey=${server.newWallet().publicKey}`); // XSRF cookie only matters for POST
    cookieless.cookies.delete([...cookieless.cookies.keys()].find((k) => k.includes("siws")) ?? "");
    expect((await cookieless.post("/auth/admin/verify", signed(server.adminWallet, again))).status).toBe(401);
  });

  it("keeps at most 3 outstanding nonces per browser, evicting only that browser's oldest", async () => {
    const wallet = server.newWallet();
    const client = server.client();
    const issued = [];
    for (let i = 0; i < 5; i++) issued.push(await challenge(client, wallet));
    expect((await client.post("/auth/admin/verify", signed(wallet, issued[0]))).status).toBe(401);
    // The newest reaches the whitelist check: this key is not an admin.
    expect((await client.post("/auth/admin/verify", signed(wallet, issued[4]))).status).toBe(403);
  });

  it("stays bounded: past the live-challenge cap new challenges are refused, none evicted", async () => {
    const capped = await startTestServer({ config: { maxLiveNonces: 4 } });
    try {
      const admin = capped.client();
      const pending = await challenge(admin, capped.adminWallet);
      for (let i = 0; i < 3; i++) await challenge(capped.client(), capped.newWallet());
      const refused = await capped.client().get(`/auth/nonce?publicKey=${capped.adminWallet.publicKey}`);
      expect(refused.status).toBe(503);
      expect(refused.body.message).toMatch(/sign-ins/);
      expect((await admin.post("/auth/admin/verify", signed(capped.adminWallet, pending))).status).toBe(200);
    } finally {
      await capped.close();
    }
  });
});

describe("session lifetimes from the environment", () => {
  it("reads SESSION_IDLE_MINUTES and SESSION_MAX_HOURS, and SESSION_REVOKE_OTHERS", () => {
    expect(parseConfig({}).session).toEqual({ idleMs: 30 * 60_000, absoluteMs: 8 * 3_600_000, revokeOthers: false });
    expect(parseConfig({ SESSION_IDLE_MINUTES: "5", SESSION_MAX_HOURS: "0.5", SESSION_REVOKE_OTHERS: "true" }).session).toEqual({
      idleMs: 5 * 60_000,
      absoluteMs: 30 * 60_000,
      revokeOthers: true,
    });
  });

  it.each([
    ["SESSION_IDLE_MINUTES", { SESSION_IDLE_MINUTES: "0" }],
    ["SESSION_IDLE_MINUTES", { SESSION_IDLE_MINUTES: "ten" }],
    ["SESSION_MAX_HOURS", { SESSION_MAX_HOURS: "-1" }],
    ["SESSION_MAX_HOURS", { SESSION_MAX_HOURS: "1e9" }],
    ["SESSION_IDLE_MINUTES", { SESSION_IDLE_MINUTES: "120", SESSION_MAX_HOURS: "1" }],
    ["SESSION_REVOKE_OTHERS", { SESSION_REVOKE_OTHERS: "yes" }],
  ])("refuses a bad %s naming it", (variable, env) => {
    expect(() => parseConfig(env)).toThrow(new RegExp(`^${variable}: `));
  });

  it("expires a session after the configured idle time and maximum age", async () => {
    const short = await startTestServer({ env: { SESSION_IDLE_MINUTES: "2", SESSION_MAX_HOURS: "0.1" } });
    try {
      const idle = await short.signIn();
      short.clock.advance(90_000);
      expect((await idle.get("/auth/validate")).status).toBe(200);
      short.clock.advance(121_000);
      expect((await idle.get("/auth/validate")).status).toBe(401);

      const busy = await short.signIn();
      for (let t = 0; t < 5; t++) {
        short.clock.advance(70_000);
        expect((await busy.get("/auth/validate")).status).toBe(200);
      }
      short.clock.advance(70_000); // 7 min after sign-in: past the 6-minute maximum
      expect((await busy.get("/auth/validate")).status).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe("a fresh sign-in and the wallet's other sessions", () => {
  it("keeps them by default", async () => {
    const first = await server.signIn();
    await server.signIn();
    expect((await first.get("/auth/validate")).status).toBe(200);
  });

  it("ends them with SESSION_REVOKE_OTHERS=true, and only that wallet's", async () => {
    const other = server.newWallet();
    const single = await startTestServer({ env: { SESSION_REVOKE_OTHERS: "true" }, extraAdminWallets: [other] });
    try {
      const first = await single.signIn();
      const bystander = await single.signIn(other);
      const second = await single.signIn();
      expect((await first.get("/auth/validate")).status).toBe(401);
      expect((await second.get("/auth/validate")).status).toBe(200);
      expect((await bystander.get("/auth/validate")).status).toBe(200);
    } finally {
      await single.close();
    }
  });
});

/**
 * What changes with any write to the server's database, even one that rewrites a row as it was:
 * SQLite's count of rows changed on the server's connection; on PostgreSQL, where that count does
 * not exist, every table's row versions (each insert or update makes a row with a new xmin).
 */
async function writes(): Promise<unknown> {
  const sql = raw();
  if (server.ctx.database.engine === "sqlite") return sql.get("SELECT total_changes() AS n");
  const tables = (await server.ctx.db.introspection.getTables()).map((t) => t.name).sort();
  expect(tables).toContain("sessions");
  return Promise.all(
    tables.map(async (table) => [
      table,
      await sql.get(`SELECT COUNT(*) AS n, string_agg(xmin::text, ',' ORDER BY xmin::text) AS versions FROM "${table}"`),
    ]),
  );
}

describe("reads do not write the session on every request", () => {
  it("touches lastSeenAt at most once a minute", async () => {
    const client = await server.signIn();
    const id = createHash("sha256")
      .update(client.cookies.get("sid") ?? "")
      .digest("hex");
    const lastSeen = async () =>
      (await raw().get<{ lastSeenAt: number }>(`SELECT "lastSeenAt" FROM sessions WHERE id = ?`, id))!.lastSeenAt;
    const signedInAt = await lastSeen();
    const writesBefore = await writes();
    for (let i = 0; i < 5; i++) {
      server.clock.advance(10_000);
      expect((await client.get("/auth/validate")).status).toBe(200);
    }
    expect(await lastSeen()).toBe(signedInAt);
    expect(await writes()).toEqual(writesBefore);
    server.clock.advance(15_000); // 65 s since sign-in
    expect((await client.get("/auth/validate")).status).toBe(200);
    expect(await lastSeen()).toBeGreaterThan(signedInAt);
    expect(await writes()).not.toEqual(writesBefore);
  });
});
