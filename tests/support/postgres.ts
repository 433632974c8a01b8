// A throw-away PostgreSQL cluster for tests and benchmarks: initdb into a temp folder, pg_ctl on a
// free port, fsync off (nothing here must survive a crash), trust authentication on 127.0.0.1 only.
// Debian's `postgresql` package provides the programs (.ci/run installs it); initdb refuses to run as
// root, so as root the cluster runs as the `postgres` user the package creates.
import { execFileSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./free-port.ts";
import { scaled, STARTUP_MS } from "./wait.ts";

export interface Cluster {
  /** A superuser URL to the `postgres` database. */
  url: string;
  /** The URL of another database of this cluster. */
  urlOf(database: string): string;
  /** Stops the server as an operator's restart does (fast: sessions are ended), keeping its data. */
  pause(): void;
  /** Starts a paused server again, on the same port. */
  resume(): void;
  stop(): void;
}

/** The folder holding initdb and pg_ctl (on PATH, or Debian's versioned folder); null when absent. */
export function postgresBin(): string | null {
  for (const dir of (process.env.PATH ?? "").split(":")) {
    if (dir && existsSync(join(dir, "initdb")) && existsSync(join(dir, "pg_ctl"))) return dir;
  }
  const debian = "/usr/lib/postgresql";
  if (!existsSync(debian)) return null;
  const versions = readdirSync(debian)
    .filter((v) => existsSync(join(debian, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(debian, versions[0], "bin") : null;
}

const asRoot = () => process.getuid?.() === 0;

/** Runs a PostgreSQL program, as the `postgres` user when this process is root. */
function run(bin: string, program: string, args: string[]): void {
  const path = join(bin, program);
  if (asRoot()) execFileSync("runuser", ["-u", "postgres", "--", path, ...args], { stdio: "pipe" });
  else execFileSync(path, args, { stdio: "pipe" });
}

export async function startCluster(): Promise<Cluster> {
  const bin = postgresBin();
  if (!bin) throw new Error("No PostgreSQL found (initdb, pg_ctl): install Debian's postgresql package");
  const dir = mkdtempSync(join(tmpdir(), "mkt-pg-"));
  if (asRoot()) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const data = join(dir, "data");
  run(bin, "initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--no-locale", "--no-sync"]);
  const port = await freePort();
  const settings = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-c unix_socket_directories=${dir}`,
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=300",
  ].join(" ");
  // pg_ctl waits 60 s at most unless told: a loaded machine's start-up deadline instead (wait.ts).
  const waiting = () => ["-w", "-t", String(Math.ceil(scaled(STARTUP_MS) / 1000))];
  const start = () => run(bin, "pg_ctl", ["-D", data, "-o", settings, "-l", join(dir, "log"), ...waiting(), "start"]);
  start();
  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    url: urlOf("postgres"),
    urlOf,
    pause: () => run(bin, "pg_ctl", ["-D", data, "-m", "fast", ...waiting(), "stop"]),
    resume: start,
    stop() {
      try {
        run(bin, "pg_ctl", ["-D", data, "-m", "immediate", ...waiting(), "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
