// While the database does not answer, a call is a 503 saying so, with a Retry-After, not a 500; a write
// cut off midway keeps nothing; once the database is back, calls succeed again. What counts as "does
// not answer" is decided in one place, the error handler: pg's and PostgreSQL's connection-level
// failures, and a SQLite database another process keeps locked past the busy timeout. The real outage
// runs on the run's engine: a PostgreSQL cluster of its own, stopped and started as an operator's
// restart does, or a SQLite file whose write lock another connection holds.
import type { FastifyPluginAsync } from "fastify";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "../../../server/context.ts";
import { runOnPostgres } from "../../../server/db/connection.ts";
import type { UserRow } from "../../../server/db/schema.ts";
import { SqliteFile, sqliteCodeName } from "../../../server/db/sqlite.ts";
import { createUserRecord } from "../../../server/seed/records.ts";
import { startCluster, type Cluster } from "../../support/postgres.ts";
import { startTestServer, type TestClient, type TestResponse, type TestServer } from "../support/harness.ts";
import { postgresUrl } from "../support/test-database.ts";
import { eventually } from "../../support/wait.ts";

const UNAVAILABLE = { message: "The database is unavailable: try again shortly" };
const BUSY = { message: "The database is busy: try again shortly" };

function expect503(response: TestResponse, body: { message: string }): void {
  expect(response.status, response.text).toBe(503);
  expect(response.body).toEqual(body);
  expect(response.headers.get("retry-after")).toBe("5");
}

const coded = (message: string, code: string) => Object.assign(new Error(message), { code });
const postgresError = (code: string, message: string) => Object.assign(new pg.DatabaseError(message, 0, "error"), { code });
/** node:sqlite's error for a result code, named as server/db/sqlite.ts names it. */
const sqliteError = (errcode: number, message: string) =>
  Object.assign(new Error(message), { code: sqliteCodeName(errcode), errcode, errstr: message });

/** What the drivers throw, by name: each as a route would let it through. */
const FAILURES: Record<string, () => Error> = {
  "connection refused": () => Object.assign(coded("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"), { syscall: "connect" }),
  "connection reset": () => coded("read ECONNRESET", "ECONNRESET"),
  "connect timed out": () => coded("connect ETIMEDOUT 10.0.0.7:5432", "ETIMEDOUT"),
  "every address refused": () =>
    Object.assign(
      new AggregateError([
        coded("connect ECONNREFUSED ::1:5432", "ECONNREFUSED"),
        coded("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"),
      ]),
      { code: "ECONNREFUSED" },
    ),
  "connection terminated": () => new Error("Connection terminated unexpectedly"),
  "connection terminated by the connect timeout": () => new Error("Connection terminated due to connection timeout"),
  "pool connect timeout": () => new Error("timeout exceeded when trying to connect"),
  "client no longer queryable": () => new Error("Client has encountered a connection error and is not queryable"),
  "08006 connection failure": () => postgresError("08006", "connection failure"),
  "08001 cannot establish the connection": () => postgresError("08001", "could not establish connection"),
  "57P01 admin shutdown": () => postgresError("57P01", "terminating connection due to administrator command"),
  "57P02 crash shutdown": () => postgresError("57P02", "terminating connection because of crash of another server process"),
  "57P03 cannot connect now": () => postgresError("57P03", "the database system is starting up"),
  "53300 too many connections": () => postgresError("53300", "sorry, too many clients already"),
  SQLITE_BUSY: () => sqliteError(5, "database is locked"),
  SQLITE_BUSY_SNAPSHOT: () => sqliteError(517, "database is locked"),
  SQLITE_LOCKED: () => sqliteError(6, "database table is locked"),
  // Not the database's connection: these stay 500s.
  "unique violation": () => postgresError("23505", "duplicate key value violates unique constraint"),
  "undefined table": () => postgresError("42P01", 'relation "nope" does not exist'),
  SQLITE_CONSTRAINT: () => sqliteError(275, "CHECK constraint failed"),
  // An HTTP client (the chain's RPC) failing: its socket error is only the cause.
  "fetch failed": () => new TypeError("fetch failed", { cause: coded("connect ECONNREFUSED 127.0.0.1:8899", "ECONNREFUSED") }),
};

const UNAVAILABLE_CASES = Object.keys(FAILURES).slice(0, 14);
const BUSY_CASES = ["SQLITE_BUSY", "SQLITE_BUSY_SNAPSHOT", "SQLITE_LOCKED"];
const OTHER_CASES = ["unique violation", "undefined table", "SQLITE_CONSTRAINT", "fetch failed"];

describe("the error handler", () => {
  const probe: FastifyPluginAsync<{ ctx: AppContext }> = async (app) => {
    app.get<{ Params: { name: string } }>("/fail/:name", async (request) => {
      throw FAILURES[request.params.name]();
    });
  };
  let server: TestServer;
  let admin: TestClient;
  const fail = (name: string) => admin.get(`/fail/${encodeURIComponent(name)}`);

  beforeAll(async () => {
    server = await startTestServer({ resources: probe });
    admin = await server.signIn();
  });
  afterAll(() => server?.close());

  it("names every case once", () => {
    expect([...UNAVAILABLE_CASES, ...BUSY_CASES, ...OTHER_CASES].sort()).toEqual(Object.keys(FAILURES).sort());
  });

  it.each(UNAVAILABLE_CASES)("answers %s with 503: the database is unavailable", async (name) => {
    expect503(await fail(name), UNAVAILABLE);
  });

  it.each(BUSY_CASES)("answers %s with 503: the database is busy", async (name) => {
    expect503(await fail(name), BUSY);
  });

  it.each(OTHER_CASES)("answers %s with a 500: not the database's connection", async (name) => {
    const response = await fail(name);
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ message: "Internal server error" });
    expect(response.headers.get("retry-after")).toBeNull();
  });
});

const userRow = (server: TestServer, id: string) =>
  server.ctx.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const audits = (server: TestServer, id: string) =>
  server.ctx.db.selectFrom("auditLog").select("after").where("targetId", "=", id).where("action", "=", "user.update").execute();

if (postgresUrl()) {
  describe("PostgreSQL stopped, then started again", () => {
    let cluster: Cluster;
    let running = true;
    let server: TestServer;
    let admin: TestClient;
    let user: UserRow;

    const stopDatabase = () => {
      cluster.pause();
      running = false;
    };
    const startDatabase = () => {
      cluster.resume();
      running = true;
    };
    /** A connection of the test's own, outside the server's pool; a stop must not crash the test either. */
    async function connect(): Promise<pg.Client> {
      const client = new pg.Client({ connectionString: cluster.urlOf("app") });
      client.on("error", () => undefined);
      await client.connect();
      return client;
    }

    beforeAll(async () => {
      cluster = await startCluster();
      await runOnPostgres(cluster.url, "CREATE DATABASE app");
      server = await startTestServer({ env: { DATABASE_URL: cluster.urlOf("app") } });
      admin = await server.signIn();
      user = await createUserRecord(server.ctx.db, { displayName: "Before" });
    });
    // A test that failed while it was stopped leaves it running for the next.
    afterEach(() => {
      if (!running) startDatabase();
    });
    afterAll(async () => {
      await server?.close();
      cluster?.stop();
    });

    it("answers a read, a write and a sign-in with 503 while it is stopped, and serves them once it is back", async () => {
      stopDatabase();
      expect503(await admin.get("/users"), UNAVAILABLE);
      expect503(await admin.patch(`/users/${user.id}`, { displayName: "While stopped" }), UNAVAILABLE);
      expect503(await server.client().get(`/auth/nonce?publicKey=${server.adminWallet.publicKey}`), UNAVAILABLE);

      startDatabase();
      expect((await admin.get("/users")).status).toBe(200);
      const write = await admin.patch(`/users/${user.id}`, { displayName: "After" });
      expect(write.status, write.text).toBe(200);
      expect((await userRow(server, user.id)).displayName).toBe("After");
      expect(await audits(server, user.id)).toHaveLength(1);
    });

    it("keeps nothing of a write the stop cut off midway, and lives on to answer it with 503", async () => {
      const before = await userRow(server, user.id);
      const auditsBefore = (await audits(server, user.id)).length;
      // The write's transaction read the user, then waits for this lock at its UPDATE.
      const blocker = await connect();
      await blocker.query("BEGIN");
      await blocker.query(`SELECT id FROM users WHERE id = $1 FOR UPDATE`, [user.id]);
      const observer = await connect();
      const write = admin.patch(`/users/${user.id}`, { displayName: "Cut off" });
      await eventually("the write waiting for the lock", async () => {
        const { rows } = await observer.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = 'app' AND wait_event_type = 'Lock'`,
        );
        expect(rows[0].n).toBe(1);
      });

      stopDatabase();
      expect503(await write, UNAVAILABLE);
      startDatabase();
      await Promise.all([blocker.end(), observer.end()].map((ending) => ending.catch(() => undefined)));

      expect(await userRow(server, user.id)).toEqual(before);
      expect(await audits(server, user.id)).toHaveLength(auditsBefore);
      expect((await admin.patch(`/users/${user.id}`, { displayName: "Written" })).status).toBe(200);
    });
  });
} else {
  describe("SQLite locked by another process", () => {
    let server: TestServer;
    let admin: TestClient;
    let user: UserRow;

    beforeAll(async () => {
      server = await startTestServer();
      // The server waits this long for a lock before giving up (5 s in use): the test need not.
      server.ctx.database.sqlite!.exec("PRAGMA busy_timeout = 50");
      admin = await server.signIn();
      user = await createUserRecord(server.ctx.db, { displayName: "Before" });
    });
    afterAll(() => server?.close());

    it("answers a write with 503 while another connection holds the write lock, reads go on, and the write succeeds once it lets go", async () => {
      const other = new SqliteFile(server.ctx.config.databasePath);
      try {
        other.exec("BEGIN IMMEDIATE");
        expect503(await admin.patch(`/users/${user.id}`, { displayName: "While locked" }), BUSY);
        expect((await admin.get(`/users/${user.id}`)).body.data.displayName).toBe("Before");
        other.exec("ROLLBACK");
      } finally {
        other.close();
      }
      expect(await audits(server, user.id)).toEqual([]);
      expect((await admin.patch(`/users/${user.id}`, { displayName: "After" })).status).toBe(200);
      expect((await userRow(server, user.id)).displayName).toBe("After");
    });
  });
}
