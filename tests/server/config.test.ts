// Configuration: defaults, every bad value stopping start-up with the variable's name, the
// generated session secret, and the real entry point refusing to start on a bad value.
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import bs58 from "bs58";
import { ConfigError, loadConfig, parseConfig } from "../../server/config.ts";
import { demoWalletAllowed } from "../../server/context.ts";
import { runProcess } from "../support/processes.ts";

const KEY = bs58.encode(new Uint8Array(32).fill(5));

describe("parseConfig defaults", () => {
  it("listens on 127.0.0.1:8080 with the origin, database and console paths derived from them", () => {
    const config = parseConfig({}, "/srv/app");
    expect(config.host).toBe("127.0.0.1");
    expect(config.port).toBe(8080);
    expect(config.publicOrigin).toBe("http://localhost:8080");
    expect(config.databasePath).toBe(resolve("/srv/app/data/marketplace.sqlite"));
    expect(config.dataDir).toBe(resolve("/srv/app/data"));
    expect(config.staticDir).toBe(resolve("/srv/app/dist"));
    expect(config.adminWallets).toEqual([]);
    expect(config.production).toBe(false);
    expect(config.session).toEqual({ idleMs: 30 * 60_000, absoluteMs: 8 * 3_600_000, revokeOthers: false });
    expect(config.nonceTtlMs).toBe(5 * 60_000);
    expect(config.authRateLimit.max).toBe(10);
  });

  it("follows PORT in the default origin and reads the other variables", () => {
    const other = bs58.encode(new Uint8Array(32).fill(9));
    const config = parseConfig(
      {
        PORT: "9000",
        HOST: "0.0.0.0",
        ADMIN_WALLETS: ` ${KEY}, ${other},,${KEY} `,
        DATABASE_PATH: "db/x.sqlite",
        NODE_ENV: "production",
        SOLANA_RPC_URL: "https://rpc.example.com/path?key=1",
      },
      "/srv/app",
    );
    expect(config.port).toBe(9000);
    expect(config.publicOrigin).toBe("http://localhost:9000");
    expect(config.adminWallets).toEqual([KEY, other]);
    expect(config.databasePath).toBe(resolve("/srv/app/db/x.sqlite"));
    expect(config.production).toBe(true);
    expect(parseConfig({ STATIC_DIR: "build/console" }, "/srv/app").staticDir).toBe(resolve("/srv/app/build/console"));
    expect(config.rpcUrl).toBe("https://rpc.example.com");
    expect(parseConfig({ PUBLIC_ORIGIN: "https://Admin.Example.com/" }).publicOrigin).toBe("https://admin.example.com");
  });

  it("bids the 75th percentile of recent priority fees, at most 1 000 000 micro-lamports per unit, unless told otherwise", () => {
    expect(parseConfig({}).priorityFees).toEqual({ percentile: 75, maxMicroLamports: 1_000_000 });
    expect(parseConfig({ PRIORITY_FEE_PERCENTILE: " 90 ", PRIORITY_FEE_MAX_MICROLAMPORTS: "0" }).priorityFees).toEqual({
      percentile: 90,
      maxMicroLamports: 0,
    });
  });

  it("allows the demo wallet only on loopback outside production", () => {
    expect(demoWalletAllowed(parseConfig({}))).toBe(true);
    expect(demoWalletAllowed(parseConfig({ HOST: "localhost" }))).toBe(true);
    expect(demoWalletAllowed(parseConfig({ HOST: "::1" }))).toBe(true);
    expect(demoWalletAllowed(parseConfig({ HOST: "0.0.0.0" }))).toBe(false);
    expect(demoWalletAllowed(parseConfig({ HOST: "192.168.1.5" }))).toBe(false);
    expect(demoWalletAllowed(parseConfig({ NODE_ENV: "production" }))).toBe(false);
  });
});

describe("bad values stop start-up naming the variable", () => {
  it.each([
    ["PORT", { PORT: "abc" }],
    ["PORT", { PORT: "0" }],
    ["PORT", { PORT: "70000" }],
    ["PORT", { PORT: "80.5" }],
    ["HOST", { HOST: "http://example.com" }],
    ["HOST", { HOST: " " }],
    ["PUBLIC_ORIGIN", { PUBLIC_ORIGIN: "localhost:8080" }],
    ["PUBLIC_ORIGIN", { PUBLIC_ORIGIN: "ftp://example.com" }],
    ["PUBLIC_ORIGIN", { PUBLIC_ORIGIN: "https://example.com/admin" }],
    ["PUBLIC_ORIGIN", { PUBLIC_ORIGIN: "https://example.com/?x=1" }],
    ["ADMIN_WALLETS", { ADMIN_WALLETS: "not-a-key" }],
    ["ADMIN_WALLETS", { ADMIN_WALLETS: `${KEY},0OIl` }],
    ["ADMIN_WALLETS", { ADMIN_WALLETS: bs58.encode(new Uint8Array(31).fill(5)) }],
    ["ADMIN_WALLETS", { ADMIN_WALLETS: bs58.encode(new Uint8Array(33).fill(5)) }],
    ["ADMIN_WALLETS", { ADMIN_WALLETS: "11111111111111111111111111111111" }],
    ["ADMIN_WALLETS", { ADMIN_WALLETS: "4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM" }],
    ["DATABASE_PATH", { DATABASE_PATH: "  " }],
    ["SESSION_SECRET", { SESSION_SECRET: "too-short" }],
    ["LOG_LEVEL", { LOG_LEVEL: "loud" }],
    ["SOLANA_RPC_URL", { SOLANA_RPC_URL: "not a url" }],
    ["PRIORITY_FEE_PERCENTILE", { PRIORITY_FEE_PERCENTILE: "0" }],
    ["PRIORITY_FEE_PERCENTILE", { PRIORITY_FEE_PERCENTILE: "101" }],
    ["PRIORITY_FEE_PERCENTILE", { PRIORITY_FEE_PERCENTILE: "75.5" }],
    ["PRIORITY_FEE_MAX_MICROLAMPORTS", { PRIORITY_FEE_MAX_MICROLAMPORTS: "-1" }],
    ["PRIORITY_FEE_MAX_MICROLAMPORTS", { PRIORITY_FEE_MAX_MICROLAMPORTS: "1000000001" }],
    ["PRIORITY_FEE_MAX_MICROLAMPORTS", { PRIORITY_FEE_MAX_MICROLAMPORTS: "lots" }],
  ])("%s (%j)", (variable, env) => {
    let error: unknown;
    try {
      parseConfig(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(variable);
    expect((error as ConfigError).message.startsWith(`${variable}: `)).toBe(true);
  });
});

describe("session secret", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "mkt-config-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("is generated once in the data folder (mode 600) and reused", () => {
    const env = { DATABASE_PATH: join(dir, "data", "db.sqlite") };
    const first = loadConfig(env, dir);
    const file = join(dir, "data", "session-secret");
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8")).toBe(first.sessionSecret.toString("utf8"));
    expect(loadConfig(env, dir).sessionSecret.equals(first.sessionSecret)).toBe(true);
  });

  it("comes from SESSION_SECRET when set, without writing a file", () => {
    const secret = "s".repeat(40);
    const config = loadConfig({ DATABASE_PATH: join(dir, "db.sqlite"), SESSION_SECRET: secret }, dir);
    expect(config.sessionSecret.toString("utf8")).toBe(secret);
    expect(() => statSync(join(dir, "session-secret"))).toThrow();
  });
});

describe("the entry point", () => {
  it("refuses to start on a bad value and names the variable", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mkt-entry-"));
    try {
      // One process, tsx as a loader: its CLI runs the server in a child, and answers a SIGTERM
      // (a fixed spawn timeout's, once, on a loaded machine) with exit 143 instead of the server's own.
      const result = await runProcess(process.execPath, ["--import", "tsx", "server/index.ts"], {
        env: { ...process.env, PORT: "eighty", DATABASE_PATH: join(dir, "db.sqlite") },
      });
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr).toContain("Configuration error: PORT:");
      expect(() => statSync(join(dir, "db.sqlite"))).toThrow(); // stopped before touching the database
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
