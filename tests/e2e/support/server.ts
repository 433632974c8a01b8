// The reference server started in-process on a free loopback port with a fresh database, serving
// the built console (dist/, or the build given) and the API on one origin — exactly what `npm start` runs.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import bs58 from "bs58";
import { startServer, type RunningServer } from "../../../server/index.ts";
import { DEMO_WALLET_FILE } from "../../../server/demo-wallet.ts";
import { freePort } from "../../support/free-port.ts";
import { keyPairFromSeed } from "./test-wallet.ts";

export interface ConsoleServer {
  origin: string;
  server: RunningServer;
  close(): Promise<void>;
}

export interface ConsoleServerOptions {
  /** The admin wallets besides the demo wallet. */
  adminWallets?: string[];
  /** The built console to serve (dist/ by default). */
  staticDir?: string;
  /** A clock that stands still at this time (epoch ms): the seeded data's dates and every stamp the server writes. */
  now?: number;
  /** The demo wallet's key derived from this text rather than drawn (it is an admin user and the chain's authority). */
  demoWalletSeed?: string;
  /** SCREENING_LISTS: the screening list files (none: nothing screened). */
  screeningLists?: string;
}

export async function startConsoleServer(options: ConsoleServerOptions): Promise<ConsoleServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "console-server-"));
  if (options.demoWalletSeed !== undefined) writeDemoWallet(dataDir, options.demoWalletSeed);
  const fixedNow = options.now;
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await startServer(
    {
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_ORIGIN: origin,
      ...(options.adminWallets && { ADMIN_WALLETS: options.adminWallets.join(",") }),
      ...(options.staticDir && { STATIC_DIR: options.staticDir }),
      ...(options.screeningLists && { SCREENING_LISTS: options.screeningLists }),
      DATABASE_PATH: join(dataDir, "marketplace.sqlite"),
      LOG_LEVEL: "warn",
    },
    { ...(fixedNow !== undefined && { now: () => fixedNow }) },
  );
  return {
    origin,
    server,
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The demo wallet's file (server/demo-wallet.ts), found there by the server rather than made. */
function writeDemoWallet(dataDir: string, seed: string) {
  const { privateKey, publicKey } = keyPairFromSeed(seed);
  const pub = Buffer.from(publicKey.export({ format: "jwk" }).x!, "base64url");
  const secret = Buffer.from(privateKey.export({ format: "jwk" }).d!, "base64url");
  const wallet = { publicKey: bs58.encode(pub), secretKey: bs58.encode(Buffer.concat([secret, pub])) };
  writeFileSync(join(dataDir, DEMO_WALLET_FILE), JSON.stringify(wallet), { mode: 0o600 });
}
