// The reference server started in-process on a free loopback port with a fresh database, serving
// the built console (dist/, or the build given) and the API on one origin — exactly what `npm start` runs.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer, type RunningServer } from "../../../server/index.ts";
import { freePort } from "../../support/free-port.ts";

export interface ConsoleServer {
  origin: string;
  server: RunningServer;
  close(): Promise<void>;
}

/** The admin wallets besides the demo wallet, and the built console to serve (dist/ by default). */
export async function startConsoleServer(options: { adminWallets?: string[]; staticDir?: string }): Promise<ConsoleServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "console-server-"));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await startServer({
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_ORIGIN: origin,
    ...(options.adminWallets && { ADMIN_WALLETS: options.adminWallets.join(",") }),
    ...(options.staticDir && { STATIC_DIR: options.staticDir }),
    DATABASE_PATH: join(dataDir, "marketplace.sqlite"),
    LOG_LEVEL: "warn",
  });
  return {
    origin,
    server,
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
