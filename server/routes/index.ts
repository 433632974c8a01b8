// The resource calls of SPEC §7 (users, tokens, products, shops, orders, audit). The app registers
// this plugin under /api/v1 behind the admin guard, so every handler here may assume an admin.
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type SQLite from "better-sqlite3";
import type { Database } from "../db/schema.ts";

/** The part of the app context these routes use (the full AppContext lives in server/context.ts). */
export interface ResourceContext {
  db: Kysely<Database>;
  sqlite: SQLite.Database;
  now(): Date;
}

export async function resourceRoutes(_app: FastifyInstance, _opts: { ctx: ResourceContext }): Promise<void> {
  // Routes are added by the resources issue; the signature is fixed so the app can register it now.
}
