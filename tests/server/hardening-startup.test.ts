// Disk faults met at start: a data folder that cannot be written, a full disk or a corrupt chain
// journal stop the server with one plain sentence naming DATABASE_PATH (or the journal), exit code 1
// and no stack trace. Tests run as root, for whom chmod makes nothing read-only: the faults come from a
// file standing where a folder must be, /sys (not writable even by root), and errors handed to the
// mapping directly.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError, dataFolderError } from "../../server/config.ts";
import { startServer } from "../../server/index.ts";
import { CorruptChainError, JOURNAL_FILE } from "../../server/settlement/journal.ts";
import { CHAIN_DIR, LiteSvmLedger } from "../../server/settlement/index.ts";
import { runProcess } from "../support/processes.ts";

const fsError = (code: string, path?: string) =>
  Object.assign(new Error(`${code}: failed, open '${path}'`), { code, path, syscall: "open" });
const sqliteError = (code: string, message: string) => Object.assign(new Error(message), { name: "SqliteError", code });

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "mkt-startup-"));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("disk errors at start become DATABASE_PATH configuration errors", () => {
  it.each([
    [fsError("EROFS", "/x/data/session-secret"), /^DATABASE_PATH: the folder \/x\/data is read-only \(EROFS.*\): give a writable folder/],
    [fsError("EACCES", "/x/data/demo-wallet.json"), /^DATABASE_PATH: the folder \/x\/data cannot be written by this user \(EACCES/],
    [fsError("EPERM", "/x/data"), /^DATABASE_PATH: the folder \/x\/data cannot be written by this user \(EPERM\)/],
    [fsError("ENOSPC"), /^DATABASE_PATH: the disk holding \/x\/data is full \(ENOSPC\): free some space/],
    [fsError("ENOTDIR", "/x/data"), /^DATABASE_PATH: cannot create the folder \/x\/data: a file .* is in the way \(ENOTDIR\)/],
    [fsError("EEXIST", "/x/data/chain"), /^DATABASE_PATH: cannot create the folder \/x\/data\/chain: a file .* is in the way \(EEXIST\)/],
    [fsError("ENOENT", "/x/data"), /^DATABASE_PATH: the folder \/x\/data cannot be created \(ENOENT\)/],
    [
      sqliteError("SQLITE_CANTOPEN", "unable to open database file"),
      /^DATABASE_PATH: the database cannot be opened in \/x\/data \(SQLITE_CANTOPEN\)/,
    ],
    [
      sqliteError("SQLITE_READONLY", "attempt to write a readonly database"),
      /^DATABASE_PATH: the folder \/x\/data is read-only \(SQLITE_READONLY\)/,
    ],
    [sqliteError("SQLITE_FULL", "database or disk is full"), /^DATABASE_PATH: the disk holding \/x\/data is full \(SQLITE_FULL\)/],
    [
      new Error("Database migration 001 failed: database or disk is full", { cause: sqliteError("SQLITE_FULL", "full") }),
      /is full \(SQLITE_FULL\)/,
    ],
  ])("%s", (error, expected) => {
    const mapped = dataFolderError(error, "/x/data");
    expect(mapped).toBeInstanceOf(ConfigError);
    expect((mapped as ConfigError).variable).toBe("DATABASE_PATH");
    expect((mapped as Error).message).toMatch(expected);
  });

  it("leaves other errors alone: a file outside the data folder, or no disk error at all", () => {
    const elsewhere = fsError("EACCES", "/etc/authority.json");
    expect(dataFolderError(elsewhere, "/x/data")).toBe(elsewhere);
    const bug = new TypeError("x is undefined");
    expect(dataFolderError(bug, "/x/data")).toBe(bug);
    const config = new ConfigError("PORT", "bad");
    expect(dataFolderError(config, "/x/data")).toBe(config);
  });
});

describe("startServer on a data folder it cannot use", () => {
  const env = (databasePath: string, extra: Record<string, string> = {}) => ({
    HOST: "127.0.0.1",
    PORT: "1",
    LOG_LEVEL: "silent",
    DATABASE_PATH: databasePath,
    ...extra,
  });

  it("names DATABASE_PATH when a file stands where the data folder must be", async () => {
    writeFileSync(join(dir, "file"), "");
    const failure = await startServer(env(join(dir, "file", "data", "db.sqlite"))).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConfigError);
    expect((failure as Error).message).toBe(
      `DATABASE_PATH: cannot create the folder ${join(dir, "file", "data")}: a file of that name, or above it, is in the way (ENOTDIR): give a path made of folders`,
    );
  });

  it("names DATABASE_PATH when the folder cannot be written (the session secret, or with SESSION_SECRET the database)", async () => {
    // /sys exists but takes no new files, even from root.
    const unwritable = await startServer(env("/sys/mkt-test.sqlite")).catch((error: unknown) => error);
    expect(unwritable).toBeInstanceOf(ConfigError);
    expect((unwritable as Error).message).toMatch(/^DATABASE_PATH: the folder \/sys cannot be written by this user \((EACCES|EPERM)/);

    const withSecret = await startServer(env("/sys/mkt-test.sqlite", { SESSION_SECRET: "s".repeat(40) })).catch((error: unknown) => error);
    expect(withSecret).toBeInstanceOf(ConfigError);
    expect((withSecret as Error).message).toMatch(/^DATABASE_PATH: the database cannot be opened in \/sys \(SQLITE_CANTOPEN\)/);
  });

  it("names DATABASE_PATH when a file stands where the chain folder must be", async () => {
    mkdirSync(join(dir, "data"));
    writeFileSync(join(dir, "data", CHAIN_DIR), "");
    const failure = await startServer(env(join(dir, "data", "db.sqlite"))).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConfigError);
    expect((failure as Error).message).toMatch(
      /^DATABASE_PATH: cannot create the folder .*\/data\/chain: a file .* is in the way \(EEXIST\)/,
    );
  });
});

/** A data folder whose chain journal has a half-written record in the middle. */
async function corruptChain(dataDir: string): Promise<{ journal: string; offset: number }> {
  const stateDir = join(dataDir, CHAIN_DIR);
  const ledger = LiteSvmLedger.open({ stateDir });
  await ledger.airdrop((await import("@solana/web3.js")).Keypair.generate().publicKey, 1_000_000_000n);
  const journal = join(stateDir, JOURNAL_FILE);
  const good = readFileSync(journal);
  await ledger.airdrop((await import("@solana/web3.js")).Keypair.generate().publicKey, 1_000_000_000n);
  const record = readFileSync(journal).subarray(good.length);
  writeFileSync(journal, Buffer.concat([good, record.subarray(0, 20), record]));
  return { journal, offset: good.length };
}

describe("the entry point", () => {
  // One process, tsx as a loader (its CLI would run the server in a child of its own).
  const run = (env: Record<string, string>) =>
    runProcess(process.execPath, ["--import", "tsx", "server/index.ts"], {
      env: { ...process.env, HOST: "127.0.0.1", PORT: "1", LOG_LEVEL: "silent", ...env },
    });

  it("exits 1 with one line naming DATABASE_PATH and no stack when the data folder cannot be created", async () => {
    writeFileSync(join(dir, "file"), "");
    const result = await run({ DATABASE_PATH: join(dir, "file", "data", "db.sqlite") });
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain(`Configuration error: DATABASE_PATH: cannot create the folder ${join(dir, "file", "data")}`);
    expect(result.stderr).not.toMatch(/^\s+at /m);
  });

  it("exits 1 naming the journal and the offset, without a stack or a panic, when the chain journal is corrupt", async () => {
    const { journal, offset } = await corruptChain(join(dir, "data"));
    await expect(
      startServer({ HOST: "127.0.0.1", PORT: "1", LOG_LEVEL: "silent", DATABASE_PATH: join(dir, "data", "db.sqlite") }),
    ).rejects.toBeInstanceOf(CorruptChainError);
    const result = await run({ DATABASE_PATH: join(dir, "data", "db.sqlite") });
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain(`Start-up error: ${journal} is corrupt after byte ${offset}`);
    expect(result.stderr).not.toMatch(/^\s+at |panicked/m);
  });
});
