// node --import tsx scripts/smoke-start.ts
// What a new user does after `npm install && npm start`, on the Node that runs this script (CI runs it
// on each supported Node line, docs/node-versions.md): start scripts/start.ts (npm start: the console
// build when stale, then the server) on a fresh data folder and a free port, wait until it is ready,
// open the login page, sign in with the demo wallet (nonce, signature, verify), and resolve one of the
// seeded disputes, paid out on the in-process chain. Prints each step; exits 1 on the first that fails.
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { signInAt, walletFromSecret, type TestClient } from "../tests/support/api-client.ts";
import { freePort } from "../tests/support/free-port.ts";
import { onCleanUp, runWithCleanUp, tempDir } from "./support/clean-up.ts";

/** How long the start may take: a console build on a cold machine, migrations, the seed, the chain. */
const READY_WITHIN_MS = 180_000;

const step = (text: string) => console.log(`smoke: ${text}`);

async function main(): Promise<void> {
  const dataDir = tempDir("smoke-start-");
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  step(`Node ${process.version}; npm start's server on ${origin}, data folder ${dataDir}`);
  const server = startServer(port, join(dataDir, "marketplace.sqlite"));
  const started = Date.now();
  await ready(server, origin);
  step(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s (${server.seeded || "no seeding reported"})`);

  const page = await fetch(origin + "/login");
  const html = await page.text();
  if (page.status !== 200 || !html.includes('<div id="root">')) throw new Error(`the login page: ${page.status}, not the console's page`);
  step("the login page is the console's (GET /login 200)");

  const handed = await fetch(`${origin}/api/v1/demo/wallet`);
  if (handed.status !== 200) throw new Error(`GET /api/v1/demo/wallet: ${handed.status} ${await handed.text()}`);
  const wallet = walletFromSecret(((await handed.json()) as { data: { secretKey: string } }).data.secretKey);
  const api = await signInAt(origin, wallet);
  step(`signed in with the demo wallet ${wallet.publicKey}`);

  const { id, settled } = await resolveOneDispute(api);
  step(
    `resolved disputed order ${id}: ${settled.order.status}, payout ${settled.order.settlementStatus} (${settled.transactionSignature})`,
  );

  const exit = await stop(server.child);
  if (exit !== 0) throw new Error(`the server exited ${exit} on SIGTERM:\n${server.output()}`);
  step("stopped on SIGTERM, exit 0");
}

interface Started {
  child: ChildProcess;
  /** The seeder's line ("Seeded 400 users and 2000 orders."), once printed. */
  seeded: string;
  output(): string;
}

function startServer(port: number, databasePath: string): Started {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      DATABASE_PATH: databasePath,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  onCleanUp(() => stop(child).then(() => undefined));
  let output = "";
  const started: Started = { child, seeded: "", output: () => output };
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    started.seeded ||= /^Seeded .*$/m.exec(output)?.[0] ?? "";
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  return started;
}

/** Waits for GET /readyz to answer 200 (database and chain up); fails if the server exits first. */
async function ready(server: Started, origin: string): Promise<void> {
  const deadline = Date.now() + READY_WITHIN_MS;
  for (;;) {
    const { exitCode, signalCode } = server.child;
    if (exitCode !== null || signalCode !== null)
      throw new Error(`the server exited (${exitCode ?? signalCode}) before it was ready:\n${server.output()}`);
    const status = await fetch(origin + "/readyz").then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline)
      throw new Error(`not ready within ${READY_WITHIN_MS / 1000} s (last /readyz: ${status || "no answer"}):\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

interface Settled {
  transactionSignature: string;
  order: { status: string; settlementStatus: string };
}

/** Refunds the buyer of the first seeded dispute whose escrow was funded at start. */
async function resolveOneDispute(api: TestClient): Promise<{ id: string; settled: Settled }> {
  const listed = await api.get("/admin/orders?filter=in_dispute");
  if (listed.status !== 200) throw new Error(`GET /admin/orders?filter=in_dispute: ${listed.status} ${listed.text}`);
  const items = listed.body.data.items as { id: string; escrowPDA?: string | null }[];
  const order = items.find((o) => o.escrowPDA);
  if (!order) throw new Error(`no seeded dispute with a funded escrow among ${items.length} on the first page`);
  const res = await api.post(`/admin/orders/${order.id}/resolve-dispute`, {
    resolution: "REFUND_BUYER",
    adminNotes: "Smoke test: refunded",
  });
  const settled = res.body?.data as Settled | undefined;
  if (res.status !== 200 || settled?.order.status !== "REFUNDED" || settled.order.settlementStatus !== "CONFIRMED") {
    throw new Error(`POST /admin/orders/${order.id}/resolve-dispute: ${res.status} ${res.text}`);
  }
  return { id: order.id, settled };
}

/** SIGTERM, then SIGKILL after 30 s; the exit code (null when killed). Safe to call twice. */
async function stop(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  const code = await exited;
  clearTimeout(timer);
  return code;
}

runWithCleanUp(main, "the server");
