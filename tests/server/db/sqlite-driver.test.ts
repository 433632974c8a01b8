// SQLite through Node's built-in node:sqlite (server/db/sqlite.ts). Its errors carry SQLite's result
// code as a number; the server reads the code's name (isUniqueViolation, dataFolderError, the busy and
// read-only checks), so the driver names it as sqlite3.h does, and Kysely passes it on.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isUniqueViolation } from "../../../server/db/engine.ts";
import { SqliteFile, sqliteCodeName } from "../../../server/db/sqlite.ts";
import { runProcess } from "../../support/processes.ts";

let dir: string;
const open: SqliteFile[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "mkt-sqlite-driver-"));
});

afterEach(() => {
  for (const db of open.splice(0)) db.close();
  rmSync(dir, { recursive: true, force: true });
});

function file(name = "db.sqlite", options?: ConstructorParameters<typeof SqliteFile>[1]): SqliteFile {
  const db = new SqliteFile(join(dir, name), options);
  open.push(db);
  return db;
}

/** The error `action` throws (the test fails if it throws none). */
function thrown(action: () => unknown): Error & { code?: string } {
  try {
    action();
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error("expected an error");
}

describe("SQLite result codes by name", () => {
  it("gives each code its sqlite3.h name, extended codes included", () => {
    // Values from sqlite3.h (3.53): a primary code in the low byte, the extended number above it.
    const codes: [number, string][] = [
      [5, "SQLITE_BUSY"],
      [261, "SQLITE_BUSY_RECOVERY"],
      [517, "SQLITE_BUSY_SNAPSHOT"],
      [773, "SQLITE_BUSY_TIMEOUT"],
      [8, "SQLITE_READONLY"],
      [1032, "SQLITE_READONLY_DBMOVED"],
      [1544, "SQLITE_READONLY_DIRECTORY"],
      [10, "SQLITE_IOERR"],
      [778, "SQLITE_IOERR_WRITE"],
      [3850, "SQLITE_IOERR_LOCK"],
      [8714, "SQLITE_IOERR_IN_PAGE"],
      [11, "SQLITE_CORRUPT"],
      [779, "SQLITE_CORRUPT_INDEX"],
      [13, "SQLITE_FULL"],
      [14, "SQLITE_CANTOPEN"],
      [526, "SQLITE_CANTOPEN_ISDIR"],
      [26, "SQLITE_NOTADB"],
      [19, "SQLITE_CONSTRAINT"],
      [787, "SQLITE_CONSTRAINT_FOREIGNKEY"],
      [1299, "SQLITE_CONSTRAINT_NOTNULL"],
      [1555, "SQLITE_CONSTRAINT_PRIMARYKEY"],
      [2067, "SQLITE_CONSTRAINT_UNIQUE"],
      [1811, "SQLITE_CONSTRAINT_TRIGGER"],
      [1, "SQLITE_ERROR"],
      [516, "SQLITE_ABORT_ROLLBACK"],
      [6, "SQLITE_LOCKED"],
      [262, "SQLITE_LOCKED_SHAREDCACHE"],
    ];
    expect(codes.map(([code]) => [code, sqliteCodeName(code)])).toEqual(codes);
  });

  it("reads an extended code it does not know as its primary code", () => {
    expect(sqliteCodeName(19 | (60 << 8))).toBe("SQLITE_CONSTRAINT");
    expect(sqliteCodeName(250)).toBe("SQLITE_UNKNOWN_250");
  });
});

describe("errors from node:sqlite carry the code's name", () => {
  it("a UNIQUE or PRIMARY KEY violation, which isUniqueViolation recognizes, also through Kysely", async () => {
    const db = file();
    db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT UNIQUE)");
    db.prepare("INSERT INTO t VALUES (?, ?)").run([1, "a"]);
    const unique = thrown(() => db.prepare("INSERT INTO t VALUES (?, ?)").run([2, "a"]));
    expect(unique.code).toBe("SQLITE_CONSTRAINT_UNIQUE");
    expect(unique.message).toBe("UNIQUE constraint failed: t.name");
    expect(isUniqueViolation(unique)).toBe(true);
    const primary = thrown(() => db.prepare("INSERT INTO t VALUES (?, ?)").run([1, "b"]));
    expect(primary.code).toBe("SQLITE_CONSTRAINT_PRIMARYKEY");
    expect(isUniqueViolation(primary)).toBe(true);

    const kysely = new Kysely<{ t: { id: number; name: string } }>({ dialect: new SqliteDialect({ database: file("k.sqlite") }) });
    await sql`CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT UNIQUE)`.execute(kysely);
    await kysely.insertInto("t").values({ id: 1, name: "a" }).execute();
    const viaKysely = await kysely
      .insertInto("t")
      .values({ id: 2, name: "a" })
      .execute()
      .catch((error: unknown) => error);
    expect(isUniqueViolation(viaKysely)).toBe(true);
    expect((viaKysely as { code: string }).code).toBe("SQLITE_CONSTRAINT_UNIQUE");
  });

  it("a write on a read-only open, a file that is no database, a folder that cannot hold one", () => {
    file().exec("CREATE TABLE t (x)");
    expect(thrown(() => file("db.sqlite", { readOnly: true }).exec("INSERT INTO t VALUES (1)")).code).toBe("SQLITE_READONLY");
    writeFileSync(join(dir, "not-a-db.sqlite"), "x".repeat(4096));
    expect(thrown(() => file("not-a-db.sqlite").exec("PRAGMA journal_mode = WAL")).code).toBe("SQLITE_NOTADB");
    expect(thrown(() => new SqliteFile("/sys/mkt-test.sqlite")).code).toBe("SQLITE_CANTOPEN");
    expect(thrown(() => new SqliteFile(join(dir, "absent.sqlite"), { readOnly: true })).code).toBe("SQLITE_CANTOPEN");
  });

  it("a write while another connection writes, and a write on a snapshot another connection has moved past (WAL)", () => {
    const first = file();
    first.exec("PRAGMA journal_mode = WAL; CREATE TABLE t (x)");
    const second = file();
    first.exec("BEGIN IMMEDIATE");
    expect(thrown(() => second.exec("INSERT INTO t VALUES (1)")).code).toBe("SQLITE_BUSY");
    first.exec("COMMIT");

    second.exec("BEGIN");
    second.prepare("SELECT count(*) FROM t").get();
    first.exec("INSERT INTO t VALUES (2)");
    expect(thrown(() => second.exec("INSERT INTO t VALUES (3)")).code).toBe("SQLITE_BUSY_SNAPSHOT");
    second.exec("ROLLBACK");
  });

  it("leaves errors that are not SQLite's alone", () => {
    const db = file();
    db.exec("CREATE TABLE t (x)");
    const unbindable = thrown(() => db.prepare("INSERT INTO t VALUES (?)").run([Symbol("not a value")]));
    expect(unbindable.code).toBe("ERR_INVALID_ARG_TYPE");
  });
});

describe("the statement shape Kysely's SqliteDialect takes", () => {
  it("says which statements return rows, and runs, reads and iterates with ? parameters", () => {
    const db = file();
    db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)");
    expect(db.prepare("SELECT * FROM t").reader).toBe(true);
    expect(db.prepare("INSERT INTO t (name) VALUES (?)").reader).toBe(false);
    expect(db.prepare("INSERT INTO t (name) VALUES (?) RETURNING id").reader).toBe(true);
    expect(db.prepare("INSERT INTO t (name) VALUES (?)").run(["a"])).toEqual({ changes: 1, lastInsertRowid: 1 });
    expect(db.prepare("INSERT INTO t (name) VALUES (?) RETURNING id").all(["b"])).toEqual([{ id: 2 }]);
    expect(db.prepare("SELECT name FROM t WHERE id > ?").get([0])).toEqual({ name: "a" });
    expect([...db.prepare("SELECT name FROM t ORDER BY id").iterate()]).toEqual([{ name: "a" }, { name: "b" }]);
  });
});

describe("loading node:sqlite", () => {
  it("prints nothing, not Node 22's warning that SQLite is experimental, and lets other warnings through", async () => {
    const script = [
      `const { SqliteFile } = await import("./server/db/sqlite.ts");`,
      `new SqliteFile(":memory:").close();`,
      `process.emitWarning("another feature is experimental", "ExperimentalWarning");`,
    ].join("\n");
    const result = await runProcess(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toContain("SQLite");
    expect(result.stderr).toContain("ExperimentalWarning: another feature is experimental");
  });
});
