// The set-up every screen's browser test starts from: the reference server with a fresh seeded
// database, a browser, and a desktop page already signed in as the given admin wallet.
import { afterAll, beforeAll } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "./browser.ts";
import { startConsoleServer, type ConsoleServer, type ConsoleServerOptions } from "./server.ts";
import { openWithWallet, signIn, waitForRows } from "./screens.ts";
import type { Selectable } from "kysely";
import type { Db } from "../../../server/db/connection.ts";
import type { Database } from "../../../server/db/schema.ts";
import type { TestWallet } from "./test-wallet.ts";

export interface SignedInConsole {
  consoleServer: ConsoleServer;
  browser: Browser;
  page: Page;
}

export async function openSignedInConsole(admin: TestWallet, options: ConsoleServerOptions = {}): Promise<SignedInConsole> {
  const consoleServer = await startConsoleServer({ ...options, adminWallets: [admin.address] });
  const browser = await launchBrowser();
  const page = await openWithWallet(browser, admin);
  await signIn(page, consoleServer.origin, admin);
  return { consoleServer, browser, page };
}

/** Safe after a set-up that failed half-way. */
export async function closeConsole({ browser, consoleServer }: Partial<SignedInConsole>): Promise<void> {
  await browser?.close();
  await consoleServer?.close();
}

// The signed-in console of the test file that called signedInForThisFile, as live bindings: a
// worker's files share this module (vitest.e2e.config.ts, isolate) but run one after another, and each
// sets them in its own beforeAll.
export let browser: Browser;
export let consoleServer: ConsoleServer;
export let page: Page;
export const db = () => consoleServer.server.ctx.db;
/** The in-process chain the file's server settles on. */
export const chain = () => consoleServer.server.ctx.settlementBackend!;

/**
 * The server and a browser before the file's tests, closed after them, with no page signed in: for
 * files that sign in themselves (or not at all).
 */
export function consoleForThisFile(...admins: TestWallet[]): void {
  consoleWithOptionsForThisFile({ adminWallets: admins.map((admin) => admin.address) });
}

/** As consoleForThisFile, with the server started as `options` say (a fixed clock, a derived demo wallet). */
export function consoleWithOptionsForThisFile(options: ConsoleServerOptions): void {
  beforeAll(async () => {
    consoleServer = await startConsoleServer(options);
    browser = await launchBrowser();
  });
  afterAll(() => closeConsole({ browser, consoleServer }));
}

/** Opens the signed-in console before the file's tests and closes it after them (its server started as `options` say). */
export function signedInForThisFile(admin: TestWallet, options: ConsoleServerOptions = {}): void {
  beforeAll(async () => {
    ({ consoleServer, browser, page } = await openSignedInConsole(admin, options));
  });
  afterAll(() => closeConsole({ browser, consoleServer }));
}

/**
 * Opens a list screen of the file's console at `path` and waits for its heading and first row, then
 * for the network to go quiet: pictures that never load (no network here) fall back to placeholders.
 */
export async function openList(target: Page, path: string, heading: string): Promise<void> {
  await target.goto(`${consoleServer.origin}${path}`);
  await target.getByRole("heading", { name: heading, level: 1 }).waitFor();
  await waitForRows(target);
  await target.waitForLoadState("networkidle");
}

/** A record's columns as the file's server stored them, read straight from its database. */
export async function storedRow<T extends "products" | "users", C extends keyof Selectable<Database[T]>>(
  table: T,
  id: string,
  columns: C[],
): Promise<Pick<Selectable<Database[T]>, C>> {
  // Kysely cannot type a query on a table left as a type parameter: it is read as one of them, by id.
  const query = db()
    .selectFrom(table as "users")
    .selectAll()
    .where("id", "=", id);
  const stored = (await query.executeTakeFirstOrThrow()) as unknown as Selectable<Database[T]>;
  return Object.fromEntries(columns.map((column) => [column, stored[column]])) as Pick<Selectable<Database[T]>, C>;
}

/** The audit entry of `action` on the record `targetId`, read straight from the database (the file's server's unless given). */
export const auditEntryOf = (action: string, targetId: string, from: Db = db()) =>
  from.selectFrom("auditLog").selectAll().where("action", "=", action).where("targetId", "=", targetId).executeTakeFirstOrThrow();
