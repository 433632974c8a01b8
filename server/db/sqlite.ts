// SQLite through Node's built-in driver (node:sqlite, DatabaseSync): no native module to build, so
// the server runs on whichever supported Node runs it (docs/node-versions.md). Kysely's SqliteDialect
// takes any database of better-sqlite3's shape; SqliteFile is that shape over node:sqlite, and the
// bulk loader uses the same handle. Its errors carry SQLite's result code by name in `code`
// (SQLITE_CONSTRAINT_UNIQUE, SQLITE_BUSY_SNAPSHOT, SQLITE_FULL…), as the rest of the server reads them.
import type { SqliteDatabase, SqliteStatement } from "kysely";
import type { DatabaseSync, SQLInputValue, StatementSync } from "node:sqlite";

export interface SqliteFileOptions {
  /** Open an existing file for reading only: nothing is created, every write fails. */
  readOnly?: boolean;
}

/** A prepared statement; `parameters` bind to its ? placeholders in order. */
export interface Statement extends SqliteStatement {
  all(parameters?: ReadonlyArray<unknown>): unknown[];
  /** The first row, or undefined. */
  get(parameters?: ReadonlyArray<unknown>): unknown;
  run(parameters?: ReadonlyArray<unknown>): { changes: number | bigint; lastInsertRowid: number | bigint };
  iterate(parameters?: ReadonlyArray<unknown>): IterableIterator<unknown>;
}

/** One connection to a SQLite file (or ":memory:"), synchronous as node:sqlite is. */
export class SqliteFile implements SqliteDatabase {
  readonly #db: DatabaseSync;

  constructor(path: string, options: SqliteFileOptions = {}) {
    const { DatabaseSync } = nodeSqlite();
    this.#db = named(() => new DatabaseSync(path, { readOnly: options.readOnly ?? false }));
  }

  prepare(sql: string): Statement {
    return new PreparedStatement(named(() => this.#db.prepare(sql)));
  }

  /** Runs one or more statements that return nothing (DDL, PRAGMA settings, BEGIN/COMMIT). */
  exec(sql: string): void {
    named(() => this.#db.exec(sql));
  }

  close(): void {
    named(() => this.#db.close());
  }
}

class PreparedStatement implements Statement {
  // better-sqlite3's `reader` (Kysely reads rows only from statements that have columns).
  readonly reader: boolean;
  readonly #statement: StatementSync;

  constructor(statement: StatementSync) {
    this.#statement = statement;
    this.reader = statement.columns().length > 0;
  }

  all(parameters: ReadonlyArray<unknown> = []): unknown[] {
    return named(() => this.#statement.all(...(parameters as SQLInputValue[])));
  }

  get(parameters: ReadonlyArray<unknown> = []): unknown {
    return named(() => this.#statement.get(...(parameters as SQLInputValue[])));
  }

  run(parameters: ReadonlyArray<unknown> = []): { changes: number | bigint; lastInsertRowid: number | bigint } {
    return named(() => this.#statement.run(...(parameters as SQLInputValue[])));
  }

  *iterate(parameters: ReadonlyArray<unknown> = []): IterableIterator<unknown> {
    const rows = named(() => this.#statement.iterate(...(parameters as SQLInputValue[])));
    try {
      for (;;) {
        const next = named(() => rows.next());
        if (next.done) return;
        yield next.value;
      }
    } finally {
      rows.return?.();
    }
  }
}

/**
 * node:sqlite itself, loaded on first use rather than imported: an import of a built-in the running
 * Node lacks (Node 20) fails before any code runs, where this says which Node to use. Node 22 warns
 * once that the module is experimental (Node 24 no longer does); that one warning is dropped, all
 * others pass.
 */
function nodeSqlite(): typeof import("node:sqlite") {
  const emitWarning = process.emitWarning;
  process.emitWarning = function (this: NodeJS.Process, warning: string | Error, ...rest: unknown[]) {
    const type = typeof rest[0] === "string" ? rest[0] : (rest[0] as { type?: string } | undefined)?.type;
    const text = typeof warning === "string" ? warning : warning.message;
    if (type === "ExperimentalWarning" && text.startsWith("SQLite is an experimental feature")) return;
    return (emitWarning as (...args: unknown[]) => void).call(this, warning, ...rest);
  } as typeof process.emitWarning;
  try {
    const module = typeof process.getBuiltinModule === "function" ? process.getBuiltinModule("node:sqlite") : undefined;
    if (!module) throw new Error(`Node.js ${process.version} has no node:sqlite: run it on Node.js 24 or 22`);
    return module;
  } finally {
    process.emitWarning = emitWarning;
  }
}

/** Runs `action`, giving a SQLite error thrown by it the name of its result code. */
function named<T>(action: () => T): T {
  try {
    return action();
  } catch (error) {
    const errcode = (error as { errcode?: unknown }).errcode;
    if (error instanceof Error && (error as { code?: unknown }).code === "ERR_SQLITE_ERROR" && typeof errcode === "number") {
      Object.assign(error, { code: sqliteCodeName(errcode) });
    }
    throw error;
  }
}

/** SQLite's primary result codes, by number (sqlite3.h). */
const PRIMARY = [
  "OK",
  "ERROR",
  "INTERNAL",
  "PERM",
  "ABORT",
  "BUSY",
  "LOCKED",
  "NOMEM",
  "READONLY",
  "INTERRUPT",
  "IOERR",
  "CORRUPT",
  "NOTFOUND",
  "FULL",
  "CANTOPEN",
  "PROTOCOL",
  "EMPTY",
  "SCHEMA",
  "TOOBIG",
  "CONSTRAINT",
  "MISMATCH",
  "MISUSE",
  "NOLFS",
  "AUTH",
  "FORMAT",
  "RANGE",
  "NOTADB",
  "NOTICE",
  "WARNING",
];

/** The extended codes of a primary one: entry n is the code primary | n << 8 (sqlite3.h). */
const EXTENDED: Record<string, (string | null)[]> = {
  ERROR: [null, "MISSING_COLLSEQ", "RETRY", "SNAPSHOT", "RESERVESIZE", "KEY", "UNABLE"],
  IOERR: [
    null,
    "READ",
    "SHORT_READ",
    "WRITE",
    "FSYNC",
    "DIR_FSYNC",
    "TRUNCATE",
    "FSTAT",
    "UNLOCK",
    "RDLOCK",
    "DELETE",
    "BLOCKED",
    "NOMEM",
    "ACCESS",
    "CHECKRESERVEDLOCK",
    "LOCK",
    "CLOSE",
    "DIR_CLOSE",
    "SHMOPEN",
    "SHMSIZE",
    "SHMLOCK",
    "SHMMAP",
    "SEEK",
    "DELETE_NOENT",
    "MMAP",
    "GETTEMPPATH",
    "CONVPATH",
    "VNODE",
    "AUTH",
    "BEGIN_ATOMIC",
    "COMMIT_ATOMIC",
    "ROLLBACK_ATOMIC",
    "DATA",
    "CORRUPTFS",
    "IN_PAGE",
    "BADKEY",
    "CODEC",
  ],
  LOCKED: [null, "SHAREDCACHE", "VTAB"],
  BUSY: [null, "RECOVERY", "SNAPSHOT", "TIMEOUT"],
  CANTOPEN: [null, "NOTEMPDIR", "ISDIR", "FULLPATH", "CONVPATH", "DIRTYWAL", "SYMLINK"],
  CORRUPT: [null, "VTAB", "SEQUENCE", "INDEX"],
  READONLY: [null, "RECOVERY", "CANTLOCK", "ROLLBACK", "DBMOVED", "CANTINIT", "DIRECTORY"],
  ABORT: [null, null, "ROLLBACK"],
  CONSTRAINT: [
    null,
    "CHECK",
    "COMMITHOOK",
    "FOREIGNKEY",
    "FUNCTION",
    "NOTNULL",
    "PRIMARYKEY",
    "TRIGGER",
    "UNIQUE",
    "VTAB",
    "ROWID",
    "PINNED",
    "DATATYPE",
  ],
  NOTICE: [null, "RECOVER_WAL", "RECOVER_ROLLBACK", "RBU"],
  WARNING: [null, "AUTOINDEX"],
  AUTH: [null, "USER"],
};

/**
 * A SQLite result code (node:sqlite's `errcode`, extended codes on) by its name in sqlite3.h, e.g.
 * 2067 → SQLITE_CONSTRAINT_UNIQUE. An extended code this table does not know yet reads as its primary one.
 */
export function sqliteCodeName(errcode: number): string {
  const primary = PRIMARY[errcode & 0xff];
  if (primary === undefined) return `SQLITE_UNKNOWN_${errcode}`;
  const extended = EXTENDED[primary]?.[errcode >> 8];
  return extended ? `SQLITE_${primary}_${extended}` : `SQLITE_${primary}`;
}
